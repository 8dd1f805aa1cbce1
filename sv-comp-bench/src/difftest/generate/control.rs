//! Control flow beyond structured loops, where a verifier must count
//! unwinding as CBMC does (docs/unwinding.md): a `goto` into the middle of a
//! `while` or `do … while` body, Duff's device (a `switch` case inside a
//! `do … while`), a loop made of a backward `goto`, a `goto` out of one loop
//! into another's body, two `goto` loops sharing one label. Every loop's
//! counter is declared before any jump (so no jump skips an initialiser)
//! and goes up on every pass, so runs end; the code a jump skips declares
//! nothing the code after the label uses.

use super::*;

impl Gen {
    /// One of the shapes, as a block of its own.
    pub(super) fn control_shape(&mut self, out: &mut String, indent: usize, scope: &mut Scope) {
        let pad = " ".repeat(indent);
        self.depth_budget -= 1;
        let i = self.fresh("g");
        let label = self.fresh("L");
        let (bound, bound_max) = self.small_bound();
        let entry = self.entry_condition();
        let _ = writeln!(out, "{pad}{{");
        let _ = writeln!(out, "{pad}  int {i} = 0;");
        let inner_pad = indent + 4;
        // Code before the label (skipped on entry by the jump) and after it.
        let mut before = scope.clone();
        let mut after = scope.clone();
        after.counters.push((i.clone(), bound_max + 1));
        match self.rng.below(6) {
            0 => {
                self.features.insert("goto into a while body");
                let _ = writeln!(out, "{pad}  if ({entry}) goto {label};");
                let _ = writeln!(out, "{pad}  while ({i} < {bound}) {{");
                self.block(out, inner_pad, &mut before, 1);
                let _ = writeln!(out, "{pad}  {label}:");
                let _ = writeln!(out, "{pad}    {i}++;");
                self.block(out, inner_pad, &mut after, 1);
                let _ = writeln!(out, "{pad}  }}");
            }
            1 => {
                self.features.insert("goto into a do-while body");
                let _ = writeln!(out, "{pad}  if ({entry}) goto {label};");
                let _ = writeln!(out, "{pad}  do {{");
                self.block(out, inner_pad, &mut before, 1);
                let _ = writeln!(out, "{pad}  {label}:");
                let _ = writeln!(out, "{pad}    {i}++;");
                self.block(out, inner_pad, &mut after, 1);
                let _ = writeln!(out, "{pad}  }} while ({i} < {bound});");
            }
            2 => {
                self.features.insert("Duff's device");
                let _ = writeln!(out, "{pad}  switch ({entry}) {{");
                let _ = writeln!(out, "{pad}  case 0:");
                let _ = writeln!(out, "{pad}    do {{");
                self.block(out, inner_pad + 2, &mut before, 1);
                let _ = writeln!(out, "{pad}  default:");
                let _ = writeln!(out, "{pad}      {i}++;");
                self.block(out, inner_pad + 2, &mut after, 1);
                let _ = writeln!(out, "{pad}    }} while ({i} < {bound});");
                let _ = writeln!(out, "{pad}  }}");
            }
            3 => {
                self.features.insert("backward goto loop");
                let _ = writeln!(out, "{pad}{label}:");
                let _ = writeln!(out, "{pad}  {i}++;");
                self.block(out, indent + 2, &mut after, 1);
                let _ = writeln!(out, "{pad}  if ({i} < {bound}) goto {label};");
            }
            4 => {
                self.features.insert("goto from one loop into another");
                let j = self.fresh("g");
                let (bound2, _) = self.small_bound();
                let _ = writeln!(out, "{pad}  int {j} = 0;");
                let _ = writeln!(out, "{pad}  while ({i} < {bound}) {{");
                let _ = writeln!(out, "{pad}    {i}++;");
                self.block(out, inner_pad, &mut after, 1);
                let _ = writeln!(out, "{pad}    if ({entry}) goto {label};");
                let _ = writeln!(out, "{pad}  }}");
                let _ = writeln!(out, "{pad}  while ({j} < {bound2}) {{");
                self.block(out, inner_pad, &mut before, 1);
                let _ = writeln!(out, "{pad}  {label}:");
                let _ = writeln!(out, "{pad}    {j}++;");
                let _ = writeln!(out, "{pad}  }}");
            }
            _ => {
                self.features.insert("goto loops sharing a label");
                let j = self.fresh("g");
                let (bound2, _) = self.small_bound();
                let _ = writeln!(out, "{pad}  int {j} = 0;");
                let _ = writeln!(out, "{pad}{label}:");
                let _ = writeln!(out, "{pad}  {i}++;");
                self.block(out, indent + 2, &mut after, 1);
                let _ = writeln!(out, "{pad}  if ({i} < {bound}) goto {label};");
                let _ = writeln!(out, "{pad}  {j}++;");
                let _ = writeln!(out, "{pad}  {i} = 0;");
                let _ = writeln!(out, "{pad}  if ({j} < {bound2}) goto {label};");
            }
        }
        let _ = writeln!(out, "{pad}}}");
        self.features.insert("irregular control flow");
        self.depth_budget += 1;
    }

    /// A loop bound of 1 to 4 passes: a constant, or from an input; and
    /// its largest value.
    fn small_bound(&mut self) -> (String, u32) {
        if !self.inputs.is_empty() && self.rng.chance(50) {
            let k = self.rng.below(self.inputs.len() as u64);
            (format!("((in{k} & 3) + 1)"), 4)
        } else {
            let b = self.rng.range(1, 4) as u32;
            (format!("{b}"), b)
        }
    }

    /// When a jump enters a loop: on an input (symbolic), or always or
    /// never (constant; CBMC's count then carries over between entries).
    fn entry_condition(&mut self) -> String {
        if !self.inputs.is_empty() && self.rng.chance(60) {
            let k = self.rng.below(self.inputs.len() as u64);
            format!("(in{k} & 1)")
        } else {
            self.rng.pick(&["0", "1"]).to_string()
        }
    }
}
