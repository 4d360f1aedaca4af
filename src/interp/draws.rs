//! Draws compiled once: `draw [N] [from Z] [into W] [for P]`, `N` written out (or none:
//! one), `Z` and `W` zones a compiled move reads (`moves.rs` `Place`, read as the
//! drawer's) or, where the draw names none, the game's `defaults:` (`draw_from`,
//! `draw_into`, found as the general path finds them), `P` `you` or a local bound to a
//! player. What the general path works out at every run
//! (`decks.rs` `draw`: the amount, the drawer, both zones as `zone_ref` reads them) is
//! read when the rules are compiled; a draw finds its zones, counts the steps of the
//! amount, the drawer and the zones at once, and draws through the same helpers
//! (`refill`, `relocate`).
//!
//! Kept in the statement's compiled form (`stmts.rs` `Code`), as moves are.
//!
//! Invariant: a compiled draw does what the general path does, with the same steps,
//! errors and events. Where a zone is not found, a binding is not what the shape needs or
//! the budget could run out before the first card moves, it has done nothing and the
//! general path runs instead. Debug builds compare its zones and steps with the general
//! path's.

use crate::engine::{Dest, Value};
use crate::syntax::ast::*;

use super::moves::Place;
use super::places::DefaultZone;
use super::rules::Rules;
use super::{Ctx, Interp, R};

/// Who draws.
#[derive(Debug, Clone)]
enum Drawer {
    /// The acting player (no `for`).
    You,
    /// `for you`.
    ForYou,
    /// `for x`, a local bound to a player (its slot and name).
    ForLocal(u32, Box<str>),
}

/// A zone a draw reads: named (its steps counted as `zone_ref` counts them), or the
/// game's default (found by `default_zone`, which counts no step).
#[derive(Debug, Clone)]
enum Zone {
    Named(Place),
    Default(DefaultZone),
}

impl Zone {
    fn steps(&self) -> usize {
        match self {
            Zone::Named(p) => p.steps(),
            Zone::Default(_) => 0,
        }
    }
}

/// A draw compiled once.
#[derive(Debug, Clone)]
pub(super) struct Draw {
    /// How many (written out), or one.
    n: Option<i64>,
    from: Zone,
    to: Zone,
    drawer: Drawer,
}

/// The compiled form of `e`, if it is a draw of the shape above.
pub(super) fn compile(rules: &Rules, e: &Effect) -> Option<Draw> {
    if e.verb != Verb::Draw {
        return None;
    }
    let n = match &e.objects[..] {
        [] => None,
        [Expr { kind: ExprKind::Int(n), .. }] => Some(*n),
        _ => return None,
    };
    let (mut from, mut to, mut drawer) = (None, None, Drawer::You);
    for c in &e.clauses {
        match &c.kind {
            ClauseKind::From(z) if from.is_none() => from = Some(Zone::Named(super::moves::place(rules, z)?)),
            ClauseKind::Into(z) | ClauseKind::To(z) if to.is_none() => {
                to = Some(Zone::Named(super::moves::place(rules, z)?))
            }
            ClauseKind::For(p) if matches!(drawer, Drawer::You) => {
                drawer = match &p.kind {
                    ExprKind::You => Drawer::ForYou,
                    ExprKind::Name(n, Res::Local(k)) => Drawer::ForLocal(*k, n.as_str().into()),
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    let from = match from {
        Some(z) => z,
        None => Zone::Default(DefaultZone::DrawFrom),
    };
    let to = match to {
        Some(z) => z,
        None => Zone::Default(DefaultZone::DrawInto),
    };
    Some(Draw { n, from, to, drawer })
}

impl Interp<'_> {
    /// Runs `e` as its compiled draw; `None`, having done nothing, where it has none or
    /// where the general path must run instead (see the module's invariant).
    pub(super) fn compiled_draw(&mut self, d: &Draw, _e: &Effect, cx: &mut Ctx) -> Option<R<()>> {
        if self.coverage.is_some() {
            return None;
        }
        // The drawer, and the steps of `amount` (a number written out is one) and of the
        // `for` (its value, one).
        let (who, first) = match &d.drawer {
            Drawer::You => (cx.you?, 0),
            Drawer::ForYou => (cx.you?, 1),
            Drawer::ForLocal(k, name) => match cx.slot(*k, name) {
                Some(&Value::Player(p)) => (p, 1),
                _ => return None,
            },
        };
        let first = first + usize::from(d.n.is_some());
        // Both zones are the drawer's, as `draw_for` reads them.
        let saved = cx.you.replace(who);
        let zones = self.draw_zone(&d.from, cx).zip(self.draw_zone(&d.to, cx));
        cx.you = saved;
        let (from, to) = zones?;
        let steps = first + d.from.steps() + d.to.steps();
        if self.steps.room() < steps as i64 {
            return None;
        }
        let n = d.n.unwrap_or(1).max(0) as usize;
        #[cfg(debug_assertions)]
        self.same_as_draw(_e, (from, to), n, steps, cx);
        self.steps.count(steps);
        // As `effect`: nothing arrives turned (the draw has no `face` clause).
        let saved = (cx.you.replace(who), self.arriving_face.take());
        let out = self.draw_between((from, Dest::Zone(to, true)), n, cx, |_, _| {});
        (cx.you, self.arriving_face) = saved;
        Some(out)
    }

    /// The zone `z` names for the acting player (the drawer), counting nothing.
    #[inline(always)]
    fn draw_zone(&self, z: &Zone, cx: &Ctx) -> Option<usize> {
        match z {
            Zone::Named(p) => self.place_zone(p, cx),
            &Zone::Default(which) => self.default_zone(which, cx.you).ok(),
        }
    }

    /// Debug builds: the general path finds the same number and zones with the same
    /// steps before the first card moves (from the same count, taken back after).
    #[cfg(debug_assertions)]
    fn same_as_draw(&mut self, e: &Effect, (from, to): (usize, usize), n: usize, steps: usize, cx: &mut Ctx) {
        let mark = self.steps.mark();
        let general_n = self.amount(e.objects.first(), cx).expect("the amount");
        assert_eq!(general_n as usize, n, "a compiled draw draws another number than the general path");
        let for_clause = e.clauses.iter().any(|c| matches!(c.kind, ClauseKind::For(_)));
        let who =
            if for_clause { self.beneficiaries(e, cx).expect("the drawer")[0] } else { cx.you.expect("a drawer") };
        let saved = cx.you.replace(who);
        let src = e.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::From(z) => Some(z),
            _ => None,
        });
        let general_from = match src {
            Some(z) => self.zone_ref(z, cx).map(|z| z.expect("the zone drawn from")),
            None => self.default_zone(DefaultZone::DrawFrom, Some(who)).ok(),
        };
        let general_to = match self.destination(e, cx).expect("the destination") {
            Some(d) => Some(d),
            None => self.default_zone(DefaultZone::DrawInto, Some(who)).ok().map(|z| Dest::Zone(z, true)),
        };
        cx.you = saved;
        let taken = self.steps.mark() - mark;
        self.steps.rewind(mark);
        assert_eq!(general_from, Some(from), "a compiled draw draws from another zone than the general path");
        assert!(matches!(general_to, Some(Dest::Zone(z, true)) if z == to), "a compiled draw draws elsewhere");
        assert_eq!(taken, steps as i64, "a compiled draw counts other steps than the general path");
    }
}
