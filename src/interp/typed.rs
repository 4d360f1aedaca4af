//! Typed conditions: the commonest shapes of a compiled condition (`fast.rs`) evaluated
//! straight from the state, with no `Value` made or dropped between nodes and no
//! fallback at every node: `==`/`!=` of operands read in place (`operand.rs`), number
//! comparisons and arithmetic, `and`/`or`/`not`, counters, properties and relations of
//! `this`, `it` or a value procedure's answer, the cards of a zone. A condition node of
//! `fast.rs` carries its typed form when all of it has one (`Fx::typed`); the guards of
//! `play:` scripts, `requires:`, the game's `end:` and value procedures are such nodes.
//!
//! Invariant (`fast.rs`'s): a typed node gives what `eval` gives for its expression and
//! counts the same steps, through the same helpers. A typed condition that meets
//! anything else (a value of another kind, an error, a spent budget) gives up as a
//! whole: its steps are taken back and its `Fx` evaluates it again from the start, which
//! changes nothing since it only reads. Debug builds compare every compiled condition
//! with `eval` (`fast_checked`).

use crate::engine::{CounterId, Holder, Value};
use crate::load::CounterOn;
use crate::syntax::ast::{BinOp, ExprKind, Res};

use super::compile::{Builtin, Global};
use super::eval::{compare, int_of, logic_side, truth_of};
use super::fast::{Fun, Fx, Kind, Of};
use super::ids::{same_id, Ti, TiBase};
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

/// How deep value procedures are inlined (a procedure may call itself).
const INLINE_DEPTH: u32 = 3;

/// The typed form of a condition node, if all of it has one.
pub(super) fn condition(rules: &Rules, fx: &Fx) -> Option<Tb> {
    condition_at(rules, fx, 0)
}

/// The typed form of a call of a value procedure whose body is a typed condition (the
/// game's `end: game_over()`), inlined.
pub(super) fn called_condition(rules: &Rules, fx: &Fx) -> Option<Tb> {
    let Kind::Proc(i) = fx.kind else { return None };
    match inline(rules, i, 0)? {
        Tx::Cond(body) => Some(Tb::Inline(Box::new(body))),
        Tx::Value(_) => None,
    }
}

/// `exists(cards in Z)` as the condition it is, `count(cards in Z) > 0` read in one node
/// (`Tb::Count`), with the steps of `exists` and its zone: a `requires:` or an `if` that
/// tests a zone, or a side of `and`/`or`/`not`, read with no `Value` made.
pub(super) fn exists_condition(fx: &Fx) -> Option<Tb> {
    let Kind::InZone { fun: Fun::Exists, cards, key, of } = fx.kind else { return None };
    Some(Tb::Count { op: BinOp::Gt, cards, key, of, n: 0, steps: 1 + super::inplace::in_zone_steps(of) })
}

/// The typed form of an operand (a key of `sum`, `sort` or `most`).
pub(super) fn operand_of(rules: &Rules, fx: &Fx) -> Option<Tv> {
    operand(rules, fx, 0)
}

/// `condition` inside `depth` inlined procedures.
fn condition_at(rules: &Rules, fx: &Fx, depth: u32) -> Option<Tb> {
    let operand = |x: &Fx| operand(rules, x, depth);
    let part = |x: &Fx| part(rules, x, depth).map(Box::new);
    Some(match &fx.kind {
        Kind::Eq(ne, a, b) => {
            let op = if *ne { BinOp::Ne } else { BinOp::Eq };
            // A literal first, as before typed operands were compared in one node too.
            let (lit, typed) = (|| prop_is(rules, *ne, a, b, &|_| None), || prop_is(rules, *ne, a, b, &operand));
            let cmp = || count_cmp(op, a, b).or_else(|| counter_cmp(rules, op, a, b));
            match cmp().or_else(lit).or_else(|| same_id(rules, *ne, a, b)).or_else(typed) {
                Some(t) => t,
                None => Tb::Same(*ne, operand(a)?, operand(b)?),
            }
        }
        Kind::Num(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b) => {
            match count_cmp(*op, a, b).or_else(|| counter_cmp(rules, *op, a, b)) {
                Some(t) => t,
                None => Tb::Cmp(*op, operand(a)?, operand(b)?),
            }
        }
        Kind::Logic(op, a, b) => Tb::Logic(*op, part(a)?, part(b)?),
        Kind::Not(x) => Tb::Not(part(x)?),
        _ => return None,
    })
}

/// `count(cards in Z) OP N` or `N OP count(cards in Z)` as one node (`Tb::Count`).
fn count_cmp(op: BinOp, a: &Fx, b: &Fx) -> Option<Tb> {
    let count = |x: &Fx| match x.kind {
        Kind::InZone { fun: Fun::Count, cards, key, of } => Some((cards, key, of)),
        _ => None,
    };
    let number = |x: &Fx| match x.kind {
        Kind::Lit(Value::Int(n)) => Some(n),
        _ => None,
    };
    let ((cards, key, of), n, op) = match (count(a), number(b), number(a), count(b)) {
        (Some(c), Some(n), _, _) => (c, n, op),
        // `N < count(...)` is `count(...) > N`.
        (_, _, Some(n), Some(c)) => (c, n, flipped(op)),
        _ => return None,
    };
    // The comparison's step, the count's (`Tv::InZone`: its node and `fast_in_zone`'s),
    // the number's.
    Some(Tb::Count { op, cards, key, of, n, steps: 1 + 1 + super::inplace::in_zone_steps(of) + 1 })
}

