use lore_learner::{learn, Algorithm, LearnConfig};
use lore_learner::teacher::DfaTeacher;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let d = lore_learner::text::read_dfa(&std::fs::read_to_string(&args[1]).unwrap()).unwrap();
    let alg = Algorithm::from_name(&args[2]).unwrap();
    let mut t = DfaTeacher::new(d);
    let mut c = LearnConfig::new(alg); c.record_rounds = true;
    let l = learn(&mut t, &c);
    for r in &l.rounds { if std::env::var("FULL").is_ok() { println!("{}", r.table.clone().unwrap_or_default()); } let tab = r.table.clone().unwrap_or_default(); let lines = tab.lines().count(); println!("hyp {} states, cex {:?}, table lines {} first: {}", r.hypothesis.num_states(), r.counterexample, lines, tab.lines().next().unwrap_or("")); }
    println!("{:?}", l.stats);
}
