//! The typed forms of compiled conditions (`typed.rs`), made once when the rules are
//! compiled: which shapes of `fast.rs`'s nodes have one, the one-node forms of the
//! commonest tests (`Tb::Count`, `CounterCmp`, `PropIs`, `SameId`), and which value
//! procedures are inlined into their callers' forms (those that read nothing their own
//! context would give otherwise than the caller's).

use crate::engine::Value;
use crate::load::CounterOn;
use crate::syntax::ast::{BinOp, ExprKind, Res};

use super::compile::{Builtin, Global};
use super::fast::{Fun, Fx, Kind, Of};
use super::ids::{same_id, Ti, TiBase};
use super::operand::Other;
use super::rules::Rules;
use super::typed::{Tb, Tv, Tx};

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
    let ((cards, key, of), n, op) = with_number(op, a, b, count)?;
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
    let (id, n, op) = with_number(op, a, b, counter)?;
    Some(Tb::CounterCmp { op, id, n })
}

/// `X OP N` or `N OP X` for what `x` reads off one side and a number written on the
/// other: `x`'s reading, `N`, and `OP` as seen from `X` (`N < X` is `X > N`).
fn with_number<T>(op: BinOp, a: &Fx, b: &Fx, x: impl Fn(&Fx) -> Option<T>) -> Option<(T, i64, BinOp)> {
    let number = |f: &Fx| match f.kind {
        Kind::Lit(Value::Int(n)) => Some(n),
        _ => None,
    };
    match (number(b), number(a)) {
        (Some(n), _) => Some((x(a)?, n, op)),
        (None, Some(n)) => Some((x(b)?, n, flipped(op))),
        _ => None,
    }
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
        let v = operand(rules, fx, depth)?;
        Some(any_count(&v).map_or(Tx::Value(v), Tx::Cond))
    }
}

/// `exists(players where count(cards in Z of it) OP N)`, written out or through a value
/// procedure inlined (`exists(emptied())`), as the condition it is: one node
/// (`Tb::AnyCount`) where it was an existence read as a truth.
fn any_count(v: &Tv) -> Option<Tb> {
    let Tv::Things(Fun::Exists, x) = v else { return None };
    let (inlined, c) = super::typed::where_of(x)?;
    let &Tx::Cond(Tb::Count { op, cards, key, of: Of::It, n, steps }) = c else { return None };
    Some(Tb::AnyCount { inlined, op, cards, key, n, steps })
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
        // Its `it` is each player.
        Tx::Cond(Tb::AnyCount { .. }) => false,
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
