//! Temporary folders of the benchmark checks: made by `tempfile` under a
//! random name, created exclusively with mode 0700, and removed when
//! dropped, on early returns too (issue 41: folders named after the
//! process id in the shared temporary directory could be created first by
//! another user, and were left behind when a check stopped early).

/// A fresh folder `lore-{what}-<random>` in the temporary directory that
/// only this user can read or write.
pub fn private_folder(what: &str) -> std::io::Result<tempfile::TempDir> {
    lore_frontend::preprocess::private_folder(what)
}
