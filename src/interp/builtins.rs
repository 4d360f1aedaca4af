//! The built-in functions: count, exists, min, max, sum, first, sort, most, adjacent,
//! neighbors, random, sees, distinct, numbers, space_at, reachable, highest.

use crate::check::env::FUNCTIONS;
use crate::engine::{List, PlayerId, Value};
use crate::syntax::ast::Expr;

use super::fast::Fx;
use super::{Ctx, Halt, Interp, R};

/// The built-in functions, in the order of `check::env::FUNCTIONS` (a compiled call holds
/// the index: `ast::Callee::Builtin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fun {
    Count,
    Exists,
    Min,
    Max,
    Sum,
    First,
    Sort,
    Most,
    Adjacent,
    Neighbors,
    Random,
    Sees,
    Distinct,
    Numbers,
    SpaceAt,
    Reachable,
    Highest,
}

const FUNS: [Fun; 17] = [
    Fun::Count,
    Fun::Exists,
    Fun::Min,
    Fun::Max,
    Fun::Sum,
    Fun::First,
    Fun::Sort,
    Fun::Most,
    Fun::Adjacent,
    Fun::Neighbors,
    Fun::Random,
    Fun::Sees,
    Fun::Distinct,
    Fun::Numbers,
    Fun::SpaceAt,
    Fun::Reachable,
    Fun::Highest,
];

/// The longest list `numbers(a, b)` makes, whatever the step budget.
const MOST_NUMBERS: i128 = 1_000_000;

/// The built-in function with index `f` in `check::env::FUNCTIONS`.
pub(super) fn fun_of(f: usize) -> Option<Fun> {
    FUNS.get(f).copied()
}

/// A key of `sum`, `sort` or `most`: its compiled node, and its typed form and closure.
type Key<'a> = (&'a Fx, Option<&'a super::closures::IntForm>);

