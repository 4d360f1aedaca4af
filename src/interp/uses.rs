//! The uses of limited abilities in their current periods (`limit: 5 per turn`), undone
//! with the world by a journal of their own: a snapshot saves how long the journal is,
//! not a copy of the list. Shared with snapshots and copied when changed (an `Rc`), the
//! list cost an allocation and a free at every counted use inside a trial or a sampled
//! action (every draw of a card game that limits draws).
//!
//! Invariant: `undo_to(mark)` puts the list back as it was when `mark` was taken, as long
//! as every change since then was made with `journal` true (a snapshot open: the
//! interpreter asks the state's journal, whose checkpoints the snapshots open).

use super::actions::Source;

/// Uses of one limited ability by one player in the current period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Used {
    /// Whose ability.
    pub source: Source,
    /// Which of its abilities.
    pub index: usize,
    /// Who used it.
    pub by: crate::engine::PlayerId,
    /// The period the limit counts in (`turn`, `phase`, `round`, `game`: a word of
    /// `load::PERIODS`).
    pub per: &'static str,
    /// How many times.
    pub times: u32,
}

/// What undoes one change of the list.
#[derive(Debug, Clone)]
enum Undo {
    /// A use of the entry at this index was counted.
    Counted(usize),
    /// A new entry was pushed.
    Pushed,
    /// A period ended: the list before its entries were dropped.
    Ended(Vec<Used>),
}

/// The counted uses, and what undoes their changes while a snapshot is open.
#[derive(Debug, Clone, Default)]
pub struct Uses {
    list: Vec<Used>,
    undo: Vec<Undo>,
}

impl Uses {
    /// The counted uses.
    pub fn list(&self) -> &[Used] {
        &self.list
    }

    /// How many times `by` used ability `index` of `src` in its period.
    pub(super) fn times(&self, src: Source, index: usize, by: crate::engine::PlayerId) -> u32 {
        self.list.iter().find(|u| u.source == src && u.index == index && u.by == by).map_or(0, |u| u.times)
    }

    /// Counts a use, journaled when `journal`.
    pub(super) fn count(
        &mut self,
        journal: bool,
        src: Source,
        index: usize,
        by: crate::engine::PlayerId,
        per: &'static str,
    ) {
        match self.list.iter().position(|u| u.source == src && u.index == index && u.by == by) {
            Some(i) => {
                self.list[i].times += 1;
                self.journal(journal, Undo::Counted(i));
            }
            None => {
                self.list.push(Used { source: src, index, by, per, times: 1 });
                self.journal(journal, Undo::Pushed);
            }
        }
    }

    /// Forgets the uses counted in period `per`, which has ended; journaled when `journal`.
    /// Asked at the end of every period, most often of an empty list: that answer is
    /// given where it is asked.
    #[inline(always)]
    pub(super) fn end_period(&mut self, journal: bool, per: &str) {
        if !self.list.is_empty() {
            self.end_period_of_some(journal, per);
        }
    }

    /// `end_period` of a list that holds some uses.
    #[inline(never)]
    fn end_period_of_some(&mut self, journal: bool, per: &str) {
        // Period words are the language's (`load::PERIODS`): most often the same text.
        let of = |u: &Used| std::ptr::eq(u.per, per) || u.per == per;
        if !self.list.iter().any(of) {
            return;
        }
        if journal {
            let before = self.list.clone();
            self.undo.push(Undo::Ended(before));
        }
        self.list.retain(|u| !of(u));
    }

    /// Records `u` when changes are journaled.
    fn journal(&mut self, journal: bool, u: Undo) {
        if journal {
            self.undo.push(u);
        }
    }

    /// Where the journal stands (a snapshot keeps it).
    #[inline(always)]
    pub(super) fn mark(&self) -> usize {
        self.undo.len()
    }

    /// Undoes every change since `mark`, newest first.
    #[inline(always)]
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.undo.len() > mark {
            match self.undo.pop() {
                Some(Undo::Counted(i)) => self.list[i].times -= 1,
                Some(Undo::Pushed) => _ = self.list.pop(),
                Some(Undo::Ended(before)) => self.list = before,
                None => break,
            }
        }
    }

    /// Drops the journal once no snapshot can undo it.
    #[inline(always)]
    pub(super) fn settle(&mut self) {
        if !self.undo.is_empty() {
            self.undo.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undoing_to_a_mark_gives_the_list_back() {
        let (a, b) = (Source::Game(0), Source::Game(1));
        let mut u = Uses::default();
        u.count(false, a, 0, 0, "turn");
        let before = u.list().to_vec();
        let mark = u.mark();
        u.count(true, a, 0, 0, "turn");
        u.count(true, b, 2, 1, "round");
        u.end_period(true, "turn");
        assert_eq!(u.list().len(), 1);
        u.count(true, a, 0, 0, "turn");
        assert_eq!((u.times(a, 0, 0), u.times(b, 2, 1)), (1, 1));
        u.undo_to(mark);
        assert_eq!(u.list(), before);
        assert_eq!(u.times(a, 0, 0), 1);
    }
}
