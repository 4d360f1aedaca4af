//! The step budgets: `Limits::steps` per action and `Limits::game_steps` per game. Every
//! expression and statement counts a step, so counting one is kept to one subtraction
//! and the test of its sign.

use super::{Interp, Limits};

/// The budgets as the interpreter's callers see them.
impl Interp<'_> {
    /// The steps counted so far: this action's and the game's (`Limits`).
    pub fn steps_taken(&self) -> (u64, u64) {
        self.steps.taken()
    }

    /// Goes on counting from `steps_taken` of another run that did the same (a game dealt
    /// from a copy of a dealt table counts its deal's steps).
    pub fn count_steps_from(&mut self, (steps, game_steps): (u64, u64)) {
        self.steps.set((steps, game_steps), &self.limits);
    }

    /// Starts the budgets afresh (each top-level action, each scenario expectation).
    pub fn reset_budgets(&mut self) {
        self.steps.new_action(&self.limits);
        self.calls = 0;
        self.chain.clear();
        self.depth = 0;
        self.floor = 0;
    }
}

/// This action's steps and the game's. Both grow together and only the action's count
/// starts again, so the game's is the action's plus `gap`, and one bound on the action's
/// count, `cap`, stands for both limits: the action's count is over `cap` exactly when
/// the action's or the game's count is over its limit. What is kept is the room left
/// under `cap` (`cap` minus the action's count), so that counting a step is one
/// subtraction whose sign says whether a budget is exceeded.
#[derive(Debug, Clone, Copy)]
pub(super) struct Steps {
    left: i64,
    gap: i64,
    cap: i64,
}

/// A limit as a signed count (no limit comes near `i64::MAX`).
fn signed(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Far beyond any count a game reaches, and far from `i64`'s ends: a count to go on from
/// is taken as at most this, and a bound (below every count, so always exceeded) as at
/// least its opposite, so that the room left (`cap - action`) and counting from it never
/// overflow, whatever counts `set` is given.
const FAR: i64 = 1 << 60;

impl Steps {
    /// No step counted yet, under `limits`.
    pub(super) fn new(limits: &Limits) -> Steps {
        let mut s = Steps { left: 0, gap: 0, cap: 0 };
        s.bound(0, limits);
        s
    }

    /// The action's count.
    fn action(&self) -> i64 {
        self.cap - self.left
    }

    /// Works out `cap` for `limits` with the action's count at `action` (read when
    /// counting starts or goes on from a count).
    fn bound(&mut self, action: i64, limits: &Limits) {
        self.cap = signed(limits.steps).min(signed(limits.game_steps).saturating_sub(self.gap)).max(-FAR);
        self.left = self.cap - action;
    }

    /// Counts `n` steps; `true` when a budget is now exceeded.
    #[inline]
    pub(super) fn count(&mut self, n: usize) -> bool {
        // No count comes near `i64::MAX`: a plain subtraction (the budget stops far below).
        self.left -= n as i64;
        self.left < 0
    }

    /// How many more steps may be counted before a budget is exceeded.
    #[inline]
    pub(super) fn room(&self) -> i64 {
        self.left
    }

    /// Where the count stands within the action, to go back to (`rewind`).
    #[inline]
    pub(super) fn mark(&self) -> i64 {
        self.action()
    }

    /// Takes back the steps counted since `mark` (within the same action): only the word
    /// `count` writes is written (copying the whole count there would read it back wider
    /// than it was just stored, which stalls the processor).
    #[inline]
    pub(super) fn rewind(&mut self, mark: i64) {
        self.left = self.cap - mark;
    }

    /// The action's and the game's counts.
    pub(super) fn taken(&self) -> (u64, u64) {
        let action = self.action();
        (action as u64, action.saturating_add(self.gap) as u64)
    }

    /// Goes on from counts `taken` gave (the game's is never below the action's).
    pub(super) fn set(&mut self, (action, game): (u64, u64), limits: &Limits) {
        let action = signed(action).min(FAR);
        self.gap = signed(game).saturating_sub(action).max(0);
        self.bound(action, limits);
    }

    /// Starts the action's count again; the game's goes on.
    pub(super) fn new_action(&mut self, limits: &Limits) {
        self.gap = self.gap.saturating_add(self.action());
        self.bound(0, limits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(steps: u64, game_steps: u64) -> Limits {
        Limits { steps, game_steps, ..Limits::default() }
    }

    /// `count` says "over" exactly when one of the two plain counts is over its limit.
    #[test]
    fn one_bound_stands_for_both_limits() {
        for (ls, lg) in [(5, 100), (100, 12), (7, 7), (0, 3), (3, 0)] {
            let l = limits(ls, lg);
            let mut s = Steps::new(&l);
            let (mut action, mut game) = (0u64, 0u64);
            for k in 0..40u64 {
                if k % 6 == 5 {
                    s.new_action(&l);
                    action = 0;
                }
                let n = (k % 3) as usize;
                let over = s.count(n);
                action += n as u64;
                game += n as u64;
                assert_eq!(over, action > ls || game > lg, "limits ({ls}, {lg}), step {k}");
                assert_eq!(s.taken(), (action, game));
            }
        }
    }

    #[test]
    fn counting_goes_on_from_a_count() {
        let l = limits(10, 20);
        let mut s = Steps::new(&l);
        s.set((4, 15), &l);
        assert_eq!(s.taken(), (4, 15));
        assert!(!s.count(5));
        assert!(s.count(1), "the game's count is now 21");
    }

    /// Counts to go on from far beyond any game (a library caller's) neither overflow nor
    /// wrap a game over its limit back under it.
    #[test]
    fn counts_far_beyond_any_game_do_not_overflow() {
        let l = limits(u64::MAX, 0);
        let mut s = Steps::new(&l);
        s.set((0, u64::MAX), &l);
        assert!(s.count(2), "the game's count is far over its limit");
        assert!(s.count(usize::MAX >> 4));
        let l = limits(u64::MAX, u64::MAX);
        let mut s = Steps::new(&l);
        s.set((u64::MAX, u64::MAX), &l);
        s.count(2);
        assert!(s.taken().0 >= 1 << 60);
    }
}
