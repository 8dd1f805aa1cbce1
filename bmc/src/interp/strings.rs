//! The C string functions on concrete bytes, as symbolic execution models
//! them (`symex/strings.rs`): within the object a pointer names, with the
//! terminator inside it. Anything else stops the replay (symbolic execution
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
