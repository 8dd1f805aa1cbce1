//! Bad input gets a diagnostic with file, line and span, and exit code 2.
//! Each case under `cases/errors` states `expect-exit` and `expect-code`; the
//! snapshot is the rendered diagnostic.

mod common;
use common::{header, relative, run_lore};

#[test]
fn malformed_inputs() {
    insta::glob!("../cases/errors", "*.c", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let file = relative(path);
        let (code, _, err) = run_lore(&["show".into(), "cfg".into(), file.clone()]);
        let expected_exit: u8 = header(&text, "expect-exit")[0].parse().unwrap();
        assert_eq!(code, expected_exit, "{file}:\n{err}");
        for expected_code in header(&text, "expect-code") {
            assert!(
                err.contains(&expected_code),
                "{file}: expected {expected_code} in:\n{err}"
            );
        }
        assert!(
            err.contains(&file),
            "{file}: the diagnostic names the file:\n{err}"
        );
        insta::assert_snapshot!(err);
    });
}

#[test]
fn missing_file_is_one_clear_line() {
    let (code, out, err) = run_lore(&["show".into(), "cfg".into(), "cases/no/such/file.c".into()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "error: cannot read cases/no/such/file.c: no such file\n"
    );
}

#[test]
fn unknown_option_is_a_usage_error() {
    let (code, _, err) = run_lore(&["show".into(), "cfg".into(), "--no-such-option".into()]);
    assert_eq!(code, 2);
    assert!(err.contains("--no-such-option"), "{err}");
}

#[test]
fn a_number_of_seconds_must_be_one() {
    // NaN, an infinity or a time no `Duration` holds is refused where it is
    // read, not turned into a panic later.
    for (option, value) in [
        ("--timeout", "nan"),
        ("--timeout", "1e300"),
        ("--shrink-time", "inf"),
        ("--search-time", "inf"),
    ] {
        let command = match option {
            "--timeout" => "verify",
            "--search-time" => "learn",
            _ => "agr",
        };
        let mut args: Vec<String> = vec![command.into(), option.into(), value.into()];
        args.extend(["cases/agr/password/m1.c", "cases/agr/password/m2.c"].map(String::from));
        if command == "agr" {
            args.push("cases/agr/password/password.prop".into());
        }
        let (code, _, err) = run_lore(&args);
        assert_eq!(code, 2, "{option} {value}: {err}");
        assert!(
            err.contains("is not a number of seconds"),
            "{option} {value}: {err}"
        );
    }
}
