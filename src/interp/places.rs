//! Where verbs put things when a script names no zone (the game's `defaults:`, a
//! player's zone of the same name), refilling a draw pile from its `refill:` zone, and
//! `reveal`, which changes who sees what.

use crate::engine::{Dest, EntId, EventKind, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::{Ctx, Halt, Interp, R};

/// A zone the game's `defaults:` may name, for the verbs that name none.
#[derive(Debug, Clone, Copy)]
pub(super) enum DefaultZone {
    DrawFrom,
    DrawInto,
    DiscardInto,
}

impl DefaultZone {
    const ALL: [DefaultZone; 3] = [DefaultZone::DrawFrom, DefaultZone::DrawInto, DefaultZone::DiscardInto];

    /// Its field under `defaults:`.
    fn field(self) -> &'static str {
        match self {
            DefaultZone::DrawFrom => "draw_from",
            DefaultZone::DrawInto => "draw_into",
            DefaultZone::DiscardInto => "discard_into",
        }
    }

    /// The zone name the game gives it, if any.
    pub(super) fn name(self, d: &crate::load::Defaults) -> Option<&crate::load::Sp<String>> {
        match self {
            DefaultZone::DrawFrom => d.draw_from.as_ref(),
            DefaultZone::DrawInto => d.draw_into.as_ref(),
            DefaultZone::DiscardInto => d.discard_into.as_ref(),
        }
    }

    /// The key of each default zone's name (`Rules::default_keys`), read once: where every
    /// zone filed under that key has exactly that name and no board space is filed there,
    /// `zone_keyed_of` finds what `zone_named` finds, without comparing names.
    pub(super) fn keys(rules: &super::Rules) -> [Option<u32>; 3] {
        DefaultZone::ALL.map(|which| {
            let name = &which.name(&rules.env.defaults)?.value;
            let key = rules.env.index_of(name)?;
            let filed = |z: &str| rules.env.index_of(z) == Some(key);
            let exact = rules.zones.iter().all(|z| !filed(&z.name.value) || z.name.value == *name)
                && rules.board.iter().flat_map(|b| &b.spaces).all(|sp| !filed(&sp.id.value));
            (rules.env.entry(key)?.0 == name && exact).then_some(key)
        })
    }
}