/// `C OP N` or `N OP C` for a counter `C` kept on the game as one node (`Tb::CounterCmp`).
fn counter_cmp(rules: &Rules, op: BinOp, a: &Fx, b: &Fx) -> Option<Tb> {
    let counter = |x: &Fx| match x.kind {
        Kind::Global(i) => match rules.globals.get(i as usize)? {
            &Global::Counter(id, CounterOn::Game, _) => Some(id),
            _ => None,
        },
        _ => None,
    };
    let number = |x: &Fx| match x.kind {
        Kind::Lit(Value::Int(n)) => Some(n),
        _ => None,
    };
    let (id, n, op) = match (counter(a), number(b), number(a), counter(b)) {
        (Some(c), Some(n), _, _) => (c, n, op),
        // `N < C` is `C > N`.
        (_, _, Some(n), Some(c)) => (c, n, flipped(op)),
        _ => return None,
    };
    Some(Tb::CounterCmp { op, id, n })
}

/// `P of this == V` or `V == P of this` (or of `it`) as one node (`Tb::PropIs`), `V` a
/// literal or an operand with a typed form (`operand`).
fn prop_is(rules: &Rules, ne: bool, a: &Fx, b: &Fx, operand: &impl Fn(&Fx) -> Option<Tv>) -> Option<Tb> {
    let prop = |x: &Fx| match &x.kind {
        Kind::Prop(i, id, statics, of) => match of.kind {
            Kind::This => Some((*i, *id, *statics, false)),
            Kind::It => Some((*i, *id, *statics, true)),
            _ => None,
        },
        _ => None,
    };
    let other = |x: &Fx| match &x.kind {
        // A name some card prints: compared by pointer with the printed ones.
        Kind::Lit(v @ Value::Sym(n)) => Some(match rules.printed_names.find(n) {
            Some(t) => Other::Name(Value::Sym(t.clone())),
            None => Other::Lit(v.clone()),
        }),
        Kind::Lit(v) if !matches!(v, Value::List(_)) => Some(Other::Lit(v.clone())),
        _ => operand(x).map(|t| Other::Typed(Box::new(t))),
    };
    let ((prop, id, statics, it), other, other_left) = match prop(a) {
        Some(p) => (p, other(b)?, false),
        None => (prop(b)?, other(a)?, true),
    };
    Some(Tb::PropIs { ne, prop, id, statics, it, other, other_left })
}

/// `op` with its sides swapped.
fn flipped(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        op => op,
    }
}

fn part(rules: &Rules, fx: &Fx, depth: u32) -> Option<Tx> {
    if fx.is_condition() {
        condition_at(rules, fx, depth).map(Tx::Cond)
    } else if let Some(t) = exists_condition(fx) {
        Some(Tx::Cond(t))
    } else {
        operand(rules, fx, depth).map(Tx::Value)
    }
}

/// The body of value procedure `i`, typed for inlining: when it has no parameters and
/// reads nothing its caller's context could give otherwise than its own (`it`, a
/// player's counter kept on `it`).
fn inline(rules: &Rules, i: u32, depth: u32) -> Option<Tx> {
    if depth >= INLINE_DEPTH {
        return None;
    }
    let def = rules.proc_list.get(i as usize)?.as_ref()?;
    let super::rules::Body::Value(v) = &def.body else { return None };
    if !def.params.is_empty() {
        return None;
    }
    // `compile` takes only expressions that read, whose procedure calls end within
    // `pure::DEPTH` (a procedure that calls itself is none): compiling the body, which
    // inlines what it calls in turn, ends.
    let fx = super::fast::compile(rules, &v.expr)?;
    let body = part(rules, &fx, depth + 1)?;
    (!reads_caller(&body, true)).then_some(body)
}

/// Whether a typed part reads what a procedure's own context gives otherwise than its
/// caller's: `it` (directly, or as the holder of a player's counter; `it_counts`: not
/// inside a `where`, whose `it` is its own) or a local.
fn reads_caller(x: &Tx, it_counts: bool) -> bool {
    match x {
        Tx::Cond(Tb::Same(_, a, b) | Tb::Cmp(_, a, b)) => reads_caller_v(a, it_counts) || reads_caller_v(b, it_counts),
        // A count the game keeps is nobody's.
        Tx::Cond(Tb::CounterCmp { .. }) => false,
        // The zone of `it` is the caller's `it`'s.
        Tx::Cond(Tb::Count { of, .. }) => matches!(of, Of::It) && it_counts,
        Tx::Cond(Tb::PropIs { it, other, .. }) => {
            (*it && it_counts) || matches!(other, Other::Typed(t) if reads_caller_v(t, it_counts))
        }
        Tx::Cond(Tb::SameId(_, a, b, _)) => {
            let it = |t: &Ti| matches!(t, Ti::It | Ti::Rel(_, TiBase::It));
            // A binding is the caller's, not the procedure's (which has none).
            let local = |t: &Ti| matches!(t, Ti::Slot(..));
            ((it(a) || it(b)) && it_counts) || local(a) || local(b)
        }
        Tx::Cond(Tb::Logic(_, a, b)) => reads_caller(a, it_counts) || reads_caller(b, it_counts),
        Tx::Cond(Tb::Not(a)) => reads_caller(a, it_counts),
        // Inlined only if it reads nothing of its caller's.
        Tx::Cond(Tb::Inline(_)) => false,
        Tx::Value(v) => reads_caller_v(v, it_counts),
    }
}

