//! How a game ends: its `end:` read as a phase closes and again between turns, an `end
//! game` run by a script, and the last events (the turn's, the round's, the game's).

use super::{Ctx, Interp, R};

impl<'r> Interp<'r> {
    /// Whether the game may end between two turns, before `end:` is read: an `end game`
    /// ran, or something could have changed since it was read as the phase closed.
    #[inline(always)]
    pub(super) fn may_end_between(&self, had_mods: bool) -> bool {
        self.w.state.ending || self.check_end && (self.rules.triggers.any() || had_mods)
    }

    /// Whether the game ends between two turns, after a turn's end or a round's; if so it
    /// ends there: the clock back on the turn that ended (`slot`), the round's end if it
    /// is still to come (`round_to_end`), then the game's.
    #[cold]
    #[inline(never)]
    pub(super) fn ended_between(&mut self, slot: usize, round_to_end: bool) -> R<bool> {
        if !self.ends_between()? {
            return Ok(false);
        }
        let last = self.rules.phases.len().saturating_sub(1);
        let c = &mut self.w.state.clock;
        (c.phase, c.slot) = (last, slot);
        self.stop_game();
        if round_to_end {
            self.numbered(false, "round", true)?;
        }
        self.numbered(false, "game", true).map(|()| true)
    }

    /// Whether the game ends between two turns: an `end game` ran, or (in a whole game)
    /// `end:` holds.
    fn ends_between(&mut self) -> R<bool> {
        if self.w.state.ending {
            return Ok(true);
        }
        if !self.check_end {
            return Ok(false);
        }
        // Read as the phase closed, and nothing it read has changed since: the same no.
        let now = (self.w.state.version(), self.w.state.game);
        if self.end_false_at == Some(now) && self.w.mods.is_empty() {
            return Ok(false);
        }
        self.end_read()
    }

    /// `ended`, and whether its no holds until the state changes (`end_false_at`): it read
    /// no clock, and no modifier is in force.
    pub(super) fn end_read(&mut self) -> R<bool> {
        if !self.rules.triggers.any() {
            // Nothing answers a turn's end: `ends_between` asks again only after a modifier.
            return self.ended();
        }
        let outer = std::mem::replace(&mut self.clock_read, false);
        let ended = self.ended();
        let read = std::mem::replace(&mut self.clock_read, outer);
        self.clock_read |= read;
        let ended = ended?;
        self.end_false_at =
            (!ended && !read && self.w.mods.is_empty()).then(|| (self.w.state.version(), self.w.state.game));
        Ok(ended)
    }

    /// The game is over: nothing more starts.
    fn stop_game(&mut self) {
        if std::mem::take(&mut self.w.state.ending) {
            // What happened after `end game` answers nothing: its triggers are passed by.
            self.w.fired = self.w.state.log.len();
        }
        self.w.state.over = true;
    }

    /// The game ends with this phase (its `end:` holds, or an `end game` ran): its turn,
    /// its round if this was the round's last turn (an `end of round` scoring counts the
    /// last round too), and the game end; nothing starts.
    #[cold]
    #[inline(never)]
    pub(super) fn game_ends(&mut self) -> R<()> {
        self.stop_game();
        self.numbered(false, "turn", true)?;
        if self.next_slot() >= self.w.state.clock.order.len() {
            self.numbered(false, "round", true)?;
        }
        self.numbered(false, "game", true)
    }

    /// Whether the game's `end:` condition holds (or every player has left). It is checked
    /// as every phase ends, and most phases change little: its answer is remembered while
    /// the state it read stays the same (`memo.rs`).
    pub fn ended(&mut self) -> R<bool> {
        // With every player gone, no turn can be played (nor `end:` read of anyone).
        if !self.w.state.eliminated.is_empty() && self.seated_iter().next().is_none() {
            return Ok(true);
        }
        let rules: &'r super::Rules = self.rules;
        let Some(end) = &rules.end else { return Ok(false) };
        let mut cx = Ctx::placed(self.w.state.active(), None, &end.text, &end.origin);
        self.cover_cond(end);
        let v = self.remembered_end(end, &mut cx)?;
        self.truth(&v, &end.expr, &cx)
    }
}
