//! Lore's automata and active learning, generic over a teacher. Not written
//! yet: this crate only reserves its place in the dependency graph (it knows
//! nothing of C, of the BMC or of SAT).
