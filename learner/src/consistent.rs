//! placeholder until written
use crate::teacher::{Oracle, Teacher};
pub fn learn<T: Teacher + ?Sized>(oracle: &mut Oracle<'_, T>, record: bool, max_rounds: Option<u64>) -> crate::Learned {
    crate::lsharp::learn(oracle, record, max_rounds)
}
