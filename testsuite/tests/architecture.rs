//! The crates depend on each other in one direction only (ARCHITECTURE.md).

fn dependencies(krate: &str) -> Vec<String> {
    let manifest = std::fs::read_to_string(format!(
        "{}/../{krate}/Cargo.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps {
            if let Some((name, _)) = line.split_once(['=', '.']) {
                out.push(name.trim().to_string());
            }
        }
    }
    out
}

#[test]
fn the_front_end_knows_nothing_of_sat_or_learning() {
    let deps = dependencies("frontend");
    for forbidden in ["varisat", "lore-bmc", "lore-learner", "miette"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "frontend depends on {forbidden}"
        );
    }
}

#[test]
fn the_learner_knows_nothing_of_c_or_the_model_checker() {
    // It may use a SAT solver for its own search (the smallest consistent DFA).
    let deps = dependencies("learner");
    for forbidden in ["lore-frontend", "lore-bmc", "lang-c", "miette"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "learner depends on {forbidden}"
        );
    }
}

#[test]
fn the_bmc_knows_nothing_of_learning() {
    let deps = dependencies("bmc");
    for forbidden in ["lore-learner", "miette"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "bmc depends on {forbidden}"
        );
    }
}
