//! Typed conditions: the commonest shapes of a compiled condition (`fast.rs`) evaluated
//! straight from the state, with no `Value` made or dropped between nodes and no
//! fallback at every node: `==`/`!=` of operands read in place (`operand.rs`), number
//! comparisons and arithmetic, `and`/`or`/`not`, counters, properties and relations of
//! `this`, `it` or a value procedure's answer, the cards of a zone. A condition node of
//! `fast.rs` carries its typed form when all of it has one (`Fx::typed`, made by
//! `typed_form.rs`); the guards of `play:` scripts, `requires:`, the game's `end:` and
//! value procedures are such nodes.
//!
//! Invariant (`fast.rs`'s): a typed node gives what `eval` gives for its expression and
//! counts the same steps, through the same helpers. A typed condition that meets
//! anything else (a value of another kind, an error, a spent budget) gives up as a
//! whole: its steps are taken back and its `Fx` evaluates it again from the start, which
//! changes nothing since it only reads. Debug builds compare every compiled condition
//! with `eval` (`fast_checked`).

use crate::engine::{CounterId, Holder, Value};
use crate::load::CounterOn;
use crate::syntax::ast::BinOp;

use super::eval::{compare, int_of, logic_side, truth_of};
use super::fast::{Fun, Of};
use super::ids::Ti;
use super::operand::{Operand, Other};
use super::relation::Rel;
use super::rules::Rules;
use super::{Ctx, Interp};

/// A typed condition: its value is always a truth.
#[derive(Debug)]
pub(super) enum Tb {
    /// `==` (`false`) or `!=` (`true`) of two operands.
    Same(bool, Tv, Tv),
    /// `<`, `<=`, `>`, `>=` of two numbers.
    Cmp(BinOp, Tv, Tv),
    /// `and`, `or`.
    Logic(BinOp, Box<Tx>, Box<Tx>),
    Not(Box<Tx>),
    /// A value procedure whose body is a condition, called without arguments: its body
    /// inlined (see `Tv::Inline`).
    Inline(Box<Tb>),
    /// `count(cards in Z) OP N` for a number `N` (`==`, `!=`, `<`, ...; the count on
    /// either side): the commonest test of a zone, read in one node. `steps` are those
    /// the comparison, the count and the number take as separate nodes.
    Count {
        op: BinOp,
        cards: bool,
        key: u32,
        of: Of,
        n: i64,
        steps: usize,
    },
    /// `C OP N` for a counter `C` the game keeps and a number `N` (`==`, `!=`, `<`, ...;
    /// the counter on either side): the commonest test of a count, read in one node with
    /// the steps of the comparison, the counter and the number (three).
    CounterCmp {
        op: BinOp,
        id: CounterId,
        n: i64,
    },
    /// `P of this == V` (or of `it`, `!=`, either side) for a property `P` and a
    /// literal or a typed operand `V`: a card's commonest test, read in one node with the
    /// steps of the comparison, the property, `this` and `V` (`operand.rs` `prop_is`).
    PropIs {
        ne: bool,
        prop: u32,
        id: Option<u32>,
        statics: bool,
        it: bool,
        other: Other,
        other_left: bool,
    },
    /// `exists(players where count(cards in Z of it) OP N)`, written out or through a
    /// value procedure inlined (`inlined`: `exists(emptied())`), `Count`'s fields for
    /// its condition: whether some seated player's zone holds such a count, read seat by
    /// seat in one node with the steps of `exists`, the call, `where` and each count.
    AnyCount {
        inlined: bool,
        op: BinOp,
        cards: bool,
        key: u32,
        n: i64,
        steps: usize,
    },
    /// `==` (`false`) or `!=` (`true`) of two players, things or zones read without a
    /// `Value` (`you == active_player`, `zone of this == hand`): the commonest tests of
    /// whose turn it is and where a card is. `steps` are those of the comparison and its
    /// two operands as separate nodes (`ids.rs`).
    SameId(bool, Ti, Ti, usize),
}

/// A part of a typed condition that `and`, `or` and `not` read as a truth.
#[derive(Debug)]
pub(super) enum Tx {
    /// A condition.
    Cond(Tb),
    /// Another value (a value procedure's, `exists(...)`).
    Value(Tv),
}

