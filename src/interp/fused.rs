//! `move S to Z`, the commonest statement of whole games, run fused: its things read as
//! ids and its destination as a zone, without the layers the general path goes through
//! (`effect`, `move_like`, `targets`, `destination`) and without a list of values made
//! for what it moves. `S` is `this`, a local bound to one card or piece, `cards in Z'`
//! as `in_one_zone` reads it, `top K cards of Z'` (or `bottom`) as `end_of` reads it,
//! or `N cards from Z'` picked by the acting player; `Z` a zone `zone_ref` reads; a
//! `face up`/`face down` clause may follow. Any other move, a statement whose value is kept (`let x = move
//! ...`), and a run recording coverage take the general path.
//!
//! Invariant: a fused move does what the general path does, in the same order, with the
//! same steps, through the same helpers (`selected_place`, `zone_cands`, `each_at_end`,
//! `zone_ref`, `bounds`, `pick`, `relocate`, `face`) and with errors placed where it
//! places them.
//! Where its shape turns out to be another only after steps were counted (a place
//! `zone_ref` does not read), the steps are taken back and the general path runs from
//! the start: nothing but steps happened before. Before a quantity is read (a pick, or
//! a count that may roll or ask), the destination's shape is checked first: neither
//! can be taken back.

use crate::engine::{Dest, EntId, List, Value, ZoneId};
use crate::syntax::ast::*;

use super::moves::Move;
use super::stmts::{Code, EffectCode};
use super::{Ctx, Interp, R};

/// How many things a fused move keeps on the stack (more go to the heap).
pub(super) const ON_STACK: usize = 8;