impl Interp<'_> {
    /// `sum`, `sort` or `most` of `items` by `key`, compiled (`fast.rs` `Keyed`): what
    /// `builtin_fn` gives, with the same steps, the things and each key read by `fast`.
    /// The key is read typed when it has a typed form (`typed.rs`), else by `fast`.
    pub(super) fn fast_keyed(&mut self, fun: Fun, items: &Fx, (key, typed): Key, cx: &mut Ctx) -> Option<Value> {
        // `players`, the things most often ranked: the seated players read from the seats,
        // with the one step `fast` counts for the name and no list made.
        let mut seated = [0; 16];
        let (things, n) = match self.named_seated(items.expr(), &mut seated, cx) {
            Some(n) if fun != Fun::Sort => return self.keyed_seated(fun, &seated[..n.ok()?], (key, typed), cx),
            Some(n) => (List::new(), n.ok()?),
            None => {
                let v = self.fast(items, cx)?;
                (self.things_owned(v).ok()?, 0)
            }
        };
        // `sum` and `most` keep a running answer; only `sort` keeps every key.
        let mut keyed = vec![];
        let (mut total, mut top): (i64, Option<(i64, Option<Value>)>) = (0, None);
        for x in things.into_iter().chain(seated[..n].iter().map(|&p| Value::Player(p))) {
            let saved = cx.it.replace(x.clone());
            let k = self.key_of((key, typed), cx);
            cx.it = saved;
            let k = k?;
            match fun {
                Fun::Sum => total = total.saturating_add(k),
                Fun::Sort => keyed.push((k, x)),
                // The one thing with the highest key, none when several share it.
                _ => match &mut top {
                    Some((t, best)) if k == *t => *best = None,
                    Some((t, _)) if k < *t => {}
                    _ => top = Some((k, Some(x))),
                },
            }
        }
        Some(match fun {
            Fun::Sum => Value::Int(total),
            Fun::Sort => by_key(fun, keyed),
            _ => top.and_then(|(_, best)| best).unwrap_or(Value::Null),
        })
    }

    /// A key of `sum`, `sort` or `most` for the thing `it` is: typed when it has a typed
    /// form that does not give up, else compiled.
    #[inline(always)]
    fn key_of(&mut self, (key, typed): Key, cx: &mut Ctx) -> Option<i64> {
        if let Some(super::closures::IntForm { tv, closure }) = typed {
            if let Some(k) = closure.as_ref().and_then(|c| self.closure_int(c, tv, cx)) {
                return Some(k);
            }
            let mark = self.steps.mark();
            if let Some(k) = self.typed_int(tv, cx) {
                return Some(k);
            }
            self.steps.rewind(mark);
        }
        self.fast(key, cx).and_then(|k| self.int(&k, key.expr(), cx).ok())
    }

    /// `sum` or `most` of the seated players by a key (`most(players, points of it)`), as
    /// `fast_keyed` reads them: the same keys in seat order, with `it` bound to each, and
    /// no list or value made for the players.
    fn keyed_seated(&mut self, fun: Fun, seated: &[PlayerId], (key, typed): Key, cx: &mut Ctx) -> Option<Value> {
        let saved = cx.it.take();
        let (mut total, mut top): (i64, Option<(i64, Option<PlayerId>)>) = (0, None);
        let mut out = Some(());
        for &p in seated {
            cx.it = Some(Value::Player(p));
            let Some(k) = self.key_of((key, typed), cx) else {
                out = None;
                break;
            };
            match fun {
                Fun::Sum => total = total.saturating_add(k),
                // The one player with the highest key, none when several share it.
                _ => match &mut top {
                    Some((t, best)) if k == *t => *best = None,
                    Some((t, _)) if k < *t => {}
                    _ => top = Some((k, Some(p))),
                },
            }
        }
        cx.it = saved;
        out?;
        Some(match fun {
            Fun::Sum => Value::Int(total),
            _ => top.and_then(|(_, best)| best).map_or(Value::Null, Value::Player),
        })
    }

    /// Calls the built-in function with index `f` in `check::env::FUNCTIONS`.
    pub(super) fn builtin_fn(&mut self, f: usize, args: &[Expr], cx: &mut Ctx) -> R<Value> {
        let (Some(&fun), Some(&(name, ..))) = (FUNS.get(f), FUNCTIONS.get(f)) else {
            return Err(Halt::error(format!("unknown function #{f}")));
        };
        let arg = |i: usize| args.get(i).ok_or_else(|| Halt::error(format!("`{name}` needs more arguments")));
        match fun {
            Fun::Count | Fun::Exists | Fun::First if self.in_zones_only(arg(0)?, cx).is_some() => {
                // `count(cards in X)`, `exists(...)`, `first(...)`: X's zones are read in
                // place instead of listing their things.
                let zones = self.zones_of_selector(arg(0)?, cx)?;
                let (zones, cards) = match zones {
                    super::located::Selected::Zones(z, cards) => (z, cards),
                    super::located::Selected::Things(things) => {
                        return Ok(match fun {
                            Fun::Count => Value::Int(things.len() as i64),
                            Fun::Exists => Value::Bool(!things.is_empty()),
                            _ => things.into_iter().next().unwrap_or(Value::Null),
                        })
                    }
                };
                let s = &self.w.state;
                let kind = |e: &usize| s.is_card(*e) == cards;
                if fun == Fun::Count {
                    let n: usize = zones.iter().map(|&z| s.count_in(z, cards)).sum();
                    return Ok(Value::Int(n as i64));
                }
                let mut items = zones.iter().flat_map(|&z| s.zones[z].items.iter()).filter(|e| kind(e));
                Ok(match fun {
                    Fun::Exists => Value::Bool(items.next().is_some()),
                    _ => items.next().map_or(Value::Null, |&e| Value::Ent(e)),
                })
            }
            Fun::Count | Fun::Exists | Fun::First | Fun::Random | Fun::Neighbors => {
                let v = self.eval(arg(0)?, cx)?;
                // A selection's list is read as it is, not copied.
                let items = self.things_owned(v)?;
                Ok(match fun {
                    Fun::Count => Value::Int(items.len() as i64),
                    Fun::Exists => Value::Bool(!items.is_empty()),
                    Fun::First => items.into_iter().next().unwrap_or(Value::Null),
                    Fun::Random if items.is_empty() => Value::Null,
                    Fun::Random => {
                        let i = self.w.state.rng.below(items.len() as u64) as usize;
                        items[i].clone()
                    }
                    _ => Value::List(self.neighbors(&items)),
                })
            }
            Fun::Min | Fun::Max => {
                let mut nums = vec![];
                for a in args {
                    let v = self.eval(a, cx)?;
                    match v {
                        Value::List(l) if l.len() != 1 => {
                            for x in l {
                                nums.push(self.int(&x, a, cx)?);
                            }
                        }
                        v => nums.push(self.int(&v, a, cx)?),
                    }
                }
                let r = if fun == Fun::Min { nums.iter().min() } else { nums.iter().max() };
                Ok(Value::Int(r.copied().unwrap_or(0)))
            }
            Fun::Sum | Fun::Sort | Fun::Most | Fun::Highest => {
                let v = self.eval(arg(0)?, cx)?;
                let mut keyed = vec![];
                for x in self.things(&v)? {
                    keyed.push((self.keyed(&x, arg(1)?, cx)?, x));
                }
                Ok(by_key(fun, keyed))
            }
            Fun::Adjacent => {
                let (a, b) = (self.eval(arg(0)?, cx)?, self.eval(arg(1)?, cx)?);
                let a = super::select::first(a);
                Ok(Value::Bool(self.neighbors(&[a]).contains(&super::select::first(b))))
            }
            Fun::Distinct => {
                let v = self.eval(arg(0)?, cx)?;
                let items = self.things_owned(v)?;
                Ok(Value::List(self.distinct(items)))
            }
            Fun::Numbers => {
                let (lo, hi) = (self.eval(arg(0)?, cx)?, self.eval(arg(1)?, cx)?);
                let (lo, hi) = (self.int(&lo, arg(0)?, cx)?, self.int(&hi, arg(1)?, cx)?);
                // Each number made is a step: a list too long for the budget stops the
                // action (`twilit::budget`) before it is made, counting only the step that
                // runs out (not billions, which the game's whole budget would pay).
                let n = (i128::from(hi) - i128::from(lo) + 1).max(0);
                let room = i128::from(self.steps.room().max(0));
                self.tick_n(usize::try_from(n.min(room + 1)).unwrap_or(usize::MAX))?;
                // A budget raised past it (`--limit steps=...`) still makes no list that
                // could not fit in memory.
                if n > MOST_NUMBERS {
                    return Err(Halt::error(format!("`numbers` makes at most {MOST_NUMBERS} numbers, not {n}")));
                }
                Ok(Value::List((lo..=hi).map(Value::Int).collect()))
            }
            Fun::SpaceAt => {
                let (c, r) = (self.eval(arg(0)?, cx)?, self.eval(arg(1)?, cx)?);
                let (c, r) = (self.int(&c, arg(0)?, cx)?, self.int(&r, arg(1)?, cx)?);
                Ok(self.space_at(c, r).map_or(Value::Null, Value::Zone))
            }
            Fun::Reachable => {
                let from = self.eval(arg(0)?, cx)?;
                let from = self.things_owned(from)?;
                let through = self.eval(arg(1)?, cx)?;
                let through = self.things_owned(through)?;
                let most = match args.get(2) {
                    Some(a) => {
                        let v = self.eval(a, cx)?;
                        Some(self.int(&v, a, cx)?)
                    }
                    None => None,
                };
                self.spaces_reached(&from, &through, most).map(Value::List)
            }
            Fun::Sees => {
                let who = self.eval(arg(0)?, cx)?;
                let who = self.players(&who)?;
                let what = self.eval(arg(1)?, cx)?;
                let mut all = true;
                for t in self.things(&what)? {
                    let e = self.ent(&t)?;
                    all &= who.iter().all(|&p| self.w.state.sees(p, e));
                }
                Ok(Value::Bool(all))
            }
        }
    }

    /// The first of each kind of thing among `items`, in their order: a card per card
    /// definition (its copies are alike), a piece per kind and side; anything else (a
    /// player, a space) once. What a choice among a supply's piles offers: one of each.
    fn distinct(&self, items: List) -> List {
        let s = &self.w.state;
        let kind_of = |v: &Value| match v {
            Value::Ent(e) => Some(match s.ents[*e].kind {
                crate::engine::Kind::Card(c) => (0, c, 0),
                crate::engine::Kind::Piece(k) => (1, k as usize, s.ents[*e].side.map_or(0, |x| x as usize + 1)),
            }),
            _ => None,
        };
        let mut out = List::new();
        let mut seen = Vec::new();
        for v in items {
            match kind_of(&v) {
                Some(k) if seen.contains(&k) => {}
                Some(k) => {
                    seen.push(k);
                    out.push(v);
                }
                None if out.contains(&v) => {}
                None => out.push(v),
            }
        }
        out
    }

    /// A sort key: `expr` evaluated with `it` bound to `x`; a bare property name reads it.
    fn keyed(&mut self, x: &Value, key: &Expr, cx: &mut Ctx) -> R<i64> {
        let saved = cx.it.replace(x.clone());
        let v = self.eval(key, cx);
        cx.it = saved;
        let v = v?;
        self.int(&v, key, cx)
    }

    /// The spaces adjacent to any of `spaces`.
    fn neighbors(&self, spaces: &[Value]) -> List {
        let adjacent = &self.kept.adjacent;
        let laid_out = spaces.iter().all(|v| !matches!(v, Value::Zone(z) if *z >= adjacent.len()));
        if self.rules.board.is_none() || !laid_out {
            return self.neighbors_by_name(spaces);
        }
        let mut out = List::new();
        for v in spaces {
            let Value::Zone(z) = v else { continue };
            for &o in &adjacent[*z] {
                if !out.contains(&Value::Zone(o)) {
                    out.push(Value::Zone(o));
                }
            }
        }
        debug_assert_eq!(out, self.neighbors_by_name(spaces), "the kept adjacency differs from the board's");
        out
    }

    /// The spaces reachable from `from`: `from` first, then, ring by ring, each space of
    /// `through` adjacent to one reached (in the order `neighbors` gives), `most` rings at
    /// most. A breadth-first search: each space is reached once, at its fewest steps, so a
    /// `most` of 2 is a move of up to two. Each space reached is a step of the budget.
    fn spaces_reached(&mut self, from: &[Value], through: &[Value], most: Option<i64>) -> R<List> {
        let n = self.w.state.zones.len();
        let mut open = vec![false; n];
        for v in through {
            if let Value::Zone(z) = v {
                open[*z] = true;
            }
        }
        let mut seen = vec![false; n];
        let mut out = List::new();
        for v in from {
            if let Value::Zone(z) = *v {
                if !std::mem::replace(&mut seen[z], true) {
                    out.push(Value::Zone(z));
                }
            }
        }
        let (mut ring, mut rings) = (0, 0);
        // Each space's edges as `neighbors` reads them: kept, or from the board by name.
        let kept = self.rules.board.is_some() && self.kept.adjacent.len() >= n;
        while ring < out.len() && most.is_none_or(|m| rings < m) {
            let end = out.len();
            for i in ring..end {
                let Value::Zone(z) = out[i] else { continue };
                let next: List = if kept {
                    self.kept.adjacent[z].iter().map(|&o| Value::Zone(o)).collect()
                } else {
                    self.neighbors(&out[i..=i])
                };
                for v in next {
                    let Value::Zone(o) = v else { continue };
                    if open[o] && !std::mem::replace(&mut seen[o], true) {
                        self.tick()?;
                        out.push(v);
                    }
                }
            }
            (ring, rings) = (end, rings + 1);
        }
        Ok(out)
    }

    /// The board space whose `col` and `row` attributes are `c` and `r` (a `grid:` lays
    /// them out): of the places kept for the game, the first space listed there.
    fn space_at(&self, c: i64, r: i64) -> Option<crate::engine::ZoneId> {
        let places = &self.kept.places;
        let i = places.partition_point(|&(at, _)| at < (c, r));
        places.get(i).filter(|&&(at, _)| at == (c, r)).map(|&(_, z)| z)
    }

    /// `neighbors` from the board's edges, by name.
    fn neighbors_by_name(&self, spaces: &[Value]) -> List {
        let Some(board) = &self.rules.board else { return List::new() };
        let s = &self.w.state;
        let mut out = List::new();
        for v in spaces {
            let Value::Zone(z) = v else { continue };
            let name = &s.zones[*z].name;
            for (a, b) in &board.adjacency {
                let other = if &a.value == name {
                    &b.value
                } else if &b.value == name {
                    &a.value
                } else {
                    continue;
                };
                if let Some(o) = s.zone(other, None) {
                    if !out.contains(&Value::Zone(o)) {
                        out.push(Value::Zone(o));
                    }
                }
            }
        }
        out
    }
}

