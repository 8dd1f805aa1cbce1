//! A layered drawing of a graph whose edges carry text — an automaton —
//! as SVG, with no outside tool, so a picture is the same on every machine.
//!
//! The layout is Sugiyama's, with the edge labels taking part: the graph
//! is made acyclic by reversing the edges that close a cycle of a
//! depth-first search; states get even ranks by longest path; every edge
//! gets a *label box* on the odd rank after its source (and plain bends on
//! the ranks it crosses), so labels are placed like states and can overlap
//! neither states nor each other; the order within ranks comes from
//! barycentre sweeps; positions from the sizes of what is in each rank
//! (text measured in a monospace font, whose width is known). A self-loop
//! and its label sit to the right of their state, inside the state's box.
//! The drawing goes top to bottom or left to right, whichever fits a
//! page of `PAGE_WIDTH` better, so long chains go down the page instead
//! of off its side.

use std::fmt::Write;

/// Where text and lines get their colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ink {
    Plain,
    /// Green: dominating edges and dominator states.
    Marked,
}

impl Ink {
    fn css(self) -> &'static str {
        match self {
            Ink::Plain => "#333333",
            Ink::Marked => "#1a7f37",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Node {
    /// Text inside the state (`D`, or nothing).
    pub text: String,
    pub accepting: bool,
    pub ink: Ink,
    /// A tooltip (`q3`).
    pub title: String,
}

#[derive(Clone, Debug)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    /// One or more lines.
    pub label: String,
    pub ink: Ink,
}

#[derive(Clone, Debug)]
pub struct Graph {
    pub nodes: Vec<Node>,
    /// At most one edge per ordered pair of nodes (labels merged).
    pub edges: Vec<Edge>,
    pub initial: usize,
    pub caption: Option<(String, Ink)>,
}

/// The widest drawing that still fits a page without scrolling sideways.
pub const PAGE_WIDTH: f64 = 1100.0;
const FONT: f64 = 12.0;
/// The advance of one character of the monospace font at `FONT` px
/// (DejaVu Sans Mono and its kin: 0.6 em), rounded up.
const CHAR: f64 = 7.3;
const LINE: f64 = 15.0;
const RADIUS: f64 = 18.0;
const GAP: f64 = 22.0;
const MARGIN: f64 = 30.0;
/// Room a self-loop's arc takes between its state and its label.
const LOOP: f64 = 30.0;

fn text_size(label: &str) -> (f64, f64) {
    let lines: Vec<&str> = label.split('\n').collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    (widest as f64 * CHAR + 6.0, lines.len() as f64 * LINE + 2.0)
}

/// What sits on a rank: a state, an edge's label box, or a bend.
#[derive(Clone, Debug)]
enum Item {
    State(usize),
    Label(usize),
    Bend(usize),
}

type Size = (f64, f64);

/// An item with its centre (x, y) and its size (width, height).
type Placement = (Item, f64, f64, f64, f64);

/// The placed picture, before it is written out.
struct Placed {
    /// Ranks go down the page (else across it).
    down: bool,
    /// Centre and (width, height) of every item, by rank and position.
    boxes: Vec<Vec<Placement>>,
    width: f64,
    height: f64,
}

/// The SVG of `g`.
pub fn to_svg(g: &Graph) -> String {
    let (ranked, placed) = choose(g);
    write_svg(g, &ranked, &placed)
}

/// Left to right unless that is too wide for the page and top to bottom
/// is narrower.
fn choose(g: &Graph) -> (Ranked, Placed) {
    let ranked = Ranked::new(g);
    let across = ranked.place(g, false);
    let down = ranked.place(g, true);
    let placed = if across.width <= PAGE_WIDTH || down.width >= across.width {
        across
    } else {
        down
    };
    (ranked, placed)
}

/// Where things are in the drawing of a graph (for checking it).
#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    pub down: bool,
    pub radius: f64,
    /// The centre of every state's circle.
    pub states: Vec<(f64, f64)>,
    /// Every text's box: (left, top, right, bottom); the caption first
    /// when there is one, then the edge labels, then the self-loops' labels.
    pub labels: Vec<(f64, f64, f64, f64)>,
}