impl<'r> Interp<'r> {
    /// Runs `e` compiled (`moves.rs`, `tallies.rs`) or fused where it has such a form;
    /// `None`, having done nothing, where the general path (`effect`) must run.
    // In line in `exec_node`, with `fused_move`: out of line, the fused and compiled moves
    // cost a game of simple moves 1 % more instructions (measured with callgrind).
    #[inline(always)]
    pub(super) fn compiled_effect(&mut self, code: Option<&'r Code>, e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        match (e.verb, code.and_then(|c| c.effect.as_ref())) {
            (Verb::Move, code) => {
                let m = match code {
                    Some(EffectCode::Move(m)) => Some(m),
                    _ => None,
                };
                self.fused_move(m, e, cx)
            }
            (_, Some(EffectCode::Tally(t))) => self.compiled_tally(*t, code?, e, cx),
            (_, Some(EffectCode::Reveal(r))) => self.compiled_reveal(r, e, cx),
            (_, Some(EffectCode::Draw(d))) => self.compiled_draw(d, e, cx),
            _ => None,
        }
    }

    /// Runs `e` fused if it is a move of that shape; `None`, having done nothing, if not.
    #[inline(always)]
    pub(super) fn fused_move(&mut self, m: Option<&Move>, e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        if e.verb != Verb::Move || self.coverage.is_some() {
            return None;
        }
        if let Some(out) = m.and_then(|m| self.compiled_move(m, e, cx)) {
            return Some(out);
        }
        let [o] = &e.objects[..] else { return None };
        let (to, face) = move_clauses(e)?;
        // Before a quantity is read (a pick, or a count that may roll or ask), the
        // destination's shape is known: neither can be taken back.
        if let ExprKind::Select { quantity: Some(_), .. } = &o.kind {
            self.zone_ref_parts(to, cx)?;
        }
        let mark = self.steps.mark();
        let mut stack = [0; ON_STACK];
        let mut heap = vec![];
        let things = match self.move_things(o, &mut stack, &mut heap, cx)? {
            Ok(n) if n <= ON_STACK => &stack[..n],
            Ok(_) => &heap[..],
            Err(h) => return Some(Err(h)),
        };
        // A place `zone_ref` does not read: only steps were counted (a quantity checked
        // the shape first), so the general path runs instead.
        let z = match self.zone_or_back(to, mark, cx)? {
            Ok(z) => z,
            Err(h) => return Some(Err(h)),
        };
        Some(self.move_all(things, z, face, cx))
    }

    /// `zone_ref` of `e`; where it reads no zone, the steps since `mark` taken back.
    fn zone_or_back(&mut self, e: &Expr, mark: i64, cx: &mut Ctx) -> Option<R<usize>> {
        let z = self.zone_ref(e, cx);
        if z.is_none() {
            self.steps.rewind(mark);
        }
        z
    }

    /// What `move_like` does with its things and destination: each thing moved, turned as
    /// it arrives (as in `effect`, so that its move is logged as seen from there), then
    /// turned as the `face` clause says (a `before:` ability may have moved it instead).
    #[inline(always)]
    pub(super) fn move_all(&mut self, things: &[EntId], to: ZoneId, face: Option<bool>, cx: &Ctx) -> R<()> {
        if self.plain_moves(to) {
            return self.move_plainly(things, to, face);
        }
        let saved = std::mem::replace(&mut self.arriving_face, face);
        let mut out = Ok(());
        for &x in things {
            out = self.relocate("move", &Value::Ent(x), Dest::Zone(to, true), cx);
            if out.is_err() {
                break;
            }
            if face.is_some_and(|up| self.w.state.ents[x].face_up != up) {
                self.w.state.set_face(x, face == Some(true));
            }
        }
        self.arriving_face = saved;
        out
    }

    /// Whether a move to `to` does no more than `relocate`'s step, the move and the
    /// turn: nobody reads its line and no ability answers it (`unread` says both), nothing
    /// may forbid it, and `to` holds any number of things.
    #[inline(always)]
    pub(super) fn plain_moves(&self, to: ZoneId) -> bool {
        self.unread() && !self.may_forbid() && self.w.state.zones[to].capacity.is_none()
    }

    /// `move_all` where `plain_moves` holds: what `relocate` then does for each thing (its
    /// step, the move to the top of `to`, the turn as it arrives), without asking again
    /// for each what `plain_moves` answered for all.
    fn move_plainly(&mut self, things: &[EntId], to: ZoneId, face: Option<bool>) -> R<()> {
        for &x in things {
            self.put_plainly(x, to, true, face)?;
        }
        Ok(())
    }

    /// `relocate` of `x` to `to` (its top if `top`) where `plain_moves(to)` holds, turned
    /// as it arrives if `face` says (`arriving_face`).
    #[inline(always)]
    pub(super) fn put_plainly(&mut self, x: EntId, to: ZoneId, top: bool, face: Option<bool>) -> R<()> {
        self.tick()?;
        self.w.state.put(x, to, top);
        if let Some(up) = face {
            self.w.state.set_face(x, up);
        }
        Ok(())
    }

    /// The things `targets` gives for `o`, as ids: in `stack` when they fit, else in
    /// `heap`, and how many. `None`, having counted nothing, for another shape.
    pub(super) fn move_things(
        &mut self,
        o: &Expr,
        stack: &mut [EntId; ON_STACK],
        heap: &mut Vec<EntId>,
        cx: &mut Ctx,
    ) -> Option<R<usize>> {
        let mut ids = Ids { stack, heap, n: 0 };
        let out = match &o.kind {
            ExprKind::This => match cx.this {
                // `eval` of `this`: its one step.
                Some(Value::Ent(e)) => self.tick().map(|()| ids.push(e)),
                _ => return None,
            },
            ExprKind::Name(n, Res::Local(k)) => match cx.slot(*k, n) {
                Some(&Value::Ent(e)) => self.tick().map(|()| ids.push(e)),
                _ => return None,
            },
            ExprKind::Select { quantity: None, base, filters } => self.zone_things(base, filters, &mut ids, cx)?,
            ExprKind::Select { quantity: Some(q), base, filters } => match (&q.kind, &filters[..], &base.kind) {
                (QuantityKind::Top(k) | QuantityKind::Bottom(k), [], ExprKind::Of(a, b)) => {
                    let bottom = matches!(q.kind, QuantityKind::Bottom(_));
                    self.end_things(a, b, k.as_deref(), bottom, &mut ids, cx)?
                }
                (QuantityKind::One | QuantityKind::Exactly(_), [_], _) => {
                    self.picked_things(q, base, filters, &mut ids, cx)?
                }
                _ => return None,
            },
            _ => return None,
        };
        // Errors are placed where `targets` places them: at the object.
        Some(out.map(|()| ids.n).map_err(|mut h| {
            h.place(&o.span, cx);
            h
        }))
    }

    /// `cards in Z` as `targets_in_one_zone` reads it (`selected_place`), as ids.
    fn zone_things(&mut self, base: &Expr, filters: &[Filter], ids: &mut Ids, cx: &mut Ctx) -> Option<R<()>> {
        let (zones, cards) = match self.selected_place(base, filters, cx)? {
            Ok(place) => place,
            Err(h) => return Some(Err(h)),
        };
        let s = &self.w.state;
        for &z in zones.iter() {
            for &e in s.zones[z].items.iter().filter(|&&e| s.is_card(e) == cards) {
                ids.push(e);
            }
        }
        Some(self.tick_n(ids.n))
    }

    /// `top K cards of Z` (or `bottom`, or one card) as `select` reads it (`end_of`):
    /// the selection's step and the `of`'s, the zone, the count.
    fn end_things(
        &mut self,
        a: &Expr,
        b: &Expr,
        k: Option<&Expr>,
        bottom: bool,
        ids: &mut Ids,
        cx: &mut Ctx,
    ) -> Option<R<()>> {
        let cards = self.all_of_kind(a, cx)?;
        let mark = self.steps.mark();
        if let Err(h) = self.tick_n(2) {
            return Some(Err(h));
        }
        let z = match self.zone_or_back(b, mark, cx)? {
            Ok(z) => z,
            Err(h) => return Some(Err(h)),
        };
        let k = match k.map(|e| self.count(e, cx)) {
            Some(Ok(k)) => k,
            Some(Err(h)) => return Some(Err(h)),
            None => 1,
        };
        self.each_at_end(&[z], cards, k, bottom, |e| ids.push(e));
        Some(Ok(()))
    }

    /// `1 card from Z` (or `N cards`) as `select` reads it in an effect: the selection's
    /// step, `in_one_zone`'s candidates, the bounds, then the acting player's pick unless
    /// the candidates are exactly what is asked for.
    fn picked_things(
        &mut self,
        q: &Quantity,
        base: &Expr,
        filters: &[Filter],
        ids: &mut Ids,
        cx: &mut Ctx,
    ) -> Option<R<()>> {
        let cands = self.selected_place(base, filters, cx)?.and_then(|(zones, cards)| self.zone_cands(&zones, cards));
        Some(cands.and_then(|cands| self.pick_things(q, filters, base, cands, ids, cx)))
    }

    /// The rest of `picked_things`, once the candidates are known.
    pub(super) fn pick_things(
        &mut self,
        q: &Quantity,
        filters: &[Filter],
        base: &Expr,
        mut cands: List,
        ids: &mut Ids,
        cx: &mut Ctx,
    ) -> R<()> {
        let (min, max) = self.bounds(q, cands.len(), cx)?;
        let picked = if cands.len() == min && min == max {
            cands.truncate(max);
            Value::List(cands)
        } else {
            let end = filters.last().map(|f| f.span.end).unwrap_or(base.span.end);
            self.pick(super::choice::Prompt::Words(q.span.start..end), cands, min, max, cx)?
        };
        for t in picked.as_slice() {
            ids.push(self.ent(t)?);
        }
        Ok(())
    }
}

