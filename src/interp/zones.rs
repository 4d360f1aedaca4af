//! Zones and cards by name: a zone name alone (the acting player's, else the shared
//! one) or `of` a player, found in the state's zone index by the name's compiled key;
//! `zone_ref`, which reads the commonest places of selections and moves that way without
//! going through values; and card ids and labels as things.

use crate::engine::{List, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::compile::Global;
use super::{Ctx, Halt, Interp, R};

impl<'r> Interp<'r> {
    /// The zone whose name has index `key` in the name table (`name`, for messages), of
    /// `owner` (a shared zone when there is no such player zone).
    pub fn zone_at(&self, key: u32, name: &str, owner: Option<PlayerId>) -> R<usize> {
        self.zone_keyed_of(key, owner).ok_or_else(|| self.no_zone(name, owner))
    }

    /// `zone_at` without the error: the player's zone of that name, else the shared one.
    #[inline(always)]
    pub(super) fn zone_keyed_of(&self, key: u32, owner: Option<PlayerId>) -> Option<ZoneId> {
        let s = &self.w.state;
        owner.and_then(|p| s.zone_keyed(key, Some(p))).or_else(|| s.zone_keyed(key, None))
    }

    /// The zone called `name` of `owner` (a shared zone when there is no such player zone).
    pub fn zone_named(&self, name: &str, owner: Option<PlayerId>) -> R<usize> {
        let s = &self.w.state;
        owner
            .and_then(|p| s.zone(name, Some(p)))
            .or_else(|| s.zone(name, None))
            .ok_or_else(|| self.no_zone(name, owner))
    }

    /// `Z` or `Z of X`, for a zone name `Z` and `X` one player (`you`, `it` or a local):
    /// the zone `eval` would give, with the same steps counted and an error placed where
    /// `eval` would place it, without going through values. `None`, having evaluated
    /// nothing, for any other expression (most places of selections and moves are these).
    pub(super) fn zone_ref(&mut self, e: &Expr, cx: &mut Ctx) -> Option<R<ZoneId>> {
        let rules: &'r super::Rules = self.rules;
        let (key, owner, of) = self.zone_ref_parts(e, cx)?;
        #[cfg(debug_assertions)]
        let start = self.steps;
        let mut out = self.tick();
        if let (Ok(()), Some(b)) = (&out, of) {
            out = self.tick();
            if let Err(h) = &mut out {
                h.place(&b.span, cx);
            }
        }
        // The zone's name only for the error (what `zone_at` would say).
        let name = || rules.env.entry(key).map_or("", |(c, _)| c);
        let mut out = out.and_then(|()| self.zone_keyed_of(key, owner).ok_or_else(|| self.no_zone(name(), owner)));
        if let Err(h) = &mut out {
            h.place(&e.span, cx);
        }
        #[cfg(debug_assertions)]
        if let Ok(z) = out {
            // From the same count as `zone_ref` began at: the same zone, the same steps.
            let after = self.steps;
            self.steps = start;
            let generic = self.eval(e, cx);
            debug_assert_eq!(generic.ok(), Some(Value::Zone(z)), "zone_ref finds another zone than eval");
            debug_assert_eq!(self.steps.taken(), after.taken(), "zone_ref counts other steps than eval");
            self.steps = after;
        }
        Some(out)
    }

    /// What `zone_ref` reads of `e`, evaluating nothing: the zone's name index, whose
    /// zone it is and the `of` it names it with. `None` exactly when `zone_ref` is.
    /// (`moves.rs` `place` reads the same shapes once, when the rules are compiled.)
    pub(super) fn zone_ref_parts<'e>(
        &self,
        e: &'e Expr,
        cx: &Ctx,
    ) -> Option<(u32, Option<PlayerId>, Option<&'e Expr>)> {
        let rules: &'r super::Rules = self.rules;
        let zone_name = |x: &Expr| match &x.kind {
            ExprKind::Name(_, Res::Global(i)) if rules.globals.get(*i as usize) == Some(&Global::Zone) => Some(*i),
            _ => None,
        };
        Some(match &e.kind {
            ExprKind::Name(..) => (zone_name(e)?, cx.you, None),
            ExprKind::Of(a, b) => {
                let key = zone_name(a)?;
                let p = match (&b.kind, &cx.it) {
                    (ExprKind::You, _) => cx.you?,
                    (ExprKind::Name(_, Res::It), Some(Value::Player(p))) => *p,
                    (ExprKind::Name(n, Res::Local(k)), _) => match cx.slot(*k, n) {
                        Some(Value::Player(p)) => *p,
                        _ => return None,
                    },
                    (ExprKind::Name(n, Res::Unresolved), _) => match cx.get(n) {
                        Some(Value::Player(p)) => *p,
                        _ => return None,
                    },
                    _ => return None,
                };
                (key, Some(p), Some(b))
            }
            _ => return None,
        })
    }

    /// Whether `name` is a zone each player has and no shared zone is.
    pub(super) fn each_players_zone(&self, name: &str) -> bool {
        let s = &self.w.state;
        s.zone(name, None).is_none() && (0..s.players.len()).any(|p| s.zone(name, Some(p)).is_some())
    }

    /// The error of a zone lookup that found nothing.
    pub(super) fn no_zone(&self, name: &str, owner: Option<PlayerId>) -> Halt {
        let s = &self.w.state;
        match owner {
            Some(p) => Halt::error(format!("{} has no zone `{name}`", s.players[p].name)),
            // The commonest cause: a player's zone of a player that is none (`taken of
            // owner of c` for an ownerless card), which falls back to the shared zone.
            None if self.each_players_zone(name) => Halt::error(format!(
                "there is no shared zone `{name}`: `{name}` is each player's, and no player was given \
                 (`{name} of X` where X is none, or `{name}` alone where nobody acts)"
            )),
            None => Halt::error(format!("there is no shared zone `{name}`")),
        }
    }

    /// A card id in a script: every copy of it in the game, in table order (one copy is
    /// that card; none is nothing).
    pub fn copies(&self, id: &str) -> Value {
        let Some(&def) = self.rules.card_ids.get(id) else { return Value::Null };
        let mut all: List = self
            .all_ents(true)
            .into_iter()
            .filter(|&e| self.w.state.ents[e].kind == crate::engine::Kind::Card(def))
            .map(Value::Ent)
            .collect();
        match all.len() {
            0 => Value::Null,
            1 => all.remove(0),
            _ => Value::List(all),
        }
    }

    /// The entity with this label (`id`, or `id#2` for a second copy; `id#1` is `id`).
    pub fn card_named(&self, id: &str) -> R<Value> {
        let s = &self.w.state;
        // The first copy is labelled `id`: `id#1` names it too, as in a scenario's `put:`.
        let label = crate::engine::label::canonical(id);
        (0..s.ents.len())
            .find(|&e| *s.ents[e].label == *label)
            .map(Value::Ent)
            .ok_or_else(|| Halt::error(format!("card `{id}` is not in this game")))
    }
}