/// A typed operand.
#[derive(Debug)]
pub(super) enum Tv {
    Lit(Value),
    /// A local (a `let`, a `for each` variable, a parameter), read by its name.
    Local(String),
    /// One of the script's own bindings, read from its slot (`Res::Local`).
    Slot(u32, String),
    You,
    This,
    It,
    /// `active_player`.
    Active,
    /// A zone named alone: the acting player's, else the shared one (name index).
    Zone(u32),
    /// A counter kept on the game or on players (name index, id, where, statics).
    Counter(u32, CounterId, CounterOn, bool),
    /// `P of X` for a property `P` (name index, id, statics).
    Prop(u32, Option<u32>, bool, Box<Tv>),
    /// `P of this` (`false`) or `P of it` (`true`): the commonest `Prop`, its thing read
    /// in place.
    PropOf(u32, Option<u32>, bool, bool),
    /// A property named alone (`penalty`, a key of `sum`): `it`'s, one node (name
    /// index, id, statics).
    ItProp(u32, Option<u32>, bool),
    /// `R of X` for a relation `R` (`zone`, `owner`, ...) of one value (name index).
    Rel(u32, Rel, Box<Tv>),
    /// `C of X` for a counter `C` (name index, id, statics, what it is kept on) of one
    /// holder (`points of it`).
    CounterOf(u32, CounterId, bool, CounterOn, Box<Tv>),
    /// `count`/`exists`/`first` of a zone's cards (`fast.rs` `InZone`).
    InZone {
        fun: Fun,
        cards: bool,
        key: u32,
        of: Of,
    },
    /// `count`/`exists`/`first` of the things of a value.
    Things(Fun, Box<Tv>),
    /// `count(players)`.
    CountPlayers,
    /// `+`, `-`, `*`.
    Num(BinOp, Box<Tv>, Box<Tv>),
    /// A value procedure called without arguments.
    Proc(u32),
    /// `players where C` (its `it` is each player in turn, not the caller's).
    Where(Box<Tx>),
    /// A value procedure called without arguments, its body inlined: it
    /// reads neither `it` nor locals, so the caller's `you` and `this` are its own.
    Inline(Box<Tx>),
}

/// `players where C`, or a procedure's body inlined that is one (`true`), and its `C`.
pub(super) fn where_of(x: &Tv) -> Option<(bool, &Tx)> {
    match x {
        Tv::Where(c) => Some((false, c)),
        Tv::Inline(body) => match &**body {
            Tx::Value(Tv::Where(c)) => Some((true, c)),
            _ => None,
        },
        _ => None,
    }
}