/// The clauses of a move the fused and compiled paths read: its destination (`to` or
/// `into`) and its `face up`/`face down`, if any; `None` for any other clause or none.
pub(super) fn move_clauses(e: &Effect) -> Option<(&Expr, Option<bool>)> {
    let (mut to, mut face) = (None, None);
    for c in &e.clauses {
        match &c.kind {
            ClauseKind::To(x) | ClauseKind::Into(x) if to.is_none() => to = Some(x),
            ClauseKind::Face(f) if face.is_none() => face = Some(*f == Face::Up),
            _ => return None,
        }
    }
    Some((to?, face))
}

/// The things a fused move moves, as ids: the first `ON_STACK` on the stack.
pub(super) struct Ids<'a> {
    stack: &'a mut [EntId; ON_STACK],
    heap: &'a mut Vec<EntId>,
    n: usize,
}

impl<'a> Ids<'a> {
    /// None yet, kept in `stack` while they fit, then in `heap`.
    pub(super) fn new(stack: &'a mut [EntId; ON_STACK], heap: &'a mut Vec<EntId>) -> Self {
        Ids { stack, heap, n: 0 }
    }

    /// The things pushed, in order.
    pub(super) fn as_slice(&self) -> &[EntId] {
        if self.n <= ON_STACK {
            &self.stack[..self.n]
        } else {
            &self.heap[..]
        }
    }

