//! A generator of client/server protocols in the style of the AGR paper's
//! evaluation, for `sv-comp-bench agr --protocols DIR`: M1 is a server, M2
//! is N clients served one after the other, and P says what each exchange
//! must look like. Each instance is a folder (m1.c, m2.c, p.prop) and a row
//! of the INSTANCES.tsv written beside them.
//!
//! Client i reads a value `c_i` from the environment (`in_i?`), sends it
//! as a request (`req_i`), receives the server's answer `a_i` (`ack_i`) and
//! reports it (`done_i!`). The server answers `r_i + 1`. P: for every
//! client, in this order, `in_i?`, `req_i`, `ack_i`, then the answer must
//! exceed the request (`[a_i > c_i]`, else error), then `done_i!`; a
//! `done_i!` before the answer, or a `ping_i!` during the exchange, is an
//! error. Once in error, every action stays there.
//!
//! The variants differ in the last client (the others are correct):
//! - `ok`: it sends only values below 255, as every client does (a value
//!   of 255 becomes 254; its `unsigned char` answer cannot wrap around) —
//!   M1 ‖ M2 satisfies P;
//! - `wide`: values are `unsigned short` and every client keeps the low
//!   byte of what it reads (`c % 256`): the answer (at most 256) cannot
//!   wrap around — correct by arithmetic, without a loop;
//! - `overflow`: it sends any value: 255 + 1 wraps to 0 (a semantic error,
//!   repaired by abduction: ψ = ¬(a_N ≤ c_N), the negation of the
//!   constraint P fails on, which is over M2's variables);
//! - `order`: it reports `done` before the answer arrives (a syntactic
//!   error: a wrong order of actions);
//! - `loop`: it may be impatient and ping the environment any number of
//!   times while it waits (one loop, infinitely many error traces, the
//!   paper's #22; the impatient branch ends at a `return` of its own, so
//!   the approximate method removes it and keeps the patient one, while
//!   the exact method removes one trace at a time and does not converge);
//! - `tail`: as `overflow`, and then it may log its answer
//!   (`if (nondet) log!`): the error runs through the branch not taken
//!   too, so a repair written inside the `if` would leave it;
//! - `rounds`: as `overflow`, and after its request it sends as many
//!   notes as the environment says, zero rounds included (a repair written
//!   inside the loop would leave the zero-round run);
//! - `flag-if` and `flag-expr`: every client sends values below 255, and
//!   the server flags a request of the last client of 200 or more
//!   (`if (r >= 200) big = 1;` against `big = r >= 200;`); P calls a
//!   flagged exchange an error. The same M1 written two ways: both must be
//!   repaired by the same threshold on M2's value (ψ = c < 200);
//! - `alone`: the server may give up at once, reporting `oops!` (an error
//!   of P) and ending; the clients may have nothing to send and end at
//!   once. M1 violates P with an M2 that does nothing, and Lore must say
//!   so ("M1 alone violates P") rather than repair M2. (A server answering
//!   wrongly is no such case: with an M2 that does nothing it never gets
//!   a request, so it never ends; removing every run of M2 that sends is
//!   then the repair, and Lore names it as leaving no complete run.)

use std::fmt::Write;
use std::path::Path;

pub const VARIANTS: [&str; 10] = [
    "ok",
    "wide",
    "overflow",
    "order",
    "loop",
    "tail",
    "rounds",
    "flag-if",
    "flag-expr",
    "alone",
];

/// What AGR must answer for a variant, and a text its repair must show.
fn expected(variant: &str, last: usize) -> (&'static str, String) {
    match variant {
        "ok" | "wide" => ("holds", "-".into()),
        "overflow" | "tail" | "rounds" => ("repaired", format!("psi = !(a{last} <= c{last})")),
        "flag-if" | "flag-expr" => ("repaired", format!("psi = c{last} < 200")),
        "alone" => ("M1 alone", "-".into()),
        _ => ("repaired", "approximate method".into()),
    }
}

/// The C type of the values exchanged: wide enough for the answer in
/// the `wide` variant.
fn value_type(variant: &str) -> &'static str {
    if variant == "wide" {
        "unsigned short"
    } else {
        "unsigned char"
    }
}

fn server(n: usize, variant: &str) -> String {
    let ty = value_type(variant);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// lore agr protocol ({variant}, {n} clients), M1: a server that answers\n\
         // each client's request with the request plus one.\n\
         #include <lore_agr.h>\n"
    );
    let vars: Vec<String> = (1..=n).map(|i| format!("r{i}")).collect();
    let _ = writeln!(s, "{ty} {};", vars.join(", "));
    if variant.starts_with("flag") {
        let _ = writeln!(s, "int big;");
    }
    let _ = writeln!(s, "\nint main(void) {{");
    if variant == "alone" {
        let _ = writeln!(
            s,
            "  if (__VERIFIER_nondet_int()) {{\n    chan_send(oops, 0);\n    return 1;\n  }}"
        );
    }
    for i in 1..=n {
        let _ = writeln!(s, "  r{i} = chan_recv(req{i});");
        match (i == n, variant) {
            (true, "flag-if") => {
                let _ = writeln!(s, "  if (r{i} >= 200)\n    big = 1;");
            }
            (true, "flag-expr") => {
                let _ = writeln!(s, "  big = r{i} >= 200;");
            }
            _ => {}
        }
        let _ = writeln!(s, "  r{i} = r{i} + 1;\n  chan_send(ack{i}, r{i});");
    }
    s.push_str("  return 0;\n}\n");
    s
}

