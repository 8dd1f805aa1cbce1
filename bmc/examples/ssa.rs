fn main() {
    let path = std::env::args().nth(1).unwrap();
    let unwind: u32 = std::env::args().nth(2).map_or(1, |s| s.parse().unwrap());
    let loaded = lore_frontend::load(std::path::Path::new(&path), &Default::default());
    let program = loaded.program.unwrap();
    let mut o = lore_bmc::symex::SymexOptions::default();
    o.unwind = unwind;
    let s = lore_bmc::symex::execute(&program, &o).unwrap();
    let names: Vec<(String, String)> = s.checks.iter().map(|c| (c.name.clone(), c.description.clone())).collect();
    print!("{}", s.equation.render(&names, &program.sources));
    let (r, _) = lore_bmc::check::check_all(&s);
    for x in r { println!("{} {:?}", x.name, x.outcome); }
}
