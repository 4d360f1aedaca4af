//! The verbs of decks and hands: `draw` (from the drawer's places, as many as asked, the
//! first few kept on the stack), `deal` and `shuffle`, and the `face up`/`face down`
//! clause every move applies. Split from `effects.rs`, whose dispatch calls them.

use crate::engine::{Dest, EntId, EventKind, List, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::places::DefaultZone;
use super::{Ctx, Halt, Interp, R};

impl Interp<'_> {
    pub(super) fn draw(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let n = self.amount(e.objects.first(), cx)? as usize;
        let mut drawn = List::new();
        match self.clause(e, |k| matches!(k, ClauseKind::For(_))) {
            Some(_) => {
                for p in self.beneficiaries(e, cx)? {
                    // `from` and `to` are the drawer's: `draw 1 for bob into hand` is bob's hand.
                    let saved = cx.you.replace(p);
                    let out = self.draw_for(e, n, p, cx, &mut drawn);
                    cx.you = saved;
                    out?;
                }
            }
            // The acting player draws (the commonest draw): in the context as it is.
            None => {
                if let Some(p) = cx.you {
                    self.draw_for(e, n, p, cx, &mut drawn)?;
                }
            }
        }
        Ok(Value::List(drawn))
    }

    /// `p` draws `n` for `draw` (`cx` is `p`'s), adding what was drawn to `drawn`.
    fn draw_for(&mut self, e: &Effect, n: usize, p: PlayerId, cx: &mut Ctx, drawn: &mut List) -> R<()> {
        let from = match self.clause(e, |k| matches!(k, ClauseKind::From(_))) {
            Some(ClauseKind::From(z)) => match self.zone_ref(z, cx) {
                Some(z) => z?,
                None => match super::select::first(self.eval(z, cx)?) {
                    Value::Zone(z) => z,
                    v => return Err(Halt::error(format!("cannot draw from {}", self.show(&v)))),
                },
            },
            _ => self.default_zone(DefaultZone::DrawFrom, Some(p))?,
        };
        let to = match self.destination(e, cx)? {
            Some(d) => d,
            None => Dest::Zone(self.default_zone(DefaultZone::DrawInto, Some(p))?, true),
        };
        self.draw_between((from, to), n, cx, |me, ent| {
            me.face(e, ent);
            drawn.push(Value::Ent(ent));
        })
    }

    /// `n` from the top of `from` to `to` (a zone refilled first if it must be), each
    /// given to `arrived` once it has moved.
    pub(super) fn draw_between(
        &mut self,
        (from, to): (ZoneId, Dest),
        n: usize,
        cx: &mut Ctx,
        mut arrived: impl FnMut(&mut Self, EntId),
    ) -> R<()> {
        self.refill(from, n, cx)?;
        // What is on top now is drawn, even if a move puts something else there: the
        // first few are kept on the stack (most draws are of one or two).
        let items = &self.w.state.zones[from].items;
        let k = n.min(items.len());
        let mut few = [0; 8];
        let many: Vec<EntId>;
        let take: &[EntId] = if k <= few.len() {
            for (slot, &x) in few.iter_mut().zip(items.iter()) {
                *slot = x;
            }
            &few[..k]
        } else {
            many = items.iter().take(n).copied().collect();
            &many
        };
        for &ent in take {
            match to {
                // Asked for each card: `arrived` may run anything.
                Dest::Zone(z, top) if self.plain_moves(z) => self.put_plainly(ent, z, top, self.arriving_face)?,
                _ => self.relocate("draw", &Value::Ent(ent), to, cx)?,
            }
            arrived(self, ent);
        }
        Ok(())
    }

    /// Applies a `face up` / `face down` clause, if the effect has one.
    pub(super) fn face(&mut self, e: &Effect, ent: EntId) {
        if let Some(ClauseKind::Face(f)) = self.clause(e, |k| matches!(k, ClauseKind::Face(_))) {
            // Most often the move turned it already, as it arrived (`arriving_face`).
            if self.w.state.ents[ent].face_up != (*f == Face::Up) {
                self.w.state.set_face(ent, *f == Face::Up);
            }
        }
    }

    pub(super) fn deal(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let Some(dest) = e.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::To(x) | ClauseKind::Into(x) => Some(x),
            _ => None,
        }) else {
            return Err(Halt::error("`deal` needs `to`"));
        };
        let mut zones: Vec<ZoneId> = vec![];
        for z in self.eval(dest, cx)?.into_items() {
            match z {
                Value::Zone(z) => zones.push(z),
                v => {
                    return Err(Halt::error(format!(
                        "`deal` puts things into zones, not {}: write `hand of ...`",
                        self.show(&v)
                    )))
                }
            }
        }
        let mut dealt = List::new();
        for &z in &zones {
            for o in &e.objects {
                let (n, pool) = match &o.kind {
                    ExprKind::Select { quantity: Some(q), base, filters } => {
                        let n = match &q.kind {
                            QuantityKind::Exactly(n) => self.amount(Some(n), cx)?,
                            _ => 1,
                        };
                        let stripped = Expr {
                            kind: ExprKind::Select { quantity: None, base: base.clone(), filters: filters.clone() },
                            span: o.span.clone(),
                        };
                        (n, self.eval(&stripped, cx)?)
                    }
                    _ => (1, self.eval(o, cx)?),
                };
                let mut left = n as usize;
                for t in self.things(&pool)? {
                    if left == 0 {
                        break;
                    }
                    let ent = self.ent(&t)?;
                    if self.w.state.zone_of(ent).is_some_and(|at| zones.contains(&at)) {
                        continue;
                    }
                    let owner = self.w.state.zones[z].owner;
                    let mut pc = cx.clone();
                    pc.you = owner.or(cx.you);
                    self.relocate("deal", &t, Dest::Zone(z, true), &pc)?;
                    self.face(e, ent);
                    dealt.push(t);
                    left -= 1;
                }
            }
        }
        Ok(Value::List(dealt))
    }

    pub(super) fn shuffle(&mut self, e: &Effect, cx: &mut Ctx) -> R<Value> {
        let into = self.clause(e, |k| matches!(k, ClauseKind::Into(_) | ClauseKind::To(_)));
        if let (Some(o), Some(ClauseKind::ToEnd(end, z))) =
            (e.objects.first(), self.clause(e, |k| matches!(k, ClauseKind::ToEnd(..))))
        {
            return self.shuffle_to_end(o, *end, z, cx);
        }
        let zone = match (e.objects.first(), into) {
            (None, _) => self.default_zone(DefaultZone::DrawFrom, cx.you)?,
            (Some(o), None) => match super::select::first(self.eval(o, cx)?) {
                Value::Zone(z) => z,
                v => {
                    return Err(Halt::error(format!(
                        "cannot shuffle {} (shuffle a zone, or things into one)",
                        self.show(&v)
                    )))
                }
            },
            (Some(o), Some(ClauseKind::Into(z) | ClauseKind::To(z))) => {
                let things = self.targets(o, cx)?;
                let zone = match super::select::first(self.eval(z, cx)?) {
                    Value::Zone(z) => z,
                    v => return Err(Halt::error(format!("cannot shuffle into {}", self.show(&v)))),
                };
                for t in things.into_items() {
                    self.relocate("shuffle", &t, Dest::Zone(zone, true), cx)?;
                }
                zone
            }
            _ => return Err(Halt::error("shuffle needs a zone")),
        };
        self.allowed("shuffle", cx.you, None, Some(zone))?;
        self.tick_n(self.w.state.zones[zone].items.len())?;
        let mut items: Vec<EntId> = self.w.state.zones[zone].items.to_vec();
        self.w.state.rng.shuffle(&mut items);
        self.w.state.set_items(zone, items);
        self.emit(cx.you, EventKind::Shuffle { zone });
        Ok(Value::Zone(zone))
    }

    /// `shuffle THINGS to top of Z` (or `to bottom of`): the things, in an order nobody
    /// knows, at that end of `Z`, the rest of `Z` as it lay (a discard pile shuffled back
    /// onto its draw pile). They go there in the order they lay, a line each, and take
    /// their shuffled order after, so that the lines tell nobody the new order.
    fn shuffle_to_end(&mut self, o: &Expr, end: End, z: &Expr, cx: &mut Ctx) -> R<Value> {
        let things = self.targets(o, cx)?;
        let zone = match super::select::first(self.eval(z, cx)?) {
            Value::Zone(z) => z,
            v => return Err(Halt::error(format!("cannot shuffle onto {}", self.show(&v)))),
        };
        self.allowed("shuffle", cx.you, None, Some(zone))?;
        let items = things.into_items();
        self.tick_n(items.len())?;
        let mut moved: Vec<EntId> = Vec::with_capacity(items.len());
        for t in &items {
            match t {
                Value::Ent(e) => moved.push(*e),
                v => return Err(Halt::error(format!("cannot shuffle {} (shuffle cards or pieces)", self.show(v)))),
            }
        }
        self.put_shuffled("shuffle", &moved, zone, end == End::Top, cx)?;
        Ok(Value::Zone(zone))
    }
}