impl Interp<'_> {
    /// A typed condition's truth; `None` when it gives up (see the module's invariant).
    pub(super) fn typed(&mut self, t: &Tb, cx: &mut Ctx) -> Option<bool> {
        // The step `eval` counts for the node.
        self.tick().ok()?;
        match t {
            Tb::Same(ne, a, b) => {
                let (l, r) = (self.typed_operand(a, cx)?, self.typed_operand(b, cx)?);
                Some(self.same(self.operand_value(&l), self.operand_value(&r)) != *ne)
            }
            Tb::Cmp(op, a, b) => {
                let x = self.typed_int(a, cx)?;
                let y = self.typed_int(b, cx)?;
                Some(compare(*op, x, y))
            }
            Tb::Logic(op, a, b) => {
                // The first side as `fast_logic` reads it (a value other than a truth is
                // read as one only when it is nothing and the test is `and`).
                let x = match &**a {
                    Tx::Cond(c) => self.typed(c, cx)?,
                    Tx::Value(v) => {
                        let o = self.typed_operand(v, cx)?;
                        logic_side(*op, self.operand_value(&o))?
                    }
                };
                if (*op == BinOp::Or && x) || (*op == BinOp::And && !x) {
                    return Some(x);
                }
                self.typed_part(b, cx)
            }
            Tb::Not(x) => Some(!self.typed_part(x, cx)?),
            // As `Tv::Inline`.
            Tb::Inline(body) => self.one_call_deeper(|me| me.typed(body, cx)),
            &Tb::Count { op, cards, key, of, n, steps } => {
                // Its first step was counted above.
                self.tick_n(steps - 1).ok()?;
                Some(compare(op, self.zone_count(cards, key, of, cx)?, n))
            }
            &Tb::CounterCmp { op, id, n } => {
                // Its first step was counted above; the counter's and the number's. A
                // count the game keeps is read as it is (nothing modifies it).
                self.tick_n(2).ok()?;
                Some(compare(op, self.w.state.counter_at(id, Holder::Game), n))
            }
            // Its first step was counted above.
            &Tb::AnyCount { inlined, op, cards, key, n, steps } => self.any_count(inlined, (op, cards, key, n, steps)),
            &Tb::SameId(ne, a, b, steps) => self.same_ids(ne, (a, b), steps - 1, cx),
            Tb::PropIs { ne, prop, id, statics, it, other, other_left } => {
                let thing = if *it { &cx.it } else { &cx.this };
                let e = match thing {
                    Some(Value::Ent(e)) => Some(*e),
                    _ => None,
                };
                let same = self.prop_is((*prop, *id, *statics), e, (other, *other_left), cx)?;
                Some(same != *ne)
            }
        }
    }

    /// `Tb::SameId`'s truth, counting `steps` of its own (`None`: it gives up). The ids
    /// are read before the steps are counted: reading them changes nothing.
    #[inline(always)]
    pub(super) fn same_ids(&mut self, ne: bool, ids: (Ti, Ti), steps: usize, cx: &Ctx) -> Option<bool> {
        let held = self.ids_hold(ne, ids, cx)?;
        self.tick_n(steps).ok()?;
        Some(held)
    }

    /// Whether two ids are the same (`ne`: differ), read with no step counted (`None`:
    /// it gives up).
    #[inline(always)]
    pub(super) fn ids_hold(&self, ne: bool, (a, b): (Ti, Ti), cx: &Ctx) -> Option<bool> {
        Some((self.id_of(a, cx)? == self.id_of(b, cx)?) != ne)
    }

    /// A part read as a truth (`fast_truth`).
    #[inline(always)]
    pub(super) fn typed_part(&mut self, x: &Tx, cx: &mut Ctx) -> Option<bool> {
        match x {
            Tx::Cond(c) => self.typed(c, cx),
            Tx::Value(v) => {
                let o = self.typed_operand(v, cx)?;
                truth_of(self.operand_value(&o))
            }
        }
    }

    /// A typed operand as a number (`None`: it gives up). The two commonest, a number
    /// and a count the game keeps, are read where they are asked for: each is a few
    /// instructions, fewer than a call's frame.
    #[inline(always)]
    pub(super) fn typed_int(&mut self, t: &Tv, cx: &mut Ctx) -> Option<i64> {
        // What `typed_operand` gives for them and the same step, then `int_of`.
        match t {
            Tv::Lit(Value::Int(n)) => {
                self.tick().ok()?;
                Some(*n)
            }
            &Tv::Counter(_, id, CounterOn::Game, _) => {
                // `counter_at` reads a count the game keeps as it is (nothing modifies it).
                self.tick().ok()?;
                Some(self.w.state.counter_at(id, Holder::Game))
            }
            _ => self.typed_int_node(t, cx),
        }
    }

    /// `typed_int` of the other operands.
    #[inline(never)]
    fn typed_int_node(&mut self, t: &Tv, cx: &mut Ctx) -> Option<i64> {
        // The commonest numbers, read without an `Operand`.
        match t {
            Tv::CountPlayers => {
                // `typed_operand`'s step for the node, then `players`' own.
                self.tick_n(2).ok()?;
                Some(self.w.state.seated_count() as i64)
            }
            Tv::Num(op, a, b) => {
                self.tick().ok()?;
                let x = self.typed_int(a, cx)?;
                let y = self.typed_int(b, cx)?;
                int_of(&super::eval::numbers(*op, x, y)?)
            }
            // A card's printed number (`value of first(cards in bid of it)`, a key of
            // `most`): read from its definition, as `typed_operand` then `int_of` read it.
            Tv::Prop(i, id, statics, x) => {
                self.tick().ok()?;
                // The thing as an id, with `typed_operand`'s steps (`operand.rs`).
                let e = self.typed_ent(x, cx)?;
                self.printed_int(e, *id, *statics).or_else(|| {
                    let p = self.prop_operand(*i, *id, *statics, e)?;
                    int_of(self.operand_value(&p))
                })
            }
            // `P of this`, `P of it` (the node and the thing's), `P` alone (one node).
            &Tv::PropOf(i, id, statics, _) | &Tv::ItProp(i, id, statics) => {
                let (steps, it) = match *t {
                    Tv::PropOf(.., it) => (2, it),
                    _ => (1, true),
                };
                self.tick_n(steps).ok()?;
                let Some(Value::Ent(e)) = (if it { &cx.it } else { &cx.this }) else { return None };
                let e = *e;
                self.printed_int(e, id, statics).or_else(|| {
                    let p = self.prop_operand(i, id, statics, e)?;
                    int_of(self.operand_value(&p))
                })
            }
            _ => {
                let o = self.typed_operand(t, cx)?;
                int_of(self.operand_value(&o))
            }
        }
    }

    /// A typed operand's value, where it is (`operand.rs`), with the steps `fast` counts.
    pub(super) fn typed_operand<'f>(&mut self, t: &'f Tv, cx: &mut Ctx) -> Option<Operand<'f>> {
        // The step `eval` counts for the node.
        self.tick().ok()?;
        let made = |v: Value| Some(Operand::Made(v));
        match t {
            Tv::Lit(v) => Some(Operand::Lit(v)),
            // Bound, it is what `name` reads; anything else `eval` looks up.
            Tv::Local(n) => made(cx.get(n)?.clone()),
            Tv::Slot(k, n) => made(cx.slot(*k, n)?.clone()),
            Tv::You => made(Value::Player(cx.you?)),
            Tv::This | Tv::It => match if matches!(t, Tv::This) { &cx.this } else { &cx.it } {
                Some(Value::Ent(e)) => made(Value::Ent(*e)),
                Some(Value::Player(p)) => made(Value::Player(*p)),
                _ => None,
            },
            Tv::Active => made(Value::Player(self.w.state.active()?)),
            // `zone_at`'s zone; when there is none, `eval` raises the error.
            Tv::Zone(i) => made(Value::Zone(self.zone_keyed_of(*i, cx.you)?)),
            // A count the game keeps: read as it is (nothing modifies it), as `typed_int`
            // reads it, with no name looked up.
            &Tv::Counter(_, id, CounterOn::Game, _) => made(Value::Int(self.w.state.counter_at(id, Holder::Game))),
            Tv::Counter(i, id, on, statics) => {
                let holder = match on {
                    CounterOn::Game => Holder::Game,
                    _ => match (&cx.it, cx.you) {
                        (Some(Value::Player(p)), _) => Holder::Player(*p),
                        (_, Some(p)) => Holder::Player(p),
                        _ => return None,
                    },
                };
                let rules: &Rules = self.rules;
                let canon = rules.env.entry(*i)?.0;
                made(Value::Int(self.counter_at(canon, *id, *statics, holder).ok()?))
            }
            Tv::Prop(i, id, statics, x) => {
                let o = self.typed_operand(x, cx)?;
                let Value::Ent(e) = *self.operand_value(&o) else { return None };
                self.prop_operand(*i, *id, *statics, e)
            }
            &Tv::PropOf(i, id, statics, it) => {
                // The step of `this` or `it`, a node of its own in `Tv::Prop`.
                self.tick().ok()?;
                let Some(Value::Ent(e)) = (if it { &cx.it } else { &cx.this }) else { return None };
                self.prop_operand(i, id, statics, *e)
            }
            // `global`'s: `it`'s property (its node's step was counted above).
            &Tv::ItProp(i, id, statics) => {
                let Some(Value::Ent(e)) = &cx.it else { return None };
                self.prop_operand(i, id, statics, *e)
            }
            Tv::CounterOf(i, id, statics, on, x) => {
                // `of_right`'s: the holder the value is (its `on:` compiled), the count.
                let o = self.typed_operand(x, cx)?;
                let rules: &Rules = self.rules;
                let canon = rules.env.entry(*i)?.0;
                let h = self.holder_kept(self.operand_value(&o), canon, Some(*on)).ok()?;
                made(Value::Int(self.counter_at(canon, *id, *statics, h).ok()?))
            }
            Tv::Rel(i, rel, x) => {
                let o = self.typed_operand(x, cx)?;
                let v = match o {
                    Operand::Made(v @ (Value::Ent(_) | Value::Player(_) | Value::Zone(_) | Value::Null)) => v,
                    _ => return None,
                };
                let rules: &Rules = self.rules;
                let canon = rules.env.entry(*i)?.0;
                made(self.relation_of(*rel, canon, &v).ok()?)
            }
            Tv::InZone { fun, cards, key, of } => made(self.fast_in_zone(*fun, *cards, *key, *of, cx)?),
            Tv::Things(fun, x) => {
                if let Some((inlined, c)) = where_of(x) {
                    return made(self.things_where(*fun, inlined, c, cx)?);
                }
                let o = self.typed_operand(x, cx)?;
                let v = match o {
                    Operand::Made(v) => v,
                    o => self.operand_value(&o).clone(),
                };
                // A list of things or players is its own things: counted as it is.
                let items = self.things_owned(v).ok()?;
                made(match fun {
                    Fun::Count => Value::Int(items.len() as i64),
                    Fun::Exists => Value::Bool(!items.is_empty()),
                    Fun::First => items.into_iter().next().unwrap_or(Value::Null),
                })
            }
            Tv::CountPlayers => {
                // `players`' own node, as `fast_node` counts it.
                self.tick().ok()?;
                made(Value::Int(self.w.state.seated_count() as i64))
            }
            Tv::Num(op, a, b) => {
                let x = self.typed_int(a, cx)?;
                let y = self.typed_int(b, cx)?;
                made(super::eval::numbers(*op, x, y)?)
            }
            Tv::Proc(i) => made(self.fast_proc(*i, cx)?),
            Tv::Where(c) => made(self.typed_where(c, cx)?),
            Tv::Inline(body) => {
                // As `fast_proc` calls it: one call deeper, then its body's value,
                // remembered or not (a remembered answer is the same value and counts the
                // same steps again).
                self.one_call_deeper(|me| match &**body {
                    Tx::Cond(c) => me.typed(c, cx).map(|b| Operand::Made(Value::Bool(b))),
                    Tx::Value(v) => me.typed_operand(v, cx),
                })
            }
        }
    }
}
