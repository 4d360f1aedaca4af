//! Typed conditions compiled to closures: a condition whose every node is one of the
//! shapes below (`and`/`or`/`not`, an inlined procedure, a game counter or a count of a
//! zone beside a number, a comparison of numbers, two ids compared, a printed property
//! of `this` or `it` beside a literal, a game counter or the printed property of a
//! zone's first card) becomes one tree of closures, made once with the rules. Each
//! closure does its node's work and adds its steps to a running count; nothing is
//! matched on at run time but the values read, and no step budget is checked until the
//! end, where the whole count is counted at once.
//!
//! Invariant: a closure gives what `typed` (`typed.rs`) gives for the same `Tb`, with the
//! same steps, or gives up (`None`) having counted nothing: the typed form then reads the
//! condition as before. It gives up where `typed` gives up, and also where `typed` would
//! go the long way (a property that is not surely printed: modifiers, a value assigned to
//! the card). Since all the steps are counted at the end, a budget that would run out
//! within the condition makes it give up, as `typed` does at the step that runs out.
//! Debug builds compare every closure's answer and steps with `typed`'s and `eval`'s (a
//! number's with `typed_int`'s).

use crate::engine::{Holder, Value};
use crate::load::CounterOn;
use crate::syntax::ast::BinOp;

use super::eval::{compare, int_of, numbers, same_values};

use super::fast::{Fun, Fx, Of};
use super::operand::Other;
use super::typed::{Tb, Tv, Tx};
use super::{Ctx, Interp};

/// What a closure's nodes add up as they run: the steps `typed` would count, and the
/// calls of inlined procedures it is inside (for the call-depth budget).
#[derive(Default)]
pub(super) struct Acc {
    pub(super) steps: usize,
    pub(super) calls: usize,
}

/// A node's closure: what it gives, or `None` where it gives up.
type Node<T> = Box<dyn for<'a, 'b, 'c, 'd> Fn(&'a Interp<'b>, &'c Ctx<'d>, &mut Acc) -> Option<T> + Send + Sync>;
/// A condition's closure: its truth, or `None` where it gives up.
pub(super) type Cl = Node<bool>;
/// A number operand's closure (`typed_int`'s commonest shapes).
type Ci = Node<i64>;

/// A compiled condition's closure, kept beside its typed form (`Fx`), and whether it
/// reads printed properties (it then gives up while any modifier is in force).
pub(super) struct Closure {
    pub(super) cl: Cl,
    pub(super) printed: bool,
}

impl Closure {
    /// `t`'s closure, where all of it compiles.
    pub(super) fn of(t: &Tb) -> Option<Closure> {
        Some(Closure { cl: compile(t)?, printed: reads_printed(t) })
    }
}

/// Whether `t` reads a property of a card (`Tb::PropIs`).
fn reads_printed(t: &Tb) -> bool {
    let side = |x: &Tx| match x {
        Tx::Cond(c) => reads_printed(c),
        Tx::Value(Tv::Inline(b)) => matches!(&**b, Tx::Cond(c) if reads_printed(c)),
        Tx::Value(_) => false,
    };
    match t {
        Tb::PropIs { .. } => true,
        Tb::Cmp(_, x, y) => int_printed(x) || int_printed(y),
        Tb::Logic(_, x, y) => side(x) || side(y),
        Tb::Not(x) => side(x),
        Tb::Inline(b) => reads_printed(b),
        _ => false,
    }
}

impl std::fmt::Debug for Closure {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Closure")
    }
}

/// A side of `and`/`or`/`not` that is a condition, or an inlined procedure whose body is
/// one (`stalemate()`: read as a value, one step for the node, then its body's truth, as
/// `Tb::Inline` reads it).
fn cond(x: &Tx) -> Option<Cl> {
    match x {
        Tx::Cond(c) => compile(c),
        Tx::Value(Tv::Inline(body)) => match &**body {
            Tx::Cond(c) => Some(inline(compile(c)?)),
            Tx::Value(_) => None,
        },
        Tx::Value(_) => None,
    }
}

/// An inlined procedure's body `b`: one step for the call, one call deeper.
fn inline(b: Cl) -> Cl {
    Box::new(move |me, cx, a| {
        a.steps += 1;
        a.calls += 1;
        let out = if me.calls + a.calls > me.limits.call_depth { None } else { b(me, cx, a) };
        a.calls -= 1;
        out
    })
}

