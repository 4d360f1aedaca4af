//! Which parts of the rules a run executed, for `twilit coverage` and `mutate`: each
//! statement run, each way an `if` went, each table row read, each condition or value
//! procedure evaluated, each static modifier that changed something and each prohibition
//! that refused something — as places in the files. Off unless asked for: a run that does
//! not record pays one test per statement.

use crate::diag::{FileId, Span};
use crate::fxhash::FxHashSet;
use crate::load::ScriptSrc;

use super::Interp;

/// What happened at a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hit {
    /// It ran (a statement), was read (a table row, a condition), or took effect (a
    /// static modifier, a prohibition).
    Ran,
    /// An `if` found its condition true.
    True,
    /// An `if` found its condition false.
    False,
}

/// The places a run reached, by file and byte offset.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Covered {
    hits: FxHashSet<(FileId, usize, Hit)>,
}

impl Covered {
    /// Whether `hit` happened at `at` of `file`.
    pub fn has(&self, file: FileId, at: usize, hit: Hit) -> bool {
        self.hits.contains(&(file, at, hit))
    }

    /// Whether anything happened in `span` of `file`.
    pub fn any_in(&self, file: FileId, span: &Span) -> bool {
        self.hits.iter().any(|&(f, at, _)| f == file && span.contains(&at))
    }

    /// Adds what another run reached.
    pub fn merge(&mut self, other: Covered) {
        self.hits.extend(other.hits);
    }

    /// How many places were reached.
    pub fn len(&self) -> usize {
        self.hits.len()
    }

    /// Whether nothing was reached.
    pub fn is_empty(&self) -> bool {
        self.hits.is_empty()
    }
}

impl Interp<'_> {
    /// From now on, records what runs.
    pub fn record_coverage(&mut self) {
        self.coverage.get_or_insert_with(Box::default);
        self.watch = true;
    }

    /// What was recorded, if recording.
    pub fn take_coverage(&mut self) -> Option<Covered> {
        self.coverage.take().map(|c| *c)
    }

    /// Records that a condition or value field is evaluated.
    pub(super) fn cover_cond(&mut self, c: &super::rules::Cond) {
        if self.coverage.is_some() {
            self.hit(&c.expr.span, Some(&c.origin), Hit::Ran);
        }
    }

    /// Records `hit` at `span` of the script `origin` (out of line: only coverage runs
    /// come here).
    #[cold]
    #[inline(never)]
    pub(super) fn hit(&mut self, span: &Span, origin: Option<&ScriptSrc>, hit: Hit) {
        if let (Some(c), Some(o)) = (self.coverage.as_deref_mut(), origin) {
            c.hits.insert((o.file, o.file_span(span.clone()).start, hit));
        }
    }
}
