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

/// Every crate of the workspace, from its manifest.
fn members() -> Vec<String> {
    let manifest =
        std::fs::read_to_string(format!("{}/../Cargo.toml", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("a members line");
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn nothing_depends_on_the_command_line() {
    let members = members();
    assert!(members.len() >= 7, "members: {members:?}");
    for krate in &members {
        assert!(
            !dependencies(krate).iter().any(|d| d == "lore-cli"),
            "{krate} depends on lore-cli: the command line renders, it is no library"
        );
    }
}

#[test]
fn a_technique_sits_between_the_engines_and_the_command_line() {
    // The language of error (and every later technique) uses the front
    // end, the BMC and the learner, and nothing that prints.
    let deps = dependencies("language");
    for needed in ["lore-frontend", "lore-bmc", "lore-learner"] {
        assert!(deps.iter().any(|d| d == needed), "language lacks {needed}");
    }
    for forbidden in ["lore-cli", "miette", "clap"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "language depends on {forbidden}"
        );
    }
    // The BMC and the learner meet only in a technique.
    assert!(!dependencies("bmc").iter().any(|d| d == "lore-learner"));
    assert!(!dependencies("learner").iter().any(|d| d == "lore-bmc"));
}

#[test]
fn sigma_star_uses_the_engines_and_nothing_that_prints() {
    // The transducer technique has its own (symbolic) learner: it uses the
    // front end and the BMC, not the DFA learner or another technique.
    let deps = dependencies("transducer");
    for needed in ["lore-frontend", "lore-bmc"] {
        assert!(
            deps.iter().any(|d| d == needed),
            "transducer lacks {needed}"
        );
    }
    for forbidden in ["lore-cli", "lore-language", "miette", "clap"] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "transducer depends on {forbidden}"
        );
    }
}

#[test]
fn assume_guarantee_repair_uses_the_engines_and_no_other_technique() {
    // AGR composes C programs with Lore's front end, checks them with the
    // BMC and learns assumptions with the DFA learner; it prints nothing
    // and knows no other technique.
    let deps = dependencies("agr");
    for needed in ["lore-frontend", "lore-bmc", "lore-learner"] {
        assert!(deps.iter().any(|d| d == needed), "agr lacks {needed}");
    }
    for forbidden in [
        "lore-cli",
        "lore-language",
        "lore-transducer",
        "miette",
        "clap",
    ] {
        assert!(
            !deps.iter().any(|d| d == forbidden),
            "agr depends on {forbidden}"
        );
    }
}
