//! Simultaneous choices (`simultaneously as players { ... }`): every player answers the
//! block's questions against the state as it was before any of them chose, then each
//! block runs with those answers. What a block does is logged as seen by its player
//! alone, until something reveals it.

use crate::engine::PlayerId;
use crate::syntax::ast::Block;

use super::{Ctx, Interp, R};

impl Interp<'_> {
    /// Runs `body` for each player as if they had all chosen at once.
    pub(super) fn simultaneously(&mut self, players: &[PlayerId], body: &Block, cx: &mut Ctx) -> R<()> {
        let mut answers = Vec::with_capacity(players.len());
        for &p in players {
            // A rehearsal: the player's answers are kept, everything else is undone. The
            // generator keeps its draws so that random agents choose independently.
            let saved = self.snapshot();
            let recording = self.recording.replace(vec![]);
            let out = self.as_player(p, body, cx);
            let got = std::mem::replace(&mut self.recording, recording).unwrap_or_default();
            let rng = self.w.state.rng.clone();
            self.restore(saved);
            self.w.state.rng = rng;
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

    fn as_player(&mut self, p: PlayerId, body: &Block, cx: &mut Ctx) -> R<()> {
        let saved = cx.you.replace(p);
        let out = self.exec_block(body, cx);
        cx.you = saved;
        out
    }
}
