//! Value procedures remembered while the state they read stays the same. A game may ask
//! who controls a space for every space, neighbour and player of a move, each answer a
//! count over the board; the same question gets the same answer until something changes.
//!
//! Invariant: an answer is reused only under the state version it was made at
//! (`State::version`, which never repeats a number for another state), in the same game
//! of a match, for the same procedure, arguments, acting player, `this` and raw mode, with
//! no script modifier and no card coming into play (they live beside the state), and with
//! the same clock if it read the clock. It is remembered only if evaluating it changed
//! nothing (no event, choice or roll). A reused answer counts its steps again, so budgets
//! run out where they would. Debug builds evaluate again beside each reused answer.

use std::collections::BTreeMap;

use crate::engine::{Clock, PlayerId, Value};

use super::{Ctx, Interp, R};

/// The fewest steps an answer must have taken to be remembered: a cheap procedure
/// (`first(cards in pile)`) is evaluated again rather than looked up.
const WORTH: u64 = 64;

/// The remembered answers of the current state version.
#[derive(Debug, Default)]
pub(super) struct Memo {
    at: (u64, u32),
    answers: BTreeMap<Key, Answer>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    /// The procedure (its definition's address: the rules do not move while they play).
    def: usize,
    args: Vec<Value>,
    you: Option<PlayerId>,
    this: Option<Value>,
    raw: bool,
}

#[derive(Debug)]
struct Answer {
    value: Value,
    steps: u64,
    /// The clock it read, if it read the clock.
    clock: Option<Clock>,
}

impl Interp<'_> {
    /// A value procedure's answer: remembered, or evaluated by `eval` (and remembered).
    pub(super) fn remembered(
        &mut self,
        def: &super::rules::ProcDef,
        args: &[Value],
        cx: &Ctx,
        eval: impl FnOnce(&mut Self) -> R<Value>,
    ) -> R<Value> {
        if !self.w.mods.is_empty() || !self.w.playing.is_empty() {
            return eval(self);
        }
        let s = &self.w.state;
        let at = (s.version(), s.game);
        if self.memo.at != at {
            self.memo = Memo { at, answers: BTreeMap::new() };
        }
        let key = |me: &Self| Key {
            def: def as *const _ as usize,
            args: args.to_vec(),
            you: cx.you,
            this: cx.this.clone(),
            raw: me.raw,
        };
        let hit = if self.memo.answers.is_empty() { None } else { self.memo.answers.get(&key(self)) };
        if let Some(a) = hit.filter(|a| a.clock.as_ref().is_none_or(|c| *c == s.clock)) {
            let (value, steps, read) = (a.value.clone(), a.steps, a.clock.is_some());
            self.tick_n(steps as usize)?;
            self.clock_read |= read;
            #[cfg(debug_assertions)]
            {
                let budgets = (self.steps, self.game_steps);
                let fresh = eval(self);
                (self.steps, self.game_steps) = budgets;
                debug_assert_eq!(fresh.ok().as_ref(), Some(&value), "a remembered answer is stale");
            }
            return Ok(value);
        }
        let before = (s.log.len(), s.rng.clone(), self.steps);
        let outer = std::mem::replace(&mut self.clock_read, false);
        let out = eval(self);
        let read = std::mem::replace(&mut self.clock_read, outer);
        self.clock_read |= read;
        let s = &self.w.state;
        let steps = self.steps.saturating_sub(before.2);
        let pure = (s.version(), s.game) == at && s.log.len() == before.0 && s.rng == before.1;
        let keep = steps >= WORTH && pure && self.w.mods.is_empty() && self.w.playing.is_empty();
        if let (Ok(value), true) = (&out, keep) {
            let answer = Answer { value: value.clone(), steps, clock: read.then(|| s.clock.clone()) };
            let key = key(self);
            self.memo.answers.insert(key, answer);
        }
        out
    }
}