fn clients(n: usize, variant: &str) -> String {
    let ty = value_type(variant);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// lore agr protocol ({variant}, {n} clients), M2: the clients, served one\n\
         // after the other; client {n} is the one the variant changes.\n\
         #include <lore_agr.h>\n"
    );
    let vars: Vec<String> = (1..=n)
        .flat_map(|i| [format!("c{i}"), format!("a{i}")])
        .collect();
    let _ = writeln!(s, "{ty} {};", vars.join(", "));
    if variant == "rounds" {
        let _ = writeln!(s, "int j, k;");
    }
    let _ = writeln!(s, "\nint main(void) {{");
    if variant == "alone" {
        let _ = writeln!(
            s,
            "  if (__VERIFIER_nondet_int())\n    return 0; /* nothing to send */"
        );
    }
    for i in 1..=n {
        let last = i == n;
        // Every client but a changed last one sends values below 255 only.
        let _ = writeln!(s, "  c{i} = chan_recv(in{i});");
        match (last, variant) {
            (true, "overflow" | "tail" | "rounds") => {}
            (_, "wide") => {
                let _ = writeln!(s, "  c{i} = c{i} % 256;");
            }
            _ => {
                let _ = writeln!(s, "  if (c{i} >= 255)\n    c{i} = 254;");
            }
        }
        let _ = writeln!(s, "  chan_send(req{i}, c{i});");
        match (last, variant) {
            (true, "order") => {
                let _ = writeln!(
                    s,
                    "  chan_send(done{i}, c{i});\n  a{i} = chan_recv(ack{i});"
                );
            }
            (true, "tail") => {
                let _ = writeln!(
                    s,
                    "  a{i} = chan_recv(ack{i});\n  if (__VERIFIER_nondet_int())\n    chan_send(log{i}, a{i});\n  chan_send(done{i}, a{i});"
                );
            }
            (true, "rounds") => {
                let _ = writeln!(
                    s,
                    "  a{i} = chan_recv(ack{i});\n  k = chan_recv(count{i});\n  for (j = 0; j < k; j++)\n    chan_send(note{i}, j);\n  chan_send(done{i}, a{i});"
                );
            }
            (true, "loop") => {
                let _ = writeln!(
                    s,
                    "  if (__VERIFIER_nondet_int()) {{\n    /* impatient: it pings while it waits */\n    do\n      chan_send(ping{i}, 0);\n    while (__VERIFIER_nondet_int());\n    a{i} = chan_recv(ack{i});\n    chan_send(done{i}, a{i});\n    return 1;\n  }}\n  a{i} = chan_recv(ack{i});\n  chan_send(done{i}, a{i});"
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "  a{i} = chan_recv(ack{i});\n  chan_send(done{i}, a{i});"
                );
            }
        }
    }
    s.push_str("  return 0;\n}\n");
    s
}

fn property(n: usize, variant: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# lore agr protocol ({variant}, {n} clients), P: each client in turn reads,\n\
         # requests, gets an answer larger than its request, and reports it;\n\
         # reporting before the answer, or pinging while it waits, is an error.\n\
         initial q1_0\nerror e"
    );
    if variant == "alone" {
        let _ = writeln!(s, "q1_0 oops! e\ne oops! e");
    }
    for i in 1..=n {
        let next = if i == n {
            "end".to_string()
        } else {
            format!("q{}_0", i + 1)
        };
        let _ = writeln!(
            s,
            "q{i}_0 in{i}? q{i}_1\n\
             q{i}_1 req{i} q{i}_2\n\
             q{i}_2 done{i}! e\n\
             q{i}_2 ack{i} q{i}_3\n\
             q{i}_3 [a{i} <= c{i}] e\n\
             q{i}_3 [a{i} > c{i}] q{i}_4\n\
             q{i}_4 done{i}! {next}"
        );
        if i == n && variant.starts_with("flag") {
            let _ = writeln!(s, "q{i}_4 [big != 0] e");
        }
        if pings(n, variant, i) {
            let _ = writeln!(s, "q{i}_2 ping{i}! e");
        }
    }
    for i in 1..=n {
        for action in [
            format!("in{i}?"),
            format!("req{i}"),
            format!("ack{i}"),
            format!("done{i}!"),
        ] {
            let _ = writeln!(s, "e {action} e");
        }
        if pings(n, variant, i) {
            let _ = writeln!(s, "e ping{i}! e");
        }
    }
    s
}

/// Whether client i may ping (only the last client of `loop` does; P
/// names only channels the programs use).
fn pings(n: usize, variant: &str, i: usize) -> bool {
    variant == "loop" && i == n
}

/// Writes every variant for every number of clients into `dir` with its
/// INSTANCES.tsv; returns how many instances.
pub fn generate(dir: &Path, clients_counts: &[usize]) -> Result<usize, String> {
    let mut manifest = String::from(
        "# lore agr protocols, generated by sv-comp-bench agr --protocols\n\
         folder\tm1\tm2\tproperty\texpected\trepair\n",
    );
    let mut count = 0;
    for &n in clients_counts {
        for variant in VARIANTS {
            let name = format!("{variant}-{n}");
            let folder = dir.join(&name);
            std::fs::create_dir_all(&folder)
                .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
            for (file, text) in [
                ("m1.c", server(n, variant)),
                ("m2.c", clients(n, variant)),
                ("p.prop", property(n, variant)),
            ] {
                let path = folder.join(file);
                std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            let (answer, shows) = expected(variant, n);
            let _ = writeln!(manifest, "{name}\tm1.c\tm2.c\tp.prop\t{answer}\t{shows}");
            count += 1;
        }
    }
    let path = dir.join("INSTANCES.tsv");
    std::fs::write(&path, manifest).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(count)
}
