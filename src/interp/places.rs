//! Where verbs put things when a script names no zone (the game's `defaults:`, a
//! player's zone of the same name), refilling a draw pile from its `refill:` zone, and
//! `reveal`, which changes who sees what.

use crate::engine::{Dest, EntId, EventKind, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::{Ctx, Halt, Interp, R};

impl Interp<'_> {
    pub(super) fn same_zone_of(&self, p: PlayerId, like: Option<ZoneId>) -> R<ZoneId> {
        match like {
            Some(z) => self.zone_named(&self.w.state.zones[z].name.clone(), Some(p)),
            None => self.default_zone(|d| &d.draw_into, "draw_into", Some(p)),
        }
    }

    /// The zone the game's `defaults:` names for a verb that names none (the player's own,
    /// or the shared one).
    pub(super) fn default_zone(
        &self,
        pick: impl Fn(&crate::load::Defaults) -> &Option<crate::load::Sp<String>>,
        field: &str,
        owner: Option<PlayerId>,
    ) -> R<ZoneId> {
        match pick(&self.rules.env.defaults) {
            Some(z) => self.zone_named(&z.value, owner),
            None => Err(Halt::error(format!("no zone is named, and the game has no `defaults: {field}:`"))),
        }
    }

    /// A zone with `refill: Z` that holds fewer than `n` things gets everything in `Z` (the
    /// same player's, or the shared one) shuffled in under what it holds.
    pub(super) fn refill(&mut self, from: ZoneId, n: usize, cx: &Ctx) -> R<()> {
        let zone = &self.w.state.zones[from];
        if zone.items.len() >= n {
            return Ok(());
        }
        let Some(spec) = self.rules.zones.iter().find(|z| z.name.value == zone.name) else { return Ok(()) };
        let Some(source) = &spec.refill else { return Ok(()) };
        let source = self.zone_named(&source.value, zone.owner)?;
        let mut moved: Vec<EntId> = self.w.state.zones[source].items.iter().copied().collect();
        if moved.is_empty() {
            return Ok(());
        }
        self.w.state.rng.shuffle(&mut moved);
        for ent in moved {
            self.relocate("move", &Value::Ent(ent), Dest::Zone(from, false), cx)?;
        }
        let text = |me: &Self| format!("refill {} from {}", me.w.state.zone_name(from), me.w.state.zone_name(source));
        self.note(cx.you, false, text);
        Ok(())
    }

    pub(super) fn reveal(&mut self, e: &Effect, things: &Value, cx: &mut Ctx) -> R<()> {
        let to = match self.clause(e, |k| matches!(k, ClauseKind::To(_))) {
            Some(ClauseKind::To(p)) => {
                let v = self.eval(p, cx)?;
                self.players(&v)?
            }
            _ => vec![],
        };
        let mut ents = vec![];
        for t in things.as_slice() {
            self.allowed("reveal", cx.you, Some(t), None)?;
            ents.push(self.ent(t)?);
        }
        self.reveal_ents(ents, to, cx);
        Ok(())
    }

    /// Shows `ents` to `to` (everyone when nobody is named) and logs it: who it was
    /// revealed to, and whoever saw the things anyway, see which things.
    pub(super) fn reveal_ents(&mut self, ents: Vec<EntId>, to: Vec<PlayerId>, cx: &Ctx) {
        let shown = if to.is_empty() {
            crate::engine::view::EVERYONE
        } else {
            to.iter().fold(0, |m, &p| m | crate::engine::view::bit(p))
        };
        for &x in &ents {
            self.w.state.show_to(x, shown);
        }
        // Who sees every revealed card (it was revealed to them, or they saw it anyway) sees
        // the line's names; the others see "a card".
        if self.unread() {
            return;
        }
        let mut seen = crate::engine::view::EVERYONE;
        for &x in &ents {
            seen &= self.w.state.seen_by(x);
        }
        seen |= shown | cx.you.map_or(0, crate::engine::view::bit);
        self.emit_seen(cx.you, EventKind::Reveal { ents, to }, seen);
    }
}