/// `this` (or `it`) as a thing.
fn this_ent(it: bool, cx: &Ctx) -> Option<usize> {
    match if it { &cx.it } else { &cx.this } {
        Some(Value::Ent(e)) => Some(*e),
        _ => None,
    }
}

/// `first(cards in Z)`, alone or as an inlined procedure's body (`top_card()`): whether
/// inlined, and the zone's `cards`, name key and owner.
fn first_of(x: &Tv) -> Option<(bool, (bool, u32, Of))> {
    let (inline, zone) = match x {
        Tv::InZone { fun: Fun::First, .. } => (false, x),
        Tv::Inline(b) => match &**b {
            Tx::Value(v @ Tv::InZone { fun: Fun::First, .. }) => (true, v),
            _ => return None,
        },
        _ => return None,
    };
    let &Tv::InZone { cards, key, of, .. } = zone else { return None };
    Some((inline, (cards, key, of)))
}

/// The first card `first_of` names, as `typed_ent` reads it (`None`: it gives up).
fn first_card(me: &Interp, cx: &Ctx, a: &Acc, inline: bool, (cards, key, of): (bool, u32, Of)) -> Option<usize> {
    if inline && me.calls + a.calls + 1 > me.limits.call_depth {
        return None;
    }
    let z = me.zone_keyed_of(key, me.zone_owner(of, cx)?)?;
    me.w.state.nth_in(z, cards, 0)
}

/// An int operand as `typed_int` reads it.
fn int(t: &Tv) -> Option<Ci> {
    Some(match t {
        Tv::Lit(Value::Int(n)) => {
            let n = *n;
            Box::new(move |_, _, a| {
                a.steps += 1;
                Some(n)
            })
        }
        &Tv::Counter(_, id, CounterOn::Game, _) => Box::new(move |me, _, a| {
            a.steps += 1;
            Some(me.w.state.counter_at(id, Holder::Game))
        }),
        Tv::CountPlayers => Box::new(|me, _, a| {
            a.steps += 2;
            Some(me.w.state.seated_count() as i64)
        }),
        Tv::Num(op, x, y) => {
            let op = *op;
            of_two(int(x)?, int(y)?, move |p, q| int_of(&numbers(op, p, q)?))
        }
        // `P of this`, `P of it` (the node's and the thing's step), `P` alone (`it`'s, one).
        &Tv::PropOf(_, id, false, it) => Box::new(move |me, cx, a| {
            a.steps += 2;
            me.printed_int(this_ent(it, cx)?, id, false)
        }),
        &Tv::ItProp(_, id, false) => Box::new(move |me, cx, a| {
            a.steps += 1;
            me.printed_int(this_ent(true, cx)?, id, false)
        }),
        // A number printed on a bound thing (`value of prize`): the node's step and the
        // binding's.
        Tv::Prop(_, id, false, x) if matches!(&**x, Tv::Slot(..)) => {
            let (id, Tv::Slot(k, name)) = (*id, &**x) else { return None };
            let (k, name) = (*k, name.clone());
            Box::new(move |me, cx, a| {
                a.steps += 2;
                match cx.slot(k, &name)? {
                    Value::Ent(e) => me.printed_int(*e, id, false),
                    _ => None,
                }
            })
        }
        // A number printed on a zone's first card (`value of first(cards in bid of it)`):
        // the node's step, then `typed_ent`'s.
        &Tv::Prop(_, id, false, ref x) => {
            let (inline, zone) = first_of(x)?;
            let steps = 2 + usize::from(inline) + super::inplace::in_zone_steps(zone.2);
            Box::new(move |me, cx, a| {
                a.steps += steps;
                let e = first_card(me, cx, a, inline, zone)?;
                me.printed_int(e, id, false)
            })
        }
        _ => return None,
    })
}

/// A node of two numbers (`+ - *`, a comparison): its step, both operands in order,
/// then `f` of them.
fn of_two<T: 'static>(x: Ci, y: Ci, f: impl Fn(i64, i64) -> Option<T> + Send + Sync + 'static) -> Node<T> {
    Box::new(move |me, cx, a| {
        a.steps += 1;
        let p = x(me, cx, a)?;
        let q = y(me, cx, a)?;
        f(p, q)
    })
}

/// Whether number operand `t` reads a printed property.
fn int_printed(t: &Tv) -> bool {
    match t {
        Tv::Prop(..) | Tv::PropOf(..) | Tv::ItProp(..) => true,
        Tv::Num(_, x, y) => int_printed(x) || int_printed(y),
        _ => false,
    }
}

