//! Each case under `cases/verify` states its options (`// lore: --unwind k
//! [--unwinding-assertions]`) and the expected verdict (`// expect: TRUE`,
//! `FALSE` or `UNKNOWN`); the bounded model checker must agree, with each
//! SAT solver.

mod common;
use common::header;
use lore_bmc::check::Verdict;
use lore_bmc::symex::SymexOptions;
use lore_bmc::verify::verify;

fn options(flags: &[String]) -> SymexOptions {
    let mut o = SymexOptions::default();
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        match f.as_str() {
            "--unwind" => o.unwind = it.next().expect("a bound").parse().expect("a number"),
            "--unwinding-assertions" => o.unwinding_assertions = true,
            "--bounds-check" => o.bounds_check = true,
            "--pointer-check" => o.pointer_check = true,
            "--div-by-zero-check" => o.div_by_zero_check = true,
            "--signed-overflow-check" => o.signed_overflow_check = true,
            "--undefined-shift-check" => o.undefined_shift_check = true,
            other => panic!("unknown option {other}"),
        }
    }
    o
}

#[test]
fn verification_cases() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cases/verify");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let flags: Vec<String> = header(&text, "lore")
            .iter()
            .flat_map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        let expected = header(&text, "expect")
            .first()
            .cloned()
            .expect("an expect: line");
        let loaded = lore_frontend::load(path, &lore_frontend::FrontendOptions::default());
        let program = loaded
            .program
            .unwrap_or_else(|| panic!("{}: {:?}", path.display(), loaded.diagnostics));
        for solver in lore_bmc::solver::SolverKind::ALL {
            let options = SymexOptions {
                solver,
                ..options(&flags)
            };
            let verdict = verify(&program, &options).unwrap().verdict;
            let got = match &verdict {
                Verdict::True => "TRUE",
                Verdict::False(_) => "FALSE",
                Verdict::Unknown(_) => "UNKNOWN",
            };
            if got != expected {
                failures.push(format!(
                    "{} ({}): expected {expected}, got {verdict:?}",
                    path.file_name().unwrap().to_string_lossy(),
                    solver.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
