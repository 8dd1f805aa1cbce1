//! `lore show ssa` and `lore show cnf`: the equation and the CNF of a
//! program for a bound, with verify's options.

use crate::verify::BoundArgs;
use lore_bmc::symex::CheckKind;
use lore_frontend::ir::Program;

/// `lore show ssa`: the equation.
pub fn show_ssa(program: &Program, bound: &BoundArgs) -> Result<String, String> {
    let options = bound.options()?;
    let program = &bound.with_entry(program)?;
    let mut symex = lore_bmc::symex::execute(program, &options).map_err(|e| e.to_string())?;
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
/// The DIMACS text is satisfiable exactly when some check fails within the
/// bounds (CBMC's `--dimacs`): the disjunction of the checks' violations is
/// asserted as the last unit clause. Comment lines map each check to its
/// literal and each SSA name to its bits' literals, least significant
/// first (`T`/`F` for a constant bit).
pub fn show_cnf(program: &Program, bound: &BoundArgs, dimacs: bool) -> Result<String, String> {
    use lore_bmc::solver::{Lit, SatSolver};
    let options = bound.options()?;
    let program = bound.with_entry(program)?;
    let mut symex = lore_bmc::symex::execute(&program, &options).map_err(|e| e.to_string())?;
    if let Some(name) = &options.only_check {
        lore_bmc::verify::keep_only(&mut symex, name).map_err(|e| e.to_string())?;
    }
    let terms = &mut symex.equation.terms;
    let mut any = lore_bmc::ssa::FALSE;
    for c in &symex.checks {
        any = terms.or(any, c.violated);
    }
    let mut blaster = lore_bmc::blast::Blaster::new(lore_bmc::solver::Dimacs::new());
    let goals: Vec<(String, Lit)> = symex
        .checks
        .iter()
        .map(|c| (c.name.clone(), blaster.blast(terms, c.violated)[0]))
        .collect();
    let some_check_fails = blaster.blast(terms, any)[0];
    if !dimacs {
        return Ok(format!(
            "terms: {}\nvariables: {}\nclauses: {}\ngates: {}\nchecks: {}\n",
            terms.len(),
            blaster.circuit.solver.num_vars(),
            blaster.circuit.solver.num_clauses(),
            blaster.circuit.gates(),
            goals.len()
        ));
    }
    let lit = |l: Lit| match l {
        Lit::TRUE => "T".to_string(),
        Lit::FALSE => "F".to_string(),
        l => l.dimacs().to_string(),
    };
    let mut names = Vec::new();
    for symbol in 0..terms.symbols.len() as u32 {
        let bits = blaster.blast(terms, terms.symbol_term(symbol));
        let bits: Vec<String> = bits.iter().map(|&l| lit(l)).collect();
        names.push(format!(
            "c {} {}\n",
            terms.symbols[symbol as usize].name,
            bits.join(" ")
        ));
    }
    let mut out = String::new();
    out.push_str("c Lore: satisfiable iff some check fails within the bounds\n");
    for (name, l) in &goals {
        out.push_str(&format!("c check {name} fails if {}\n", lit(*l)));
    }
    out.push_str(&format!(
        "c some check fails: {} (the last clause)\n",
        lit(some_check_fails)
    ));
    for line in names {
        out.push_str(&line);
    }
    out.push_str(&blaster.circuit.solver.to_dimacs(&[some_check_fails]));
    Ok(out)
}
