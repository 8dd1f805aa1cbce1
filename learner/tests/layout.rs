//! The layered layout: on automata of many shapes (chains, branches, back
//! edges, self-loops, long and multi-line labels), no text overlaps another
//! text or a state, no two states overlap, and everything is inside the
//! picture. The pictures are written to `target/layout/` to be looked at.

use lore_learner::layout::{geometry, to_svg, Edge, Graph, Ink, Node};

/// A deterministic pseudo-random sequence (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

const NAMES: [&str; 8] = [
    "f",
    "assert",
    "Non_Crossing_Biased_Climb",
    "alt_sep_test",
    "λ0 / '&' 'a' 'm' 'p' ';'",
    "x",
    "inspect_before",
    "Own_Below_Threat",
];

fn graph(seed: u64) -> Graph {
    let mut r = Lcg(seed);
    let n = 1 + r.next(14);
    let nodes = (0..n)
        .map(|i| Node {
            text: if r.next(4) == 0 {
                "D".into()
            } else {
                String::new()
            },
            accepting: i + 1 == n || r.next(6) == 0,
            ink: Ink::Plain,
            title: format!("q{i}"),
        })
        .collect();
    let mut edges: Vec<Edge> = Vec::new();
    let add = |from: usize, to: usize, label: String, edges: &mut Vec<Edge>| {
        if !edges.iter().any(|e| e.from == from && e.to == to) {
            edges.push(Edge {
                from,
                to,
                label,
                ink: Ink::Marked,
            });
        }
    };
    // A spine, so everything is reachable, then random edges.
    for i in 1..n {
        let from = r.next(i);
        let label = NAMES[r.next(NAMES.len())].to_string();
        add(from, i, label, &mut edges);
    }
    for _ in 0..r.next(2 * n + 1) {
        let (a, b) = (r.next(n), r.next(n));
        let mut label = NAMES[r.next(NAMES.len())].to_string();
        if r.next(3) == 0 {
            label = format!("{label},\n{}", NAMES[r.next(NAMES.len())]);
        }
        add(a, b, label, &mut edges);
    }
    Graph {
        nodes,
        edges,
        initial: 0,
        caption: Some(("Dominating edges: f, assert".into(), Ink::Marked)),
    }
}

fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5
}

fn circle_meets_box(c: (f64, f64), r: f64, b: (f64, f64, f64, f64)) -> bool {
    let nx = c.0.clamp(b.0, b.2);
    let ny = c.1.clamp(b.1, b.3);
    (nx - c.0).powi(2) + (ny - c.1).powi(2) < (r - 0.5).powi(2)
}

#[test]
fn texts_and_states_never_overlap_and_stay_inside() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/layout");
    let _ = std::fs::create_dir_all(&dir);
    let (mut down, mut across) = (0, 0);
    for seed in 0..200 {
        let g = graph(seed);
        let geo = geometry(&g);
        if geo.down {
            down += 1;
        } else {
            across += 1;
        }
        let r = geo.radius;
        let inside = |b: (f64, f64, f64, f64)| {
            b.0 >= 0.0 && b.1 >= 0.0 && b.2 <= geo.width && b.3 <= geo.height
        };
        for (i, &a) in geo.labels.iter().enumerate() {
            assert!(
                inside(a),
                "seed {seed}: label {i} {a:?} outside {}x{}",
                geo.width,
                geo.height
            );
            for (j, &b) in geo.labels.iter().enumerate().skip(i + 1) {
                assert!(
                    !overlap(a, b),
                    "seed {seed}: labels {i} {a:?} and {j} {b:?} overlap"
                );
            }
            for (v, &c) in geo.states.iter().enumerate() {
                assert!(
                    !circle_meets_box(c, r, a),
                    "seed {seed}: label {i} {a:?} covers state {v}"
                );
            }
        }
        for (v, &c) in geo.states.iter().enumerate() {
            assert!(
                inside((c.0 - r, c.1 - r, c.0 + r, c.1 + r)),
                "seed {seed}: state {v} outside"
            );
            for &d in geo.states.iter().skip(v + 1) {
                let dist = ((c.0 - d.0).powi(2) + (c.1 - d.1).powi(2)).sqrt();
                assert!(dist >= 2.0 * r, "seed {seed}: states overlap");
            }
        }
        if seed < 12 {
            let _ = std::fs::write(dir.join(format!("random-{seed}.svg")), to_svg(&g));
        }
    }
    // Both orientations occur.
    assert!(down > 0 && across > 0, "{down} down, {across} across");
}
