use lore_frontend::ir::PropertyKind;
fn main() {
    let root = std::env::args().nth(1).unwrap();
    let unwind: u32 = std::env::args().nth(2).map_or(10, |s| s.parse().unwrap());
    let index = std::fs::read_to_string(format!("{root}/index.csv")).unwrap();
    let only = std::env::args().nth(3);
    for line in index.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if only.as_deref().is_some_and(|o| o != f[0]) { continue; }
        let (task, input, expected) = (f[0], f[2], f[4]);
        let path = format!("{root}/{input}");
        let start = std::time::Instant::now();
        let loaded = lore_frontend::load(std::path::Path::new(&path), &Default::default());
        let Some(program) = loaded.program else { println!("{task} {expected} LOADFAIL"); continue };
        let mut o = lore_bmc::symex::SymexOptions::default();
        o.unwind = unwind;
        o.unwinding_assertions = true;
        o.check_kinds = vec![PropertyKind::ReachError];
        let handle = std::thread::Builder::new().stack_size(256 << 20).spawn(move || {
            let r = lore_bmc::verify::verify(&program, &o).unwrap();
            (r.verdict, r.encoding.clauses)
        }).unwrap();
        let (v, clauses) = handle.join().unwrap();
        let got = match &v { lore_bmc::check::Verdict::True => "true".to_string(), lore_bmc::check::Verdict::False(_) => "false".to_string(), lore_bmc::check::Verdict::Unknown(w) => format!("unknown ({w})") };
        let mark = if got == expected { "ok" } else if got.starts_with("unknown") { "-" } else { "WRONG" };
        println!("{mark:5} {task:50} expected {expected:5} got {got} [{:.2}s, {clauses} clauses]", start.elapsed().as_secs_f64());
    }
}