impl Interp<'_> {
    pub(super) fn same_zone_of(&self, p: PlayerId, like: Option<ZoneId>) -> R<ZoneId> {
        match like {
            Some(z) => self.zone_named(&self.w.state.zones[z].name.clone(), Some(p)),
            None => self.default_zone(DefaultZone::DrawInto, Some(p)),
        }
    }

    /// The zone the game's `defaults:` names for a verb that names none (the player's own,
    /// or the shared one): found by the key of its name (`DefaultZone::keys`), by the name
    /// itself where the key could find another zone.
    pub(super) fn default_zone(&self, which: DefaultZone, owner: Option<PlayerId>) -> R<ZoneId> {
        let rules: &super::Rules = self.rules;
        match (which.name(&rules.env.defaults), rules.default_keys[which as usize]) {
            (Some(z), Some(key)) => self.zone_keyed_of(key, owner).ok_or_else(|| self.no_zone(&z.value, owner)),
            (Some(z), None) => self.zone_named(&z.value, owner),
            (None, _) => {
                Err(Halt::error(format!("no zone is named, and the game has no `defaults: {}:`", which.field())))
            }
        }
    }

    /// A zone with `refill: Z` that holds fewer than `n` things gets everything in `Z` (the
    /// same player's, or the shared one) shuffled in under what it holds.
    pub(super) fn refill(&mut self, from: ZoneId, n: usize, cx: &Ctx) -> R<()> {
        let zone = &self.w.state.zones[from];
        if zone.items.len() >= n {
            return Ok(());
        }
        use super::memo::Refill;
        let refill = match &self.kept.refills {
            None => Refill::Never,
            Some(kept) => match kept.get(from) {
                Some(&kept) => kept,
                // A zone laid out after the game began.
                None => super::memo::refill_of(self.rules, &self.w.state, zone),
            },
        };
        debug_assert_eq!(refill, super::memo::refill_of(self.rules, &self.w.state, zone), "a zone's refill kept");
        let source = match refill {
            Refill::Never => return Ok(()),
            Refill::From(source) => source,
            Refill::Unknown => {
                let spec = self.rules.zones.iter().find(|z| z.name.value == zone.name);
                let name = spec.and_then(|s| s.refill.as_ref()).map_or("", |r| r.value.as_str());
                return Err(self.no_zone(name, zone.owner));
            }
        };
        let moved: Vec<EntId> = self.w.state.zones[source].items.to_vec();
        if moved.is_empty() {
            return Ok(());
        }
        let text = |me: &Self| format!("refill {} from {}", me.w.state.zone_name(from), me.w.state.zone_name(source));
        self.note(cx.you, false, text);
        self.put_shuffled("move", &moved, from, false, cx)
    }

    /// Moves `moved` to an end of zone `z` (`top`, or the bottom) in an order nobody
    /// knows: they go in the order they lay (a line each, which everyone who saw them may
    /// read), then take a shuffled order. Moved in that order, the lines would tell
    /// everyone the order of the next draws (a refill, `shuffle ... to top of`).
    pub(super) fn put_shuffled(
        &mut self,
        verb: &'static str,
        moved: &[EntId],
        z: ZoneId,
        top: bool,
        cx: &Ctx,
    ) -> R<()> {
        let mut order = moved.to_vec();
        self.w.state.rng.shuffle(&mut order);
        for &ent in moved {
            self.relocate(verb, &Value::Ent(ent), Dest::Zone(z, top), cx)?;
        }
        self.shuffle_arrived(z, moved, &order);
        Ok(())
    }

    /// Gives the things of `moved` that are now in zone `z` the order of `order` (the same
    /// things shuffled), in the places they hold (a replacement may have sent one elsewhere).
    fn shuffle_arrived(&mut self, z: ZoneId, moved: &[EntId], order: &[EntId]) {
        let items = self.w.state.zones[z].items.to_vec();
        let is_moved = |e: &EntId| moved.contains(e);
        let mut arrived = order.iter().copied().filter(|e| items.contains(e));
        let shuffled: Vec<EntId> =
            items.iter().map(|&e| if is_moved(&e) { arrived.next().unwrap_or(e) } else { e }).collect();
        if shuffled != items {
            self.w.state.set_items(z, shuffled);
        }
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
        self.reveal_ents(&ents, to, cx);
        Ok(())
    }

    /// Shows `ents` to `to` (everyone when nobody is named) and logs it: who it was
    /// revealed to, and whoever saw the things anyway, see which things.
    pub(super) fn reveal_ents(&mut self, ents: &[EntId], to: Vec<PlayerId>, cx: &Ctx) {
        let shown = if to.is_empty() {
            crate::engine::view::EVERYONE
        } else {
            to.iter().fold(0, |m, &p| m | crate::engine::view::bit(p))
        };
        for &x in ents {
            self.w.state.show_to(x, shown);
        }
        // Who sees every revealed card (it was revealed to them, or they saw it anyway) sees
        // the line's names; the others see "a card".
        if self.unread() {
            return;
        }
        let mut seen = crate::engine::view::EVERYONE;
        for &x in ents {
            seen &= self.w.state.seen_by(x);
        }
        seen |= shown | cx.you.map_or(0, crate::engine::view::bit);
        // Who reveals a thing they do not see names it (as before), but its counters only
        // where they see it.
        let you = cx.you.map_or(crate::engine::view::EVERYONE, crate::engine::view::bit);
        let shows = ents
            .iter()
            .map(|&x| if self.w.state.seen_by(x) & you != 0 { self.counters_shown(x) } else { String::new() })
            .collect();
        self.emit_seen(cx.you, EventKind::Reveal { ents: ents.into(), to, shows }, seen);
    }

    /// What a revealed thing's counters show (`pips 5, marks 2`): those off their start.
    fn counters_shown(&self, x: EntId) -> String {
        let c = &self.w.state.counters;
        let off = |(name, v): &(&str, i64)| c.id(name).is_none_or(|id| c.bounds(id).start != *v);
        let held: Vec<String> =
            c.of(crate::engine::Holder::Ent(x)).filter(off).map(|(name, v)| format!("{name} {v}")).collect();
        held.join(", ")
    }
}
