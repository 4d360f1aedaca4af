//! Simultaneous choices (`simultaneously as players { ... }`): every player answers the
//! block's questions against the state as it was before any of them chose, then each
//! block runs with those answers. What a block does is logged as seen by its player
//! alone, until something reveals it.
//!
//! In general each block runs twice: a rehearsal against the state before anyone chose
//! (its answers kept, the rest undone), then for real. A block the compiler marked
//! `private` (it only moves the acting player's things between their own zones) runs
//! once per player instead, when nothing else could tell the difference: no ability
//! listens or responds to events, no prohibition is in force, no answer is being
//! replayed and no one answering looks at the table. Then a player's block reads only
//! that player's zones, which no other player's block writes, so it runs against what
//! the state was before anyone chose; the answers are asked in the same order, the
//! generator draws the same numbers and the log holds the same events.

use crate::engine::PlayerId;
use crate::syntax::ast::Block;

use super::{Ctx, Interp, R};

impl Interp<'_> {
    /// Runs `body` for each player as if they had all chosen at once.
    pub(super) fn simultaneously<'s>(
        &mut self,
        players: &[PlayerId],
        body: &'s Block,
        private: bool,
        cx: &mut Ctx<'s>,
    ) -> R<()> {
        if private && self.runs_once(players) {
            return self.each_once(players, body, cx);
        }
        let mut answers = Vec::with_capacity(players.len());
        for &p in players {
            // A rehearsal: the player's answers are kept, everything else is undone. The
            // generator keeps its draws so that random agents choose independently.
            let saved = self.snapshot();
            let recording = self.recording.replace(vec![]);
            // Secret as the real run is: a question put to another player meanwhile (a
            // trigger's) shows them the table and the log, which must not hold the bid.
            let secret = self.secret.replace(p);
            let out = self.as_player(p, body, cx);
            self.secret = secret;
            let got = std::mem::replace(&mut self.recording, recording).unwrap_or_default();
            self.undo_keeping_draws(saved);
            out?;
            answers.push(got);
        }
        for (&p, got) in players.iter().zip(answers) {
            self.replay = got.into();
            let secret = self.secret.replace(p);
            let out = self.as_player(p, body, cx);
            self.secret = secret;
            self.replay.clear();
            out?;
        }
        Ok(())
    }

    /// Whether a `private` block may run once per player (see the module's comment).
    fn runs_once(&self, players: &[PlayerId]) -> bool {
        self.replay.is_empty()
            && !self.rules.triggers.any()
            && !self.rules.reacts.any()
            && !self.may_forbid()
            && players.iter().all(|&p| !self.agent.wants_view(self.pname(p)))
    }

    /// Each player's block once, in seat order. On a failure everything the blocks did
    /// is undone, as the rehearsals would have left it; the generator keeps its draws.
    fn each_once<'s>(&mut self, players: &[PlayerId], body: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        let saved = self.snapshot();
        for &p in players {
            let secret = self.secret.replace(p);
            let out = self.as_player(p, body, cx);
            self.secret = secret;
            if let Err(h) = out {
                self.undo_keeping_draws(saved);
                return Err(h);
            }
        }
        self.commit(saved);
        Ok(())
    }

    /// Undoes what happened since `saved`, but for the generator's draws: a rehearsal's
    /// (or a failed block's) random answers are not drawn again.
    fn undo_keeping_draws(&mut self, saved: super::Saved) {
        let rng = self.w.state.rng.clone();
        self.restore(saved);
        self.w.state.rng = rng;
    }

    #[inline(always)]
    fn as_player<'s>(&mut self, p: PlayerId, body: &'s Block, cx: &mut Ctx<'s>) -> R<()> {
        let saved = cx.you.replace(p);
        let out = self.exec_block(body, cx);
        cx.you = saved;
        out
    }
}
