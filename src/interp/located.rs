//! A selection's place read as zones: whether a selector is `cards in X` alone, the
//! zones its place is made of (else the things located there), and the cards or pieces
//! of zones in table order. `select.rs` and the in-place readers (`inplace.rs`) share it.

use crate::check::env::Sym;
use crate::engine::{List, Loc, Value, ZoneId};
use crate::syntax::ast::*;

use super::{Ctx, Interp, R};

impl Interp<'_> {
    /// `X of P at Z` (`armies of p at t`), `P` players: the `X` at `Z` that `P` own, in
    /// table order, found by looking at `Z` only — what the selection gives read as
    /// written (every `X` of `P`'s, a reserve of hundreds, tested for where it stands), as
    /// `X owned by P at Z` is found. (No debug check reads it again as written: `Z` may
    /// ask a question or draw, `at (choose 1 space)`.) `None` (nothing counted) for anything else: `X` no
    /// noun, `P` not players (`card of deck`), or either side more than a name.
    pub(super) fn of_players_at(&mut self, base: &Expr, f: &Filter, cx: &mut Ctx) -> Option<R<List>> {
        let ExprKind::Of(a, b) = &base.kind else { return None };
        let plain = |e: &Expr| matches!(e.kind, ExprKind::Name(..) | ExprKind::You | ExprKind::This);
        if !plain(a) || !plain(b) {
            return None;
        }
        let mark = self.steps.mark();
        let (noun, owners) = match (self.eval(a, cx), self.eval(b, cx)) {
            (Ok(n), Ok(o)) => (n, o),
            _ => {
                self.steps.rewind(mark);
                return None;
            }
        };
        let players = owners.items().iter().all(|o| matches!(o, Value::Player(_))) && !owners.items().is_empty();
        let Some(info) = self.noun_of(a, &noun).filter(|_| players) else {
            self.steps.rewind(mark);
            return None;
        };
        let found = self.noun_located(&info, f, cx).map(|mut here| {
            let s = &self.w.state;
            let owned = |c: &Value| match c {
                Value::Ent(e) => s.ents[*e].owner.is_some_and(|p| owners.items().contains(&Value::Player(p))),
                _ => false,
            };
            here.retain(owned);
            here
        });
        Some(found)
    }

    /// Whether `e` is `cards in X` (or pieces) with no quantity and no other filter (what
    /// `zones_of_selector` reads), and which kind; nothing is evaluated.
    pub(super) fn in_zones_only(&self, e: &Expr, cx: &Ctx) -> Option<bool> {
        let ExprKind::Select { quantity: None, base, filters } = &e.kind else { return None };
        match &filters[..] {
            [Filter { kind: FilterKind::In(_) | FilterKind::From(_) | FilterKind::At(_), .. }] => {
                self.all_of_kind(base, cx)
            }
            _ => None,
        }
    }

    /// Evaluates a selector that `in_zones_only` accepted, as `select` would: its zones and
    /// kind when the place is made of zones, else the things it selects.
    pub(super) fn zones_of_selector(&mut self, e: &Expr, cx: &mut Ctx) -> R<Selected> {
        let (Some(cards), ExprKind::Select { filters, .. }) = (self.in_zones_only(e, cx), &e.kind) else {
            return Ok(Selected::Things(List::new()));
        };
        // The tick `eval` would count; `located_in` counts the selection's.
        self.tick()?;
        self.located_in(&filters[0], cards, cx)
    }

    /// The cards (or pieces) an `in`/`from`/`at` filter `f` keeps: its place's zones when
    /// it is made of zones (read in place, in table order), else the things located there.
    pub(super) fn located_in(&mut self, f: &Filter, cards: bool, cx: &mut Ctx) -> R<Selected> {
        self.tick()?;
        let arg = self.filter_arg(f, cx)?.unwrap_or(Value::Null);
        Ok(match self.zones_in(&arg) {
            Some(zones) => Selected::Zones(zones, cards),
            None => Selected::Things(
                self.all_ents(cards).into_iter().map(Value::Ent).filter(|c| self.located(c, &arg)).collect(),
            ),
        })
    }

    /// Whether `base` is the built-in noun for every card (`Some(true)`) or every piece
    /// (`Some(false)`), not rebound by a local.
    #[inline]
    pub(super) fn all_of_kind(&self, base: &Expr, cx: &Ctx) -> Option<bool> {
        let ExprKind::Name(n, res) = &base.kind else { return None };
        if let Res::Global(i) = res {
            // Compiled: the name's meaning is read by index, no word is compared.
            return global_of_kind(self.rules, *i);
        }
        self.all_of_kind_named(n, cx)
    }

    /// `all_of_kind` of a name not compiled (a scenario's script): by its word.
    #[inline(never)]
    fn all_of_kind_named(&self, n: &str, cx: &Ctx) -> Option<bool> {
        let cards = match n {
            "card" | "cards" => true,
            "piece" | "pieces" => false,
            _ => return None,
        };
        // Only an unresolved name may be bound.
        if cx.get(n).is_some() {
            return None;
        }
        let sym = self.rules.env.lookup(n);
        matches!(sym, Some(Sym::Builtin(_))).then_some(cards)
    }

    /// The zones a place is made of, in table order (`None` when it holds other things).
    pub(super) fn zones_in(&self, place: &Value) -> Option<Zones> {
        // Most places are one zone (`cards in hand`): nothing to sort, nothing to allocate.
        if let Value::Zone(z) = place {
            return Some(Zones::One([*z]));
        }
        fn walk(v: &Value, out: &mut Vec<ZoneId>) -> bool {
            match v {
                Value::Zone(z) => {
                    out.push(*z);
                    true
                }
                Value::List(l) => l.iter().all(|x| walk(x, out)),
                Value::Null => true,
                _ => false,
            }
        }
        let mut out = vec![];
        walk(place, &mut out).then(|| {
            out.sort_unstable();
            out.dedup();
            Zones::Many(out)
        })
    }

    /// The cards (or pieces) in `zones`, zone by zone, top first.
    pub(super) fn in_zones(&self, zones: &[ZoneId], cards: bool) -> List {
        let s = &self.w.state;
        let mut out = List::with_capacity(zones.iter().map(|&z| s.zones[z].items.len()).sum());
        for &z in zones {
            let items = s.zones[z].items.iter().copied();
            out.extend(items.filter(|&e| s.is_card(e) == cards).map(Value::Ent));
        }
        out
    }

    /// Whether `c` is in one of the zones of `place`, or is one of its things.
    pub(super) fn located(&self, c: &Value, place: &Value) -> bool {
        let s = &self.w.state;
        place.as_slice().iter().any(|p| match (p, c) {
            (Value::Zone(z), Value::Ent(e)) => s.ents[*e].loc == Loc::Zone(*z),
            (Value::List(_), _) => self.located(c, p),
            (x, y) => x == y,
        })
    }
}

/// What `zones_of_selector` found: zones to read in place (and whether cards or pieces),
/// or the things themselves when the place is not made of zones.
pub(super) enum Selected {
    /// Zones in table order, and whether cards (else pieces).
    Zones(Zones, bool),
    /// The things selected.
    Things(List),
}

/// The zones of a place, in table order: most places are one zone, kept without a list.
pub(super) enum Zones {
    One([ZoneId; 1]),
    Many(Vec<ZoneId>),
}

impl std::ops::Deref for Zones {
    type Target = [ZoneId];
    fn deref(&self) -> &[ZoneId] {
        match self {
            Zones::One(z) => z,
            Zones::Many(v) => v,
        }
    }
}

/// `all_of_kind` of the compiled name with index `i`: every card (`Some(true)`), every
/// piece (`Some(false)`), or another name.
#[inline]
pub(super) fn global_of_kind(rules: &super::Rules, i: u32) -> Option<bool> {
    use super::compile::{Builtin, Global};
    match rules.globals.get(i as usize) {
        Some(Global::Builtin(Builtin::Cards)) => Some(true),
        Some(Global::Builtin(Builtin::Pieces)) => Some(false),
        _ => None,
    }
}
