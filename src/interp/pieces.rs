//! Pieces: `place` (from the acting player's supply) and `create` (new cards or pieces),
//! and where both put things.

use crate::engine::{Dest, EntId, Kind, List, Loc, Value};
use crate::syntax::ast::*;

use super::{Ctx, Halt, Interp, R};
use crate::limits::Limits;

impl Interp<'_> {
    /// Where `place`/`create` put things: a clause, or an `at`/`in`/`on` filter on the object.
    fn place_dest(&mut self, e: &Effect, filters: &[Filter], cx: &mut Ctx) -> R<Dest> {
        if let Some(d) = self.destination(e, cx)? {
            return Ok(d);
        }
        for f in filters {
            // `on` reads as `at` (`place 1 worker on forest`), or attaches to a thing.
            if let FilterKind::At(x) | FilterKind::In(x) | FilterKind::On(x) = &f.kind {
                return match super::select::first(self.eval(x, cx)?) {
                    Value::Zone(z) => Ok(Dest::Zone(z, true)),
                    Value::Ent(b) => Ok(Dest::On(b)),
                    v => Err(Halt::error(format!("cannot place at {}", self.show(&v)))),
                };
            }
        }
        Err(Halt::error("say where: `at SPACE`, `in ZONE` or `to ZONE`"))
    }

    pub(super) fn place(&mut self, e: &Effect, o: &Expr, cx: &mut Ctx, verb: &'static str) -> R<Value> {
        let c = self.counted(o).ok_or_else(|| Halt::error(format!("place what? `{}`", cx.snippet(&o.span))))?;
        let n = self.amount(c.n, cx)? as usize;
        let dest = self.place_dest(e, c.filters, cx)?;
        let mut placed = List::new();
        for p in self.beneficiaries(e, cx)? {
            let s = &self.w.state;
            let noun = s.piece_name_id(c.noun);
            let free: Vec<EntId> =
                (0..s.ents.len()).filter(|&x| s.ents[x].owner == Some(p) && supplied(&s.ents[x], noun)).collect();
            if free.len() < n {
                let why = format!("cannot {verb} {n} {}: {} has {} left", c.noun, self.pname(p), free.len());
                return Err(Halt::refused(why + &self.shared_supply_hint(noun, c.noun)));
            }
            for x in free.into_iter().take(n) {
                self.relocate(verb, &Value::Ent(x), dest, cx)?;
                placed.push(Value::Ent(x));
            }
        }
        Ok(Value::List(placed))
    }

    /// Where the pieces of a noun are nobody's, at home in a shared zone: `place` takes
    /// only the acting player's own, so the refusal says how to take those.
    #[cold]
    fn shared_supply_hint(&self, noun: Option<crate::engine::NameId>, name: &str) -> String {
        let s = &self.w.state;
        let shared = (0..s.ents.len()).find(|&x| s.ents[x].owner.is_none() && supplied(&s.ents[x], noun));
        match shared.and_then(|x| s.zone_of(x)) {
            Some(z) => format!(
                " (`place` takes the player's own pieces; the {name} pieces in {} are nobody's: `move 1 {name} from {} to ...`)",
                s.zone_name(z),
                s.zone_name(z)
            ),
            None => String::new(),
        }
    }

    /// Whether `n` more cards or pieces fit under `Limits::things`; else a budget failure
    /// naming what was being made (written only then).
    pub(super) fn room_for(&self, n: usize, doing: impl FnOnce() -> String) -> R<()> {
        let max = self.limits.things;
        if self.w.state.ents.len().saturating_add(n) > max {
            let (advice, doing) = (Limits::advice("things"), doing());
            return Err(Halt::budget(format!(
                "thing budget ({max}) exceeded: the game would hold more cards and pieces ({doing}; {advice})"
            )));
        }
        Ok(())
    }

    pub(super) fn create(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let o = e.objects.first().ok_or_else(|| Halt::error("create what?"))?;
        let c = self.counted(o).ok_or_else(|| Halt::error(format!("create what? `{}`", cx.snippet(&o.span))))?;
        let n = self.amount(c.n, cx)? as usize;
        let zone = match self.place_dest(e, c.filters, cx)? {
            Dest::Zone(z, _) => z,
            _ => return Err(Halt::error("`create` puts things into a zone or at a space")),
        };
        let owner = match self.clause(e, |k| matches!(k, ClauseKind::For(_))) {
            Some(ClauseKind::For(p)) => {
                let v = self.eval(p, cx)?;
                self.players(&v)?.first().copied()
            }
            _ => self.w.state.zones[zone].owner,
        };
        let kind = match self.rules.card_ids.get(c.noun) {
            Some(&i) => Kind::Card(i),
            None => Kind::Piece(self.w.state.piece_id(c.noun)),
        };
        let side = self.rules.pieces.get(c.noun).and_then(|s| s.first()).map(|s| self.w.state.piece_id(s));
        self.room_for(n, || format!("create {} ×{n}", c.noun))?;
        let mut made = List::new();
        for _ in 0..n {
            self.tick()?;
            let label = self.w.state.fresh_label(c.noun);
            let ent = self.w.state.create(kind, label, owner, zone);
            self.w.state.set_side(ent, side);
            made.push(Value::Ent(ent));
        }
        let at = if self.w.state.zones[zone].is_space() { "at" } else { "in" };
        let text = |me: &Self| {
            let mut text = format!("create {} ×{n} {at} {}", c.noun, me.w.state.zone_name(zone));
            if let Some(o) = owner.filter(|&o| me.w.state.zones[zone].owner != Some(o)) {
                text.push_str(&format!(" for {}", me.pname(o)));
            }
            text
        };
        self.note(cx.you, false, text);
        Ok(Value::List(made))
    }
}

/// Whether `e` is a piece of that noun lying at home, in its supply: what `place` takes.
fn supplied(e: &crate::engine::Entity, noun: Option<crate::engine::NameId>) -> bool {
    super::nouns::piece_named(e, noun) && e.home.is_some_and(|h| e.loc == Loc::Zone(h))
}
