//! The C string functions on concrete bytes, as symbolic execution models
//! them (`symex/strings.rs`): within the object a pointer names, with the
//! terminator (or the `n` bytes) inside it. Anything else stops the replay (symbolic execution
//! reports such paths as unsupported, so a replayed counterexample never
//! takes them).

use super::{Interpreter, Replay, Stop};
use crate::layout::ObjectId;
use lore_frontend::ir::{Function, Place, StringOp};

impl Interpreter<'_> {
    pub(super) fn string_op(
        &mut self,
        f: &Function,
        locals: &mut Vec<ObjectId>,
        op: StringOp,
        dest: Option<&Place>,
        args: &[u128],
    ) -> Result<(), Stop> {
        let result: Option<u128> = match op {
            StringOp::Length => Some(self.string_at(args[0])?.len() as u128),
            StringOp::Compare => {
                let a = self.string_at(args[0])?;
                let b = self.string_at(args[1])?;
                let first = a
                    .iter()
                    .chain(&[0])
                    .zip(b.iter().chain(&[0]))
                    .find(|(x, y)| x != y);
                Some(match first {
                    Some((&x, &y)) => (i32::from(x) - i32::from(y)) as u32 as u128,
                    None => 0,
                })
            }
            StringOp::CompareN | StringOp::MemCompare => {
                let memory = op == StringOp::MemCompare;
                let n = usize::try_from(args[2]).unwrap_or(usize::MAX);
                let (a, b) = (self.bytes_at(args[0])?, self.bytes_at(args[1])?);
                let mut diff = 0u128;
                let mut k = 0;
                while k < n {
                    let (Some(&x), Some(&y)) = (a.get(k), b.get(k)) else {
                        return Err(Replay::Stuck(format!(
                            "{} past the end of an object",
                            op.name()
                        )));
                    };
                    if x != y {
                        diff = (i32::from(x) - i32::from(y)) as u32 as u128;
                        break;
                    }
                    if x == 0 && !memory {
                        break;
                    }
                    k += 1;
                }
                // memcmp reads all n bytes, whatever decided.
                if memory && (a.len() < n || b.len() < n) {
                    return Err(Replay::Stuck("memcmp past the end of an object".into()));
                }
                Some(diff)
            }
            StringOp::Find | StringOp::FindLast | StringOp::MemFind => {
                let c = args[1] as u8;
                let bytes = self.bytes_at(args[0])?;
                let found = match op {
                    StringOp::MemFind => {
                        let n = usize::try_from(args[2]).unwrap_or(usize::MAX);
                        match bytes.iter().take(n).position(|&b| b == c) {
                            Some(k) => Some(k),
                            None if bytes.len() >= n => None,
                            None => {
                                return Err(Replay::Stuck(
                                    "memchr past the end of an object".into(),
                                ))
                            }
                        }
                    }
                    _ => {
                        let Some(end) = bytes.iter().position(|&b| b == 0) else {
                            return Err(Replay::Stuck(
                                "a string not terminated inside its object".into(),
                            ));
                        };
                        let string = &bytes[..=end];
                        if op == StringOp::Find {
                            string.iter().position(|&b| b == c)
                        } else {
                            string.iter().rposition(|&b| b == c)
                        }
                    }
                };
                let m = crate::interp::mask(self.pointer_bits());
                Some(found.map_or(0, |k| args[0].wrapping_add(k as u128) & m))
            }
            StringOp::Copy => {
                let mut bytes = self.string_at(args[1])?;
                bytes.push(0);
                let (id, off) = self.split_pointer(args[0]);
                let Some(target) = self
                    .memory
                    .get_mut(&id)
                    .filter(|m| id != ObjectId::NULL && off + bytes.len() <= m.len())
                else {
                    return Err(Replay::Stuck(
                        "strcpy past the end of its destination".into(),
                    ));
                };
                target[off..off + bytes.len()].copy_from_slice(&bytes);
                None
            }
        };
        if let (Some(d), Some(v)) = (dest, result) {
            let ty = self.program.place_type(f, d);
            let bytes = self.to_bytes(v, ty);
            self.store(f, locals, d, &bytes)?;
        }
        Ok(())
    }

    /// The bytes from `p` to the end of the object it names.
    fn bytes_at(&self, p: u128) -> Result<&[u8], Stop> {
        let (id, off) = self.split_pointer(p);
        self.memory
            .get(&id)
            .filter(|m| id != ObjectId::NULL && off < m.len())
            .map(|m| &m[off..])
            .ok_or_else(|| Replay::Stuck("a string function on a pointer to no object".into()))
    }

    /// The bytes of the string at `p`, without its terminator.
    fn string_at(&self, p: u128) -> Result<Vec<u8>, Stop> {
        let (id, off) = self.split_pointer(p);
        let object = self
            .memory
            .get(&id)
            .filter(|m| id != ObjectId::NULL && off < m.len())
            .ok_or_else(|| Replay::Stuck("a string function on a pointer to no object".into()))?;
        match object[off..].iter().position(|&b| b == 0) {
            Some(n) => Ok(object[off..off + n].to_vec()),
            None => Err(Replay::Stuck(format!(
                "a string not terminated inside its object ({} bytes from the pointer)",
                object.len() - off
            ))),
        }
    }
}