/// A key of `sum`/`most` compiled to a closure (`Kind::Keyed`), and whether it reads a
/// printed property.
pub(super) struct IntClosure {
    ci: Ci,
    printed: bool,
}

impl IntClosure {
    /// `t`'s closure, where all of it compiles.
    pub(super) fn of(t: &Tv) -> Option<IntClosure> {
        Some(IntClosure { ci: int(t)?, printed: int_printed(t) })
    }
}

/// A number's typed form (`typed_int`) and, where all of it compiles, its closure: a
/// statement's number (`stmts.rs`) or a key of `sum`/`most` (`Kind::Keyed`).
#[derive(Debug)]
pub(super) struct IntForm {
    pub(super) tv: Tv,
    pub(super) closure: Option<IntClosure>,
}

impl IntForm {
    /// `tv` with its closure, if it compiles.
    pub(super) fn of(tv: Tv) -> IntForm {
        let closure = IntClosure::of(&tv);
        IntForm { tv, closure }
    }
}

impl std::fmt::Debug for IntClosure {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("IntClosure")
    }
}

/// `Tb` compiled to a closure, where every node is one it knows.
fn compile(t: &Tb) -> Option<Cl> {
    Some(match t {
        Tb::Logic(op, x, y) => {
            let (x, y) = (cond(x)?, cond(y)?);
            if *op == BinOp::Or {
                Box::new(move |me, cx, a| {
                    a.steps += 1;
                    if x(me, cx, a)? {
                        return Some(true);
                    }
                    y(me, cx, a)
                })
            } else {
                Box::new(move |me, cx, a| {
                    a.steps += 1;
                    if !x(me, cx, a)? {
                        return Some(false);
                    }
                    y(me, cx, a)
                })
            }
        }
        Tb::Not(x) => {
            let x = cond(x)?;
            Box::new(move |me, cx, a| {
                a.steps += 1;
                Some(!x(me, cx, a)?)
            })
        }
        Tb::Inline(body) => inline(compile(body)?),
        &Tb::CounterCmp { op, id, n } => Box::new(move |me, _, a| {
            a.steps += 3;
            Some(compare(op, me.w.state.counter_at(id, Holder::Game), n))
        }),
        &Tb::Count { op, cards, key, of, n, steps } => Box::new(move |me, cx, a| {
            a.steps += steps;
            Some(compare(op, me.zone_count(cards, key, of, cx)?, n))
        }),
        &Tb::AnyCount { inlined, op, cards, key, n, steps } => Box::new(move |me, _, a| {
            if inlined && me.calls + a.calls + 1 > me.limits.call_depth {
                return None;
            }
            a.steps += 1 + usize::from(inlined) + 2 + (2 + steps) * me.w.state.seated_count();
            me.any_seat_count(op, cards, key, n)
        }),
        &Tb::SameId(ne, x, y, steps) => Box::new(move |me, cx, a| {
            let (p, q) = (me.id_of(x, cx)?, me.id_of(y, cx)?);
            a.steps += steps;
            Some((p == q) != ne)
        }),
        Tb::Cmp(op, x, y) => {
            let op = *op;
            of_two(int(x)?, int(y)?, move |p, q| Some(compare(op, p, q)))
        }
        // A property static abilities may change is printed only in a raw read: left to
        // `typed`.
        &Tb::PropIs { statics: true, .. } => return None,
        &Tb::PropIs { ne, prop: _, id, statics, it, ref other, other_left } => match other {
            Other::Lit(v) | Other::Name(v) => {
                let name = matches!(other, Other::Name(Value::Sym(_)));
                let v = v.clone();
                Box::new(move |me, cx, a| {
                    a.steps += 4;
                    let e = this_ent(it, cx)?;
                    let p = me.printed_value(e, id, statics)?;
                    let same = match (name, &v, p) {
                        (true, Value::Sym(n), Value::Sym(q)) => crate::text::Text::ptr_eq(n, q),
                        _ if other_left => same_values(&v, p),
                        _ => same_values(p, &v),
                    };
                    Some(same != ne)
                })
            }
            Other::Typed(t) => match &**t {
                &Tv::Counter(_, c, CounterOn::Game, _) => Box::new(move |me, cx, a| {
                    a.steps += 4;
                    let e = this_ent(it, cx)?;
                    let n = me.w.state.counter_at(c, Holder::Game);
                    match me.printed_value(e, id, statics)? {
                        Value::Int(x) => Some((*x == n) != ne),
                        _ => None,
                    }
                }),
                Tv::Prop(_, id2, statics2, x) => {
                    let (id2, statics2) = (*id2, *statics2);
                    let (inline, zone) = first_of(x)?;
                    let steps = 4 + usize::from(inline) + 1 + super::inplace::in_zone_steps(zone.2);
                    Box::new(move |me, cx, a| {
                        a.steps += steps;
                        let e = this_ent(it, cx)?;
                        let e2 = first_card(me, cx, a, inline, zone)?;
                        let p = me.printed_value(e, id, statics)?;
                        let q = me.printed_value(e2, id2, statics2)?;
                        let same = match (p, q) {
                            (Value::Sym(p), Value::Sym(q)) => crate::text::Text::ptr_eq(p, q),
                            _ if other_left => same_values(q, p),
                            _ => same_values(p, q),
                        };
                        Some(same != ne)
                    })
                }
                _ => return None,
            },
        },
        _ => return None,
    })
}

