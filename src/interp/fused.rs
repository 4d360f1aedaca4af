//! `move S to Z`, the commonest statement of whole games, run fused: its things read as
//! ids and its destination as a zone, without the layers the general path goes through
//! (`effect`, `move_like`, `targets`, `destination`) and without a list of values made
//! for what it moves. `S` is `this`, a local bound to one card or piece, or `cards in Z'`
//! as `in_one_zone` reads it; `Z` a zone `zone_ref` reads; a `face up`/`face down`
//! clause may follow. Any other move, a statement whose value is kept (`let x = move
//! ...`), and a run recording coverage take the general path.
//!
//! Invariant: a fused move does what the general path does, in the same order, with the
//! same steps, through the same helpers (`one_zone_place`, `zone_ref`, `relocate`,
//! `face`) and with errors placed where it places them. Where its shape turns out to be
//! another only after steps were counted (a destination `zone_ref` does not read), the
//! steps are taken back and the general path runs from the start: nothing but steps
//! happened before.

use crate::engine::{Dest, EntId, Value};
use crate::syntax::ast::*;

use super::{Ctx, Interp, R};

/// How many things a fused move keeps on the stack (more go to the heap).
const ON_STACK: usize = 16;

impl Interp<'_> {
    /// Runs `e` fused if it is a move of that shape; `None`, having done nothing, if not.
    pub(super) fn fused_move(&mut self, e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        if e.verb != Verb::Move || self.coverage.is_some() {
            return None;
        }
        let [o] = &e.objects[..] else { return None };
        let (mut to, mut face) = (None, None);
        for c in &e.clauses {
            match &c.kind {
                ClauseKind::To(x) | ClauseKind::Into(x) if to.is_none() => to = Some(x),
                ClauseKind::Face(f) if face.is_none() => face = Some(*f == Face::Up),
                _ => return None,
            }
        }
        let to = to?;
        let mark = self.steps.mark();
        let mut stack = [0; ON_STACK];
        let mut heap = vec![];
        let things = match self.move_things(o, &mut stack, &mut heap, cx)? {
            Ok(n) if n <= ON_STACK => &stack[..n],
            Ok(_) => &heap[..],
            Err(h) => return Some(Err(h)),
        };
        let z = match self.zone_ref(to, cx) {
            Some(Ok(z)) => z,
            Some(Err(h)) => return Some(Err(h)),
            None => {
                self.steps.rewind(mark);
                return None;
            }
        };
        // As `effect`: the things turn as they arrive, so their moves are logged so seen.
        let saved = std::mem::replace(&mut self.arriving_face, face);
        let out = self.relocate_all(e, things, z, cx);
        self.arriving_face = saved;
        Some(out)
    }

    /// What `move_like` does with its things and destination.
    fn relocate_all(&mut self, e: &Effect, things: &[EntId], z: usize, cx: &Ctx) -> R<()> {
        for &ent in things {
            self.relocate("move", &Value::Ent(ent), Dest::Zone(z, true), cx)?;
            self.face(e, ent);
        }
        Ok(())
    }

    /// The things `targets` gives for `o`, as ids: in `stack` when they fit, else in
    /// `heap`, and how many. `None`, having counted nothing, for another shape.
    fn move_things(
        &mut self,
        o: &Expr,
        stack: &mut [EntId; ON_STACK],
        heap: &mut Vec<EntId>,
        cx: &mut Ctx,
    ) -> Option<R<usize>> {
        // Errors are placed where `targets` places them: at the object.
        let placed = |out: R<usize>, cx: &Ctx| {
            out.map_err(|mut h| {
                h.place(&o.span, cx);
                h
            })
        };
        let one = match &o.kind {
            ExprKind::This => match cx.this {
                Some(Value::Ent(e)) => e,
                _ => return None,
            },
            ExprKind::Name(n, Res::Local(k)) => match cx.slot(*k, n) {
                Some(Value::Ent(e)) => *e,
                _ => return None,
            },
            ExprKind::Select { quantity: None, base, filters } => {
                // `targets_in_one_zone`: the selection's step, then `in_one_zone`'s.
                let mark = self.steps.mark();
                if let Err(h) = self.tick() {
                    return Some(placed(Err(h), cx));
                }
                let (zones, cards) = match self.one_zone_place(base, filters, cx) {
                    Some(Ok(place)) => place,
                    Some(Err(h)) => return Some(placed(Err(h), cx)),
                    None => {
                        self.steps.rewind(mark);
                        return None;
                    }
                };
                let s = &self.w.state;
                let mut n = 0;
                for &z in zones.iter() {
                    for &e in s.zones[z].items.iter().filter(|&&e| s.is_card(e) == cards) {
                        if n < ON_STACK {
                            stack[n] = e;
                        } else {
                            if n == ON_STACK {
                                heap.extend_from_slice(&stack[..]);
                            }
                            heap.push(e);
                        }
                        n += 1;
                    }
                }
                let out = self.tick_n(n).map(|()| n);
                return Some(placed(out, cx));
            }
            _ => return None,
        };
        // `eval` of `this` or a local: its one step.
        let out = self.tick().map(|()| {
            stack[0] = one;
            1
        });
        Some(placed(out, cx))
    }
}
