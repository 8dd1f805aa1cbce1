//! The hash of the globals at the end of `main`.

use super::statements::cast_from;
use super::*;

impl Gen {
    /// Values to hash for one global (arrays element by element, written
    /// straight into `out`: no loop, so that every loop of a program is
    /// one the generator meant, and a small unwinding bound reaches the
    /// end of `main`).
    pub(super) fn hash_global(&self, g: &Global, values: &mut Vec<String>, out: &mut String) {
        let mix = |out: &mut String, v: &str| {
            let _ = writeln!(out, "  h = (h << 7 | h >> 57) + (unsigned long long){v};");
        };
        match g {
            Global::Scalar { name, ty } => values.push(format!("({}){name}", cast_from(*ty))),
            Global::Array { name, len, .. } => {
                for k in 0..*len {
                    mix(out, &format!("{name}[{k}]"));
                }
            }
            Global::Matrix {
                name, rows, cols, ..
            } => {
                for k in 0..*rows {
                    for j in 0..*cols {
                        mix(out, &format!("{name}[{k}][{j}]"));
                    }
                }
            }
            Global::Object { name, composite } => self.hash_object(*composite, name, out),
            Global::ObjectArray {
                name,
                composite,
                len,
            } => {
                for k in 0..*len {
                    self.hash_object(*composite, &format!("{name}[{k}]"), out);
                }
            }
        }
    }

    pub(super) fn hash_object(&self, c: usize, prefix: &str, out: &mut String) {
        let comp = &self.composites[c];
        for f in &comp.fields {
            if f.name.is_empty() || (comp.is_union && f.name != "bytes") {
                continue;
            }
            match f.len {
                Some(len) => {
                    for k in 0..len {
                        let _ = writeln!(
                            out,
                            "  h = (h << 7 | h >> 57) + (unsigned long long){prefix}.{}[{k}];",
                            f.name
                        );
                    }
                }
                None => {
                    let _ = writeln!(
                        out,
                        "  h = (h << 7 | h >> 57) + (unsigned long long)({})({prefix}.{});",
                        f.ty.name(),
                        f.name
                    );
                }
            }
        }
    }
}
