//! The answers a trial gives (`legal.rs` `trial_run`). A trial asks whether an action
//! can go through: it answers every question with the first options, and where that run
//! is refused it tries the other answers, last question first, until one run goes
//! through or none is left. Answering with the first options alone hid an action that
//! only a later answer lets through: `may { remove 1 gems }` with no gems (its first
//! answer is yes), a `choose` whose first option cannot be paid for.
//!
//! Invariant: a run is replayed from the same state with the same answers up to the
//! question it changes, so it meets the same questions in the same order (the
//! generator is part of the state restored); the first run answers as `FirstLegal` does,
//! so a trial whose first run goes through is what it always was.

/// At most this many runs of one trial: beyond, it is refused, as if no answer were left
/// (questions inside questions multiply; each run is a whole action).
pub(super) const TRIAL_RUNS: usize = 64;

/// A trial's answers so far: for each question asked, in order, which options it gives.
#[derive(Debug, Default)]
pub(super) struct Explore {
    path: Vec<Node>,
    /// The next question's place in `path`.
    at: usize,
}

/// One question's answer: `picks` options from `first` on, of `count`.
#[derive(Debug, Clone, Copy)]
struct Node {
    first: usize,
    picks: usize,
    count: usize,
}

impl Explore {
    /// The first option to give the next question, which picks `picks` of `count` (the
    /// options `first..first + picks`): the path's where it is replayed, else 0.
    pub(super) fn next(&mut self, picks: usize, count: usize) -> usize {
        let at = self.at;
        self.at += 1;
        match self.path.get(at) {
            Some(n) => n.first,
            None => {
                self.path.push(Node { first: 0, picks, count });
                0
            }
        }
    }

    /// Moves on to the next answers to try, for a run that was refused: the last question
    /// asked that has options left gives the next ones, and every question after it is
    /// asked afresh. False when no question has any left.
    pub(super) fn advance(&mut self) -> bool {
        self.path.truncate(self.at);
        self.at = 0;
        while let Some(n) = self.path.last_mut() {
            if n.picks > 0 && n.first + n.picks < n.count {
                n.first += 1;
                return true;
            }
            self.path.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two questions of two and three options: every pair of answers, the last question
    /// first, then nothing left.
    #[test]
    fn each_answer_is_tried_last_question_first() {
        let mut ex = Explore::default();
        let mut seen = vec![];
        loop {
            let a = ex.next(1, 2);
            let b = ex.next(1, 3);
            seen.push((a, b));
            if !ex.advance() {
                break;
            }
        }
        assert_eq!(seen, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
    }

    /// A run refused before its later questions: they are asked afresh after the change;
    /// a question that picks two slides its window; one that picks none has no other.
    #[test]
    fn a_shorter_run_and_windows() {
        let mut ex = Explore::default();
        assert_eq!((ex.next(1, 2), ex.next(2, 3)), (0, 0));
        assert!(ex.advance());
        assert_eq!((ex.next(1, 2), ex.next(2, 3)), (0, 1));
        assert!(ex.advance());
        // Refused at the first question this time.
        assert_eq!(ex.next(1, 2), 1);
        assert!(!ex.advance());
        let mut none = Explore::default();
        assert_eq!(none.next(0, 4), 0);
        assert!(!none.advance());
    }
}
