//! Each case under `cases/lower` lowers without diagnostics; the snapshot is
//! what `lore show cfg` and `lore show loops` print for it.

mod common;
use common::{header, relative, run_lore};

#[test]
fn lowering_cases() {
    insta::glob!("../cases/lower", "*.[ci]", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file = relative(path);
        let flags: Vec<String> = header(&text, "lore")
            .iter()
            .flat_map(|f| f.split_whitespace().map(String::from).collect::<Vec<_>>())
            .collect();
        let mut args = vec!["show".to_string(), "cfg".to_string(), file.clone()];
        args.extend(flags.iter().cloned());
        let (code, cfg, err) = run_lore(&args);
        assert_eq!(code, 0, "{file}: lore show cfg failed:\n{err}");
        assert!(err.is_empty(), "{file}: unexpected diagnostics:\n{err}");
        let mut args = vec!["show".to_string(), "loops".to_string(), file.clone()];
        args.extend(flags);
        let (code, loops, err) = run_lore(&args);
        assert_eq!(code, 0, "{file}: lore show loops failed:\n{err}");
        insta::assert_snapshot!(format!("{cfg}// lore show loops\n{loops}"));
    });
}

#[test]
fn every_case_passes_the_ir_verifier() {
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/cases/lower")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let model = if header(&text, "lore").iter().any(|f| f.contains("--64")) {
            lore_frontend::types::DataModel::Lp64
        } else {
            lore_frontend::types::DataModel::Ilp32
        };
        let loaded = lore_frontend::load(
            &path,
            &lore_frontend::FrontendOptions {
                model,
                cpp_options: vec![],
            },
        );
        let program = loaded
            .program
            .unwrap_or_else(|| panic!("{}: {:?}", path.display(), loaded.diagnostics));
        assert_eq!(program.verify(), Ok(()), "{}", path.display());
    }
}

#[test]
fn show_cfg_of_one_function() {
    let file = relative(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cases/lower/calls_recursion.c"
    )));
    let (code, out, _) = run_lore(&[
        "show".into(),
        "cfg".into(),
        file.clone(),
        "--function".into(),
        "fact".into(),
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("int fact(int n)"), "{out}");
    assert!(!out.contains("int main"), "{out}");
    let (code, _, err) = run_lore(&[
        "show".into(),
        "cfg".into(),
        file,
        "--function".into(),
        "nope".into(),
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: no function named `nope`");
}
