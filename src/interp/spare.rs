//! Emptied lists kept to be used again (`Interp::spare_args`, `spare_locals`,
//! `spare_actions`): a value procedure is called thousands of times a game, and each call
//! made and freed its lists; so did each turn its list of candidate actions.

/// How many emptied lists a pool keeps at most: more than calls or turns nest in any
/// bundled game.
const KEPT: usize = 16;

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
    /// owns nothing to keep), unless `KEPT` are kept already: a list given back that was
    /// not taken here then costs its memory, not a pool that grows for the whole game.
    #[inline(always)]
    pub(super) fn give(&mut self, mut list: Vec<T>) {
        if list.capacity() == 0 {
            // Nothing to free: no call to drop it (most calls pass no argument).
            std::mem::forget(list);
        } else if self.0.len() < KEPT {
            // Emptying an empty list still calls out of line to drop nothing.
            if !list.is_empty() {
                list.clear();
            }
            self.0.push(list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Spare, KEPT};

    #[test]
    fn a_pool_keeps_at_most_kept_lists_and_hands_them_out_empty() {
        let mut pool = Spare::default();
        // More lists given back than were ever taken (a caller's mistake): the pool stops
        // growing at KEPT.
        for _ in 0..KEPT + 4 {
            pool.give(vec![1, 2, 3]);
        }
        assert_eq!(pool.0.len(), KEPT);
        let list = pool.take();
        assert!(list.is_empty() && list.capacity() >= 3);
        // A list that owns nothing is not kept.
        pool.give(Vec::new());
        assert_eq!(pool.0.len(), KEPT - 1);
    }
}
