//! Emptied lists kept to be used again (`Interp::spare_args`, `spare_locals`,
//! `spare_actions`): a value procedure is called thousands of times a game, and each call
//! made and freed its lists; so did each turn its list of candidate actions.

/// A pool of emptied lists of `T`.
#[derive(Debug)]
pub(super) struct Spare<T>(Vec<Vec<T>>);

impl<T> Default for Spare<T> {
    fn default() -> Self {
        Spare(vec![])
    }
}

impl<T> Spare<T> {
    /// An empty list, kept from an earlier use if there is one.
    pub(super) fn take(&mut self) -> Vec<T> {
        self.0.pop().unwrap_or_default()
    }

    /// Keeps `list`, emptied, for the next `take` (a list that never held anything
    /// owns nothing to keep).
    #[inline(always)]
    pub(super) fn give(&mut self, mut list: Vec<T>) {
        if list.capacity() > 0 {
            // Emptying an empty list still calls out of line to drop nothing.
            if !list.is_empty() {
                list.clear();
            }
            self.0.push(list);
        } else {
            // Nothing to free: no call to drop it (most calls pass no argument).
            std::mem::forget(list);
        }
    }
}
