//! `lore show ssa` and `lore show cnf`: the equation and the CNF of a
//! program for a bound, with verify's options.

use crate::verify::BoundArgs;
use lore_bmc::symex::{CheckKind, SymexOptions};
use lore_frontend::ir::Program;

/// `lore show ssa`: the equation.
pub fn show_ssa(program: &Program, bound: &BoundArgs) -> Result<String, String> {
    let options = bound.options()?;
    let program = &bound.with_entry(program)?;
    ssa_text(program, &options)
}

/// The SSA equation of `program` at `options`' bound, each step followed by
/// `// file:line` where it has a place in the source.
pub fn ssa_text(program: &Program, options: &SymexOptions) -> Result<String, String> {
    let mut symex = lore_bmc::symex::execute(program, options).map_err(|e| e.to_string())?;
    let pointer_bits = program.model.pointer_bits();
    symex.equation.terms.name_addresses(
        pointer_bits,
        lore_bmc::symex::offset_bits(pointer_bits),
        symex.object_names.clone(),
        program.functions.iter().map(|f| f.name.clone()).collect(),
    );
    let names: Vec<(String, String)> = symex
        .checks
        .iter()
        .map(|c| (c.name.clone(), c.description.clone()))
        .collect();
    let mut out = symex.equation.render(&names, &program.sources);
    for c in &symex.checks {
        if let CheckKind::Unsupported { reason } = &c.kind {
            out.push_str(&format!("// unsupported on some path: {reason}\n"));
        }
    }
    Ok(out)
}

/// `lore show cnf`: statistics, or the formula in DIMACS.
///
/// The formula is the one `lore verify` gives its solver (the same encoding,
/// variables in the same order) with its first query as the last clause:
/// the disjunction of the checks' violations, so the DIMACS text is
/// satisfiable exactly when some check fails within the bounds (CBMC's
/// `--dimacs`). Comment lines map each check to its literal and each SSA
/// name in the formula to its bits' literals, least significant first
/// (`T`/`F` for a constant bit, `_` for a bit no clause mentions).
pub fn show_cnf(program: &Program, bound: &BoundArgs, dimacs: bool) -> Result<String, String> {
    use lore_bmc::solver::Lit;
    let options = bound.options()?;
    let program = bound.with_entry(program)?;
    let mut symex = lore_bmc::symex::execute(&program, &options).map_err(|e| e.to_string())?;
    if let Some(name) = &options.only_check {
        lore_bmc::verify::keep_only(&mut symex, name).map_err(|e| e.to_string())?;
    }
    let (mut blaster, lits) = lore_bmc::check::encode(&symex, lore_bmc::solver::Dimacs::new());
    let some_check_fails: Vec<Lit> = lits.iter().flatten().copied().collect();
    blaster.circuit.add_clause(&some_check_fails);
    let terms = &symex.equation.terms;
    if !dimacs {
        return Ok(format!(
            "terms: {}\nvariables: {}\nclauses: {}\ngates: {}\nchecks: {}\n",
            terms.len(),
            blaster.circuit.num_vars(),
            blaster.circuit.num_clauses(),
            blaster.circuit.gates(),
            lits.len()
        ));
    }
    // Literals as the DIMACS numbers them; `_` for a bit no clause
    // mentions (no check depends on it).
    let lit = |l: Lit| match l {
        Lit::TRUE => "T".to_string(),
        Lit::FALSE => "F".to_string(),
        l => match blaster.circuit.solver_lit(l) {
            Some(m) => m.dimacs().to_string(),
            None => "_".to_string(),
        },
    };
    let mut out = String::new();
    out.push_str("c Lore: satisfiable iff some check fails within the bounds\n");
    for (c, l) in symex.checks.iter().zip(&lits) {
        match l {
            Some(l) => out.push_str(&format!("c check {} fails if {}\n", c.name, lit(*l))),
            None => out.push_str(&format!("c check {} cannot fail\n", c.name)),
        }
    }
    out.push_str("c some check fails: the last clause\n");
    for symbol in 0..terms.symbols.len() as u32 {
        if let Some(bits) = blaster.bits(terms.symbol_term(symbol)) {
            let bits: Vec<String> = bits.iter().map(|&l| lit(l)).collect();
            out.push_str(&format!(
                "c {} {}\n",
                terms.symbols[symbol as usize].name,
                bits.join(" ")
            ));
        }
    }
    out.push_str(&blaster.circuit.solver().to_dimacs(&[]));
    Ok(out)
}