fn reads_caller_v(v: &Tv, it_counts: bool) -> bool {
    match v {
        // A local is the caller's, not the procedure's (which has none).
        Tv::Local(_) | Tv::Slot(..) => true,
        Tv::It | Tv::Counter(_, _, CounterOn::Player, _) | Tv::InZone { of: Of::It, .. } => it_counts,
        Tv::Prop(_, _, _, x) | Tv::Rel(_, _, x) | Tv::Things(_, x) | Tv::CounterOf(.., x) => {
            reads_caller_v(x, it_counts)
        }
        Tv::PropOf(.., it) => *it && it_counts,
        Tv::ItProp(..) => it_counts,
        Tv::Num(_, a, b) => reads_caller_v(a, it_counts) || reads_caller_v(b, it_counts),
        Tv::Inline(x) => reads_caller(x, it_counts),
        // Its condition's `it` is each player; a local there is still the caller's.
        Tv::Where(c) => reads_caller(c, false),
        _ => false,
    }
}

fn operand(rules: &Rules, fx: &Fx, depth: u32) -> Option<Tv> {
    let sub = |x: &Fx| operand(rules, x, depth).map(Box::new);
    Some(match &fx.kind {
        Kind::Lit(v) if !matches!(v, Value::List(_)) => Tv::Lit(v.clone()),
        Kind::You => Tv::You,
        Kind::This => Tv::This,
        Kind::It => Tv::It,
        Kind::Eval => match &fx.expr().kind {
            ExprKind::Name(n, Res::Unresolved) => Tv::Local(n.clone()),
            ExprKind::Name(n, Res::Local(k)) => Tv::Slot(*k, n.clone()),
            _ => return None,
        },
        Kind::Global(i) => match rules.globals.get(*i as usize)? {
            Global::Builtin(Builtin::ActivePlayer) => Tv::Active,
            // `none`: what `global` gives for it.
            Global::Builtin(Builtin::Nothing) => Tv::Lit(Value::Null),
            Global::Zone => Tv::Zone(*i),
            &Global::Counter(id, on @ (CounterOn::Game | CounterOn::Player), statics) => {
                Tv::Counter(*i, id, on, statics)
            }
            &Global::Property(id, statics) => Tv::ItProp(*i, id, statics),
            _ => return None,
        },
        Kind::Of(b) => {
            let ExprKind::Of(a, _) = &fx.expr().kind else { return None };
            let ExprKind::Name(_, Res::Global(i)) = &a.kind else { return None };
            // As `of_right` reads it: a relation first, then a counter.
            match (rules.relations.get(*i as usize).copied().flatten(), rules.globals.get(*i as usize)) {
                (Some(rel), _) => Tv::Rel(*i, rel, sub(b)?),
                (None, Some(&Global::Counter(id, on, statics))) => Tv::CounterOf(*i, id, statics, on, sub(b)?),
                _ => return None,
            }
        }
        Kind::Prop(i, id, statics, b) => match b.kind {
            Kind::This => Tv::PropOf(*i, *id, *statics, false),
            Kind::It => Tv::PropOf(*i, *id, *statics, true),
            _ => Tv::Prop(*i, *id, *statics, sub(b)?),
        },
        Kind::InZone { fun, cards, key, of } => Tv::InZone { fun: *fun, cards: *cards, key: *key, of: *of },
        Kind::Things(Fun::Count, x) if x.is_players(rules) => Tv::CountPlayers,
        Kind::Things(fun, x) if !x.is_players(rules) => Tv::Things(*fun, sub(x)?),
        Kind::Num(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => Tv::Num(*op, sub(a)?, sub(b)?),
        Kind::Where(i, c) if rules.names_players(*i) => Tv::Where(Box::new(part(rules, c, depth)?)),
        Kind::Proc(i) => match inline(rules, *i, depth) {
            Some(body) => Tv::Inline(Box::new(body)),
            None => Tv::Proc(*i),
        },
        _ => return None,
    })
}

/// `players where C`, or a procedure's body inlined that is one (`true`), and its `C`.
fn where_of(x: &Tv) -> Option<(bool, &Tx)> {
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
            &Tb::SameId(ne, a, b, steps) => {
                // Its first step was counted above.
                self.tick_n(steps - 1).ok()?;
                Some((self.id_of(a, cx)? == self.id_of(b, cx)?) != ne)
            }
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
