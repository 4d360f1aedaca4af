//! The `expect_view` step: what one player is shown now, the table and the log as they
//! see them (`Interp::view_for`, what `play --human` shows), has some lines and lacks
//! others. The way a scenario proves a secret kept: `sees(p, card)` covers things, and
//! this covers what a player reads of counters and events.

use crate::interp::Interp;
use crate::load::Sp;

use super::{Res, Runner};

impl Runner<'_> {
    /// Each of `has` is part of some line of `player`'s view; none of `lacks` is.
    pub(super) fn expect_view(
        &mut self,
        it: &Interp,
        player: &Sp<String>,
        (has, lacks): (&[Sp<String>], &[Sp<String>]),
        n: usize,
    ) -> Res {
        let who = self.player_of(it, player, n)?;
        let view = it.view_for(who);
        let lines: Vec<&str> = view.table.iter().chain(&view.log).map(|l| l.trim()).collect();
        for want in has {
            if !lines.iter().any(|l| l.contains(want.value.as_str())) {
                let msg = format!(
                    "{} is not shown \"{}\"; the table as they see it: {}; the last of the log as they saw it: {}",
                    player.value,
                    want.value,
                    shown(&view.table),
                    shown(&view.log[view.log.len().saturating_sub(LAST_LOG)..])
                );
                return Err(self.fail(n, &want.span.range(), msg));
            }
        }
        for unwanted in lacks {
            if let Some(l) = lines.iter().find(|l| l.contains(unwanted.value.as_str())) {
                let msg = format!("{} is shown \"{}\", in \"{l}\"", player.value, unwanted.value);
                return Err(self.fail(n, &unwanted.span.range(), msg));
            }
        }
        let who = super::step_player_named(it, &player.value);
        self.t.step(n, &format!("expect_view of {who}: {} shown, {} not shown", has.len(), lacks.len()));
        Ok(())
    }
}

/// How many of the log's last lines a failure shows.
const LAST_LOG: usize = 6;

/// Lines of the view, one after another.
fn shown(lines: &[String]) -> String {
    if lines.is_empty() {
        "(nothing)".into()
    } else {
        lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join("; ")
    }
}