    #[inline]
    pub(super) fn push(&mut self, e: EntId) {
        if self.n < ON_STACK {
            self.stack[self.n] = e;
        } else {
            if self.n == ON_STACK {
                self.heap.extend_from_slice(&self.stack[..]);
            }
            self.heap.push(e);
        }
        self.n += 1;
    }

    /// How many it holds (repeats included, until `sort_dedup`).
    pub(super) fn len(&self) -> usize {
        self.n
    }

    /// The ids in increasing order, each once (the zones of players who share one).
    pub(super) fn sort_dedup(&mut self) {
        if self.n > ON_STACK {
            self.heap.sort_unstable();
            self.heap.dedup();
            self.n = self.heap.len();
            if self.n <= ON_STACK {
                // `as_slice` reads the stack again, and `push` fills the heap afresh.
                self.stack[..self.n].copy_from_slice(self.heap);
                self.heap.clear();
            }
            return;
        }
        let ids = &mut self.stack[..self.n];
        ids.sort_unstable();
        let mut kept = 0;
        for i in 0..ids.len() {
            if kept == 0 || ids[i] != ids[kept - 1] {
                ids[kept] = ids[i];
                kept += 1;
            }
        }
        self.n = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(pushed: &[EntId], then: &[EntId]) -> Vec<EntId> {
        let (mut stack, mut heap) = ([0; ON_STACK], vec![]);
        let mut ids = Ids::new(&mut stack, &mut heap);
        pushed.iter().for_each(|&x| ids.push(x));
        assert_eq!(ids.len(), pushed.len());
        ids.sort_dedup();
        then.iter().for_each(|&x| ids.push(x));
        ids.as_slice().to_vec()
    }

    #[test]
    fn sort_dedup_keeps_each_id_once_in_order_on_the_stack_or_the_heap() {
        assert_eq!(sorted(&[5, 2, 5, 1], &[]), [1, 2, 5]);
        let many: Vec<EntId> = (0..2 * ON_STACK).rev().collect();
        assert_eq!(sorted(&many, &[]), (0..2 * ON_STACK).collect::<Vec<_>>());
        // Many pushed, few left: read from the stack again, and pushing goes on after,
        // back onto the heap once the stack is full.
        let repeats = vec![3; 2 * ON_STACK];
        assert_eq!(sorted(&repeats, &[]), [3]);
        let more: Vec<EntId> = (10..10 + ON_STACK).collect();
        let expected: Vec<EntId> = std::iter::once(3).chain(more.iter().copied()).collect();
        assert_eq!(sorted(&repeats, &more), expected);
        assert_eq!(sorted(&[], &[4]), [4]);
    }
}