pub fn geometry(g: &Graph) -> Geometry {
    let (ranked, placed) = choose(g);
    let mut states = vec![(0.0, 0.0); g.nodes.len()];
    let mut labels = Vec::new();
    if let Some((caption, _)) = &g.caption {
        let (w, h) = text_size(caption);
        labels.push((
            MARGIN,
            MARGIN - LINE / 2.0,
            MARGIN + w,
            MARGIN - LINE / 2.0 + h,
        ));
    }
    for row in &placed.boxes {
        for &(ref item, x, y, w, h) in row {
            match *item {
                Item::State(v) => states[v] = centre(placed.down, x, y, w, h),
                Item::Label(_) => labels.push((x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0)),
                Item::Bend(_) => {}
            }
        }
    }
    for (v, loops) in ranked.loops.iter().enumerate() {
        if !loops.is_empty() {
            labels.push(loop_label_box(
                placed.down,
                states[v],
                &ranked.loop_label(g, v),
            ));
        }
    }
    Geometry {
        width: placed.width,
        height: placed.height,
        down: placed.down,
        radius: RADIUS,
        states,
        labels,
    }
}

/// The graph made acyclic and ranked, with every edge's chain of items.
struct Ranked {
    /// Items per rank, in order.
    ranks: Vec<Vec<Item>>,
    /// Per edge: reversed (drawn against the ranks), its chain of items
    /// from its source's rank on.
    reversed: Vec<bool>,
    loops: Vec<Vec<usize>>,
}

impl Ranked {
    fn new(g: &Graph) -> Ranked {
        let n = g.nodes.len();
        // Depth-first from the initial state (then any unvisited), marking
        // the edges that go back to a state on the stack.
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut loops: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (e, edge) in g.edges.iter().enumerate() {
            if edge.from == edge.to {
                loops[edge.from].push(e);
            } else {
                out[edge.from].push(e);
            }
        }
        let mut reversed = vec![false; g.edges.len()];
        let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
        let mut discovery = Vec::with_capacity(n);
        let starts: Vec<usize> = std::iter::once(g.initial).chain(0..n).collect();
        for start in starts {
            if start >= n || state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            discovery.push(start);
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                if let Some(&e) = out[v].get(*next) {
                    *next += 1;
                    let w = g.edges[e].to;
                    match state[w] {
                        0 => {
                            state[w] = 1;
                            discovery.push(w);
                            stack.push((w, 0));
                        }
                        1 => reversed[e] = true,
                        _ => {}
                    }
                } else {
                    state[v] = 2;
                    stack.pop();
                }
            }
        }
        // Longest-path ranks on the acyclic graph, states on even ranks.
        let ends = |e: usize| {
            let edge = &g.edges[e];
            if reversed[e] {
                (edge.to, edge.from)
            } else {
                (edge.from, edge.to)
            }
        };
        let mut rank = vec![0usize; n];
        for _ in 0..n {
            let mut changed = false;
            for e in 0..g.edges.len() {
                let edge = &g.edges[e];
                if edge.from == edge.to {
                    continue;
                }
                let (a, b) = ends(e);
                if rank[b] < rank[a] + 2 {
                    rank[b] = rank[a] + 2;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let top = rank.iter().copied().max().unwrap_or(0);
        let mut ranks: Vec<Vec<Item>> = vec![Vec::new(); top + 1];
        for &v in &discovery {
            ranks[rank[v]].push(Item::State(v));
        }
        for e in 0..g.edges.len() {
            if g.edges[e].from == g.edges[e].to {
                continue;
            }
            let (a, b) = ends(e);
            ranks[rank[a] + 1].push(Item::Label(e));
            for rank in &mut ranks[rank[a] + 2..rank[b]] {
                rank.push(Item::Bend(e));
            }
        }
        let mut ranked = Ranked {
            ranks,
            reversed,
            loops,
        };
        ranked.order(g);
        ranked
    }

    /// Barycentre sweeps: each item moves towards the mean position of
    /// what it is joined to in the rank it is compared with.
    fn order(&mut self, g: &Graph) {
        let joined = |a: &Item, b: &Item, ends: &dyn Fn(usize) -> (usize, usize)| -> bool {
            match (a, b) {
                (Item::State(v), Item::Label(e) | Item::Bend(e))
                | (Item::Label(e) | Item::Bend(e), Item::State(v)) => {
                    let (x, y) = ends(*e);
                    x == *v || y == *v
                }
                (Item::Label(e) | Item::Bend(e), Item::Label(f) | Item::Bend(f)) => e == f,
                _ => false,
            }
        };
        let reversed = self.reversed.clone();
        let ends = move |e: usize| {
            let edge = &g.edges[e];
            if reversed[e] {
                (edge.to, edge.from)
            } else {
                (edge.from, edge.to)
            }
        };
        for sweep in 0..8 {
            let down = sweep % 2 == 0;
            let order: Vec<usize> = if down {
                (1..self.ranks.len()).collect()
            } else {
                (0..self.ranks.len().saturating_sub(1)).rev().collect()
            };
            for r in order {
                let other = if down { r - 1 } else { r + 1 };
                let fixed = self.ranks[other].clone();
                let mut keyed: Vec<(f64, usize, Item)> = self.ranks[r]
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        let near: Vec<usize> = fixed
                            .iter()
                            .enumerate()
                            .filter(|(_, f)| joined(item, f, &ends))
                            .map(|(j, _)| j)
                            .collect();
                        let at = if near.is_empty() {
                            i as f64
                        } else {
                            near.iter().sum::<usize>() as f64 / near.len() as f64
                        };
                        (at, i, item.clone())
                    })
                    .collect();
                keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                self.ranks[r] = keyed.into_iter().map(|(_, _, item)| item).collect();
            }
        }
    }