/// `sum`, `sort` (lowest first, stable) and `most` (the one strictly highest, else none)
/// over things paired with their keys.
fn by_key(fun: Fun, mut keyed: Vec<(i64, Value)>) -> Value {
    match fun {
        Fun::Sum => Value::Int(keyed.iter().fold(0i64, |t, (k, _)| t.saturating_add(*k))),
        Fun::Sort => {
            keyed.sort_by_key(|(k, _)| *k);
            Value::List(keyed.into_iter().map(|(_, x)| x).collect())
        }
        // Every thing with the highest key, in their order: a tie keeps them all.
        Fun::Highest => {
            let Some(top) = keyed.iter().map(|(k, _)| *k).max() else { return Value::List(List::new()) };
            Value::List(keyed.into_iter().filter(|(k, _)| *k == top).map(|(_, x)| x).collect())
        }
        _ => {
            let Some(top) = keyed.iter().map(|(k, _)| *k).max() else { return Value::Null };
            let mut best = keyed.into_iter().filter(|(k, _)| *k == top);
            match (best.next(), best.next()) {
                (Some((_, x)), None) => x,
                _ => Value::Null,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// A compiled call's index means the same function to the checker and here.
    #[test]
    fn the_functions_are_in_the_checkers_order() {
        assert_eq!(super::FUNS.len(), super::FUNCTIONS.len());
        for (f, (name, ..)) in super::FUNS.iter().zip(super::FUNCTIONS) {
            assert_eq!(format!("{f:?}").to_lowercase(), name.replace('_', ""));
        }
    }
}
