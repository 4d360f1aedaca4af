//! The number a statement carries once the rules have compiled it (`StmtNo`): not part of
//! the syntax, kept beside it so that running a statement finds its compiled form by index.

/// The number the rules give a statement when they compile it: its compiled form's index
/// in their table, so that running it finds that form by index rather than by a search
/// (`interp::stmts`). It is not part of what the statement says: a copy starts
/// unnumbered and equality ignores it. The rules check that the entry at the number is
/// this statement's before they use it, so a statement numbered by other rules, or never,
/// is run by the general path.
pub struct StmtNo(std::sync::atomic::AtomicU32);

impl StmtNo {
    /// No number.
    pub const NONE: u32 = u32::MAX;

    /// The number (`NONE` if it has none).
    #[inline(always)]
    pub fn get(&self) -> u32 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Numbers the statement.
    pub fn set(&self, n: u32) {
        self.0.store(n, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Default for StmtNo {
    fn default() -> Self {
        StmtNo(std::sync::atomic::AtomicU32::new(Self::NONE))
    }
}

impl Clone for StmtNo {
    fn clone(&self) -> Self {
        StmtNo::default()
    }
}

impl PartialEq for StmtNo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for StmtNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}