    /// The size (width, height) of an item on the page.
    /// A self-loop goes to the side the edges do not: to the right of its
    /// state when ranks go down, above it when they go across.
    fn size(&self, g: &Graph, item: &Item, down: bool) -> (f64, f64) {
        match *item {
            Item::State(v) => {
                let d = 2.0 * RADIUS;
                if self.loops[v].is_empty() {
                    return (d, d);
                }
                let (lw, lh) = text_size(&self.loop_label(g, v));
                if down {
                    (d + LOOP + lw, d.max(lh + 8.0))
                } else {
                    (d.max(lw), d + LOOP + lh)
                }
            }
            Item::Label(e) => text_size(&g.edges[e].label),
            Item::Bend(_) => (4.0, 4.0),
        }
    }

    fn loop_label(&self, g: &Graph, v: usize) -> String {
        self.loops[v]
            .iter()
            .map(|&e| g.edges[e].label.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Positions, ranks going down the page (`down`) or across it.
    fn place(&self, g: &Graph, down: bool) -> Placed {
        // Along a rank: x when the ranks go down, y when they go across.
        let along = |(w, h): (f64, f64)| if down { w } else { h };
        let thick = |(w, h): (f64, f64)| if down { h } else { w };
        // The caption above everything; room for the initial arrow at the
        // left and the top.
        let top = MARGIN
            + g.caption
                .as_ref()
                .map_or(0.0, |(c, _)| text_size(c).1 + 10.0)
            + 30.0;
        let left = MARGIN + 30.0;
        let mut boxes = Vec::with_capacity(self.ranks.len());
        let mut depth = if down { top } else { left };
        let mut widest: f64 = 0.0;
        // First pass: each rank packed from 0; its thickness.
        // Each item with its centre along the rank and its size.
        let mut packed: Vec<Vec<(Item, f64, Size)>> = Vec::new();
        let mut thickness = Vec::new();
        for rank in &self.ranks {
            let mut at = 0.0;
            let mut row = Vec::new();
            let mut t: f64 = 0.0;
            for item in rank {
                let size = self.size(g, item, down);
                let a = along(size);
                row.push((item.clone(), at + a / 2.0, size));
                at += a + GAP;
                t = t.max(thick(size));
            }
            widest = widest.max(at - GAP);
            packed.push(row);
            thickness.push(t);
        }
        // Centre every rank on the widest, then pull items towards their
        // neighbours in the rank before while keeping the order and gaps.
        for row in &mut packed {
            let used = row.last().map_or(0.0, |(_, c, s)| c + along(*s) / 2.0);
            let shift = (widest - used) / 2.0;
            for entry in row.iter_mut() {
                entry.1 += shift;
            }
        }
        for r in 1..packed.len() {
            // Where each item of the rank before has its line: a label's
            // edge runs along the label's side.
            let previous: Vec<(Item, f64)> = packed[r - 1]
                .iter()
                .map(|(i, c, size)| match i {
                    Item::Label(_) => (i.clone(), c - along(*size) / 2.0 - 3.0),
                    _ => (i.clone(), *c),
                })
                .collect();
            let ends = |e: usize| {
                let edge = &g.edges[e];
                if self.reversed[e] {
                    (edge.to, edge.from)
                } else {
                    (edge.from, edge.to)
                }
            };
            let wanted: Vec<Option<f64>> = packed[r]
                .iter()
                .map(|(item, _, _)| {
                    let near: Vec<f64> = previous
                        .iter()
                        .filter(|(p, _)| match (item, p) {
                            (Item::Label(e) | Item::Bend(e), Item::State(v)) => ends(*e).0 == *v,
                            (Item::Label(e) | Item::Bend(e), Item::Label(f) | Item::Bend(f)) => {
                                e == f
                            }
                            (Item::State(v), Item::Label(e) | Item::Bend(e)) => ends(*e).1 == *v,
                            _ => false,
                        })
                        .map(|(_, c)| *c)
                        .collect();
                    let mean =
                        (!near.is_empty()).then(|| near.iter().sum::<f64>() / near.len() as f64);
                    // A label's box wants its side on the line, so that the
                    // edge runs straight past it.
                    match item {
                        Item::Label(_) => {
                            mean.map(|m| m + along(self.size(g, item, down)) / 2.0 + 3.0)
                        }
                        _ => mean,
                    }
                })
                .collect();
            // Left to right: as close to the wish as the one before allows.
            let mut last_edge = f64::NEG_INFINITY;
            for (k, entry) in packed[r].iter_mut().enumerate() {
                let half = along(entry.2) / 2.0;
                let want = wanted[k].unwrap_or(entry.1);
                entry.1 = want.max(last_edge + GAP + half).max(half);
                last_edge = entry.1 + half;
            }
            widest = widest.max(last_edge);
        }
        let origin = if down { left } else { top };
        for (r, row) in packed.into_iter().enumerate() {
            let t = thickness[r];
            let centre = depth + t / 2.0;
            let placed: Vec<Placement> = row
                .into_iter()
                .map(|(item, c, (w, h))| {
                    // A state's circle is at the left of its box (the loop
                    // and its label to the right).
                    let (x, y) = if down {
                        (origin + c, centre)
                    } else {
                        (centre, origin + c)
                    };
                    (item, x, y, w, h)
                })
                .collect();
            boxes.push(placed);
            depth += t + GAP;
        }
        let (width, height) = if down {
            (origin + widest + MARGIN, depth + MARGIN)
        } else {
            (depth + MARGIN, origin + widest + MARGIN)
        };
        let caption_width = g
            .caption
            .as_ref()
            .map_or(0.0, |(c, _)| text_size(c).0 + 2.0 * MARGIN);
        Placed {
            down,
            boxes,
            width: width.max(caption_width),
            height,
        }
    }
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Text lines centred on (x, y).
fn text_at(out: &mut String, label: &str, x: f64, y: f64, ink: Ink, anchor: &str, data: &str) {
    let lines: Vec<&str> = label.split('\n').collect();
    let first = y - (lines.len() as f64 - 1.0) * LINE / 2.0 + FONT * 0.35;
    let _ = write!(
        out,
        "<text class=\"label\"{data} x=\"{x:.1}\" y=\"{first:.1}\" text-anchor=\"{anchor}\" fill=\"{}\">",
        ink.css()
    );
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            let _ = write!(out, "<tspan>{}</tspan>", xml(line));
        } else {
            let _ = write!(
                out,
                "<tspan x=\"{x:.1}\" dy=\"{LINE}\">{}</tspan>",
                xml(line)
            );
        }
    }
    out.push_str("</text>\n");
}

/// The centre of a state's circle in its box (centred at x, y): at the
/// box's left when a self-loop is to its right, at its bottom when the
/// loop is above.
fn centre(down: bool, x: f64, y: f64, w: f64, h: f64) -> (f64, f64) {
    if down {
        (x - w / 2.0 + RADIUS, y)
    } else {
        (x, y + h / 2.0 - RADIUS)
    }
}

/// The box of a self-loop's label, for the state whose circle is at `c`.
fn loop_label_box(down: bool, c: (f64, f64), label: &str) -> (f64, f64, f64, f64) {
    let (w, h) = text_size(label);
    if down {
        let left = c.0 + RADIUS + LOOP;
        (left, c.1 - h / 2.0, left + w, c.1 + h / 2.0)
    } else {
        let bottom = c.1 - RADIUS - LOOP + 6.0;
        (c.0 - w / 2.0, bottom - h, c.0 + w / 2.0, bottom)
    }
}

/// A curve through every point (Catmull–Rom, as cubic Béziers).
fn smooth(points: &[(f64, f64)]) -> String {
    let k = points.len();
    let mut d = format!("M{:.1},{:.1}", points[0].0, points[0].1);
    for i in 0..k - 1 {
        let p0 = points[i.saturating_sub(1)];
        let (p1, p2) = (points[i], points[i + 1]);
        let p3 = points[(i + 2).min(k - 1)];
        let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
        let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
        let _ = write!(
            d,
            " C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            c1.0, c1.1, c2.0, c2.1, p2.0, p2.1
        );
    }
    d
}

fn write_svg(g: &Graph, ranked: &Ranked, placed: &Placed) -> String {
    let (w, h) = (placed.width, placed.height);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"{FONT}\">\n"
    );
    out.push_str("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>\n");
    if let Some((caption, ink)) = &g.caption {
        text_at(&mut out, caption, MARGIN, MARGIN, *ink, "start", "");
    }
    // Where each state's circle is, and each label box and bend.
    let mut state_at = vec![(0.0, 0.0); g.nodes.len()];
    let mut chain: Vec<Vec<(f64, f64)>> = vec![Vec::new(); g.edges.len()];
    let mut label_at = vec![(0.0, 0.0); g.edges.len()];
    for row in &placed.boxes {
        for &(ref item, x, y, w, h) in row {
            match *item {
                Item::State(v) => state_at[v] = centre(placed.down, x, y, w, h),
                Item::Label(e) => {
                    label_at[e] = (x, y);
                    // The edge runs along its label's side, not through it.
                    if placed.down {
                        chain[e].push((x - w / 2.0 - 3.0, y - h / 2.0));
                        chain[e].push((x - w / 2.0 - 3.0, y + h / 2.0));
                    } else {
                        chain[e].push((x - w / 2.0, y - h / 2.0 - 3.0));
                        chain[e].push((x + w / 2.0, y - h / 2.0 - 3.0));
                    }
                }
                Item::Bend(e) => chain[e].push((x, y)),
            }
        }
    }
    for (e, edge) in g.edges.iter().enumerate() {
        if edge.from == edge.to {
            continue;
        }
        // From the source through the label box and the bends to the
        // target (a reversed edge's chain runs from its target).
        let mut points = vec![state_at[edge.from]];
        let mut middle = chain[e].clone();
        if ranked.reversed[e] {
            middle.reverse();
        }
        points.extend(middle);
        points.push(state_at[edge.to]);
        // Leave the circles at their rims.
        let clip = |from: (f64, f64), to: (f64, f64)| {
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            (from.0 + dx / len * RADIUS, from.1 + dy / len * RADIUS)
        };
        let k = points.len();
        points[0] = clip(points[0], points[1]);
        points[k - 1] = clip(points[k - 1], points[k - 2]);
        let d = smooth(&points);
        let _ = writeln!(
            out,
            "<path class=\"edge\" data-from=\"{}\" data-to=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"{}\" marker-end=\"url(#arrow)\"/>",
            edge.from,
            edge.to,
            edge.ink.css()
        );
        // Beside a line going down, the text starts at the line.
        let (x, y) = label_at[e];
        let data = format!(" data-from=\"{}\" data-to=\"{}\"", edge.from, edge.to);
        if placed.down {
            let (w, _) = text_size(&edge.label);
            text_at(
                &mut out,
                &edge.label,
                x - w / 2.0 + 3.0,
                y,
                edge.ink,
                "start",
                &data,
            );
        } else {
            text_at(&mut out, &edge.label, x, y, edge.ink, "middle", &data);
        }
    }
    // Self-loops to the right of their state, their labels beyond.
    for (v, loops) in ranked.loops.iter().enumerate() {
        if loops.is_empty() {
            continue;
        }
        let (x, y) = state_at[v];
        let ink = if loops.iter().all(|&e| g.edges[e].ink == Ink::Marked) {
            Ink::Marked
        } else {
            Ink::Plain
        };
        let r = RADIUS * 0.7;
        let arc = if placed.down {
            format!(
                "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                x + r,
                y - r,
                x + RADIUS + 26.0,
                y - 26.0,
                x + RADIUS + 26.0,
                y + 26.0,
                x + r,
                y + r
            )
        } else {
            format!(
                "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                x - r,
                y - r,
                x - 26.0,
                y - RADIUS - 26.0,
                x + 26.0,
                y - RADIUS - 26.0,
                x + r,
                y - r
            )
        };
        let _ = writeln!(
            out,
            "<path class=\"edge\" data-from=\"{v}\" data-to=\"{v}\" d=\"{arc}\" fill=\"none\" stroke=\"{}\" marker-end=\"url(#arrow)\"/>",
            ink.css()
        );
        let label = ranked.loop_label(g, v);
        let (left, top, _, bottom) = loop_label_box(placed.down, (x, y), &label);
        let data = format!(" data-from=\"{v}\" data-to=\"{v}\"");
        text_at(
            &mut out,
            &label,
            left + 3.0,
            (top + bottom) / 2.0,
            ink,
            "start",
            &data,
        );
    }
    // The initial state's arrow comes from outside the drawing's flow.
    let (ix, iy) = state_at[g.initial.min(g.nodes.len().saturating_sub(1))];
    let _ = writeln!(
        out,
        "<path class=\"initial\" d=\"M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#1f6feb\" marker-end=\"url(#arrow)\"/>",
        ix - RADIUS - 28.0,
        iy - RADIUS - 10.0,
        ix - RADIUS * 0.72,
        iy - RADIUS * 0.72
    );
    for (v, node) in g.nodes.iter().enumerate() {
        let (x, y) = state_at[v];
        let ink = node.ink.css();
        let _ = write!(
            out,
            "<g class=\"state\" data-state=\"{v}\"><title>{}</title><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{RADIUS}\" fill=\"white\" stroke=\"{ink}\" stroke-width=\"1.5\"/>",
            xml(&node.title)
        );
        if node.accepting {
            let _ = write!(
                out,
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.5\"/>",
                RADIUS - 4.0
            );
        }
        if !node.text.is_empty() {
            let _ = write!(
                out,
                "<text class=\"label\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                y + FONT * 0.35,
                xml(&node.text)
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}