impl Interp<'_> {
    /// Whether a closure that reads printed properties (`printed`) must give up: a
    /// modifier is in force and the read is not raw (`printed_card` then gives up).
    #[inline(always)]
    pub(super) fn printed_in_doubt(&self, printed: bool) -> bool {
        printed && !self.raw && !self.w.mods.is_empty()
    }

    /// What closure `f` gives and the steps it adds up, where they fit in the budget's
    /// room; `None` where it gives up, has none of it, or would read a printed property
    /// while a modifier is in force (`printed_in_doubt`). Nothing is counted here.
    #[inline(always)]
    fn run_closure<T>(&self, printed: bool, f: impl FnOnce(&Self, &mut Acc) -> Option<T>) -> Option<(T, Acc)> {
        if self.coverage.is_some() || self.printed_in_doubt(printed) {
            return None;
        }
        let mut acc = Acc::default();
        let out = f(self, &mut acc)?;
        (self.steps.room() >= acc.steps as i64).then_some((out, acc))
    }

    /// `fx`'s truth read by its closure, its steps counted; `None`, having counted
    /// nothing, where it has none or it gives up (see the module).
    #[inline(always)]
    pub(super) fn closure_truth(&mut self, fx: &Fx, cx: &mut Ctx) -> Option<bool> {
        let c = fx.closure()?;
        let (b, acc) = self.run_closure(c.printed, |me, acc| (c.cl)(me, cx, acc))?;
        #[cfg(debug_assertions)]
        if let Some(t) = fx.typed() {
            // From the same count: `typed`'s answer and steps.
            let before = self.steps;
            let typed = self.typed(t, cx);
            let counted = self.steps.taken().0 - before.taken().0;
            self.steps = before;
            debug_assert_eq!(typed, Some(b), "a closure gives another truth than typed: {}", fx.expr());
            debug_assert_eq!(counted, acc.steps as u64, "a closure counts other steps than typed: {}", fx.expr());
            // And `eval`'s, as every compiled condition is compared (`fast_checked`).
            let generic = self.eval(fx.expr(), cx);
            let counted = self.steps.taken().0 - before.taken().0;
            self.steps = before;
            debug_assert_eq!(
                generic.ok(),
                Some(Value::Bool(b)),
                "a closure gives another value than eval: {}",
                fx.expr()
            );
            debug_assert_eq!(counted, acc.steps as u64, "a closure counts other steps than eval: {}", fx.expr());
        }
        self.steps.count(acc.steps);
        Some(b)
    }

    /// A number read by its closure (`t` its typed form), its steps counted; `None`,
    /// having counted nothing, where it gives up.
    #[inline(always)]
    pub(super) fn closure_int(&mut self, c: &IntClosure, _t: &Tv, cx: &mut Ctx) -> Option<i64> {
        let (n, acc) = self.run_closure(c.printed, |me, acc| (c.ci)(me, cx, acc))?;
        #[cfg(debug_assertions)]
        {
            // From the same count: `typed_int`'s number and steps.
            let before = self.steps;
            let typed = self.typed_int(_t, cx);
            let counted = self.steps.taken().0 - before.taken().0;
            self.steps = before;
            debug_assert_eq!(typed, Some(n), "a number's closure gives another number than typed_int");
            debug_assert_eq!(counted, acc.steps as u64, "a number's closure counts other steps than typed_int");
        }
        self.steps.count(acc.steps);
        Some(n)
    }
}
