//! What game.yaml's `scoring:` and a zone's `holds:` name: a counter kept on players, and
//! declared pieces. A typo in either made every game a silent 0-0 draw.

use crate::diag::Diagnostic;
use crate::load::Game;

use super::FileChecker;

impl FileChecker<'_> {
    /// Each zone's `holds:` names declared pieces (the game's or a faction's).
    pub fn zones_hold(&mut self, zones: &[crate::load::ZoneSpec]) {
        for piece in zones.iter().flat_map(|z| &z.holds) {
            self.known_or(piece, "piece", crate::check::env::Sym::Piece, Some("declare it under `pieces:`"));
        }
    }

    /// `scoring:` names a counter kept on players (the game's or a faction's): `score N`
    /// adds to the scorer's.
    pub(super) fn scoring(&mut self, g: &Game) {
        let Some(c) = &g.scoring else { return };
        let on = match self.env.lookup(&c.value) {
            Some(crate::check::env::Sym::Counter { on, .. }) => Some(on.unwrap_or_default()),
            _ => None,
        };
        match on {
            None => {
                let help = "declare it under `counters:`, e.g. `vp: { on: player, min: 0 }`";
                self.known_or(c, "counter", crate::check::env::Sym::Counter { max: None, on: None }, Some(help));
            }
            Some(crate::load::CounterOn::Player) => {}
            Some(on) => {
                let held = match on {
                    crate::load::CounterOn::Game => "the game",
                    crate::load::CounterOn::Card => "cards",
                    _ => "board spaces",
                };
                let msg = format!("`scoring:` names `{}`, a counter kept on {held}", c.value);
                let d = Diagnostic::error("wrong-holder", msg, c.file, c.span)
                    .with_label("`score N` adds to the scoring player's own counter")
                    .with_help(format!("declare `{}` with `on: player`, or name a counter kept on players", c.value));
                self.diags.push(d);
            }
        }
    }
}
