//! Compiled conditions. A condition that only reads (`pure::reads_only`: the game's
//! `end:`, `order:` and `result:`, phases' `can_pass:`, value procedures, `requires:`,
//! the guards of `play:` scripts) is
//! compiled once into a tree of operations for its common shapes: literals, names,
//! `X of Y`, comparisons, `and`/`or`/`not`, value procedures, `count`/`exists`/`first`
//! of a zone's cards or of a value, `count`/`exists` of a noun's things at a place
//! (`count_at.rs`), `players where C`. Anything else is a node that `eval`s its
//! expression.
//!
//! Invariant: a node gives what `eval` gives for its expression and counts the same
//! steps (it goes through the same helpers: `global`, `of_right`, `same`, `things`,
//! `remembered`), without the general evaluator's dispatch, copies and error placing at
//! every node. A node that meets anything else (a value of another kind, an error) gives
//! up: its steps are taken back and `eval` evaluates its expression, which only reads,
//! so evaluating it again changes nothing and errors are raised where `eval` raises
//! them. Debug builds evaluate every compiled condition again with `eval` and compare
//! the value and the steps.

use crate::check::env::{Sym, FUNCTIONS};
use crate::engine::Value;
use crate::syntax::ast::*;

use super::compile::{Builtin, Global};
use super::eval::Mode;
use super::ids::Ti;
use super::rules::{Cond, Rules};
use super::{Ctx, Interp, R};

/// A compiled condition (or part of one) and the expression it stands for.
#[derive(Debug)]
pub struct Fx {
    pub(super) kind: Kind,
    expr: Expr,
    /// The typed form of a condition node (or of a call of a procedure whose body is a
    /// condition, or of `exists(cards in Z)`), when all of it has one (`typed.rs`).
    typed: Option<Box<super::typed::Tb>>,
    /// The typed form compiled to closures, where all of it compiles (`closures.rs`).
    closure: Option<super::closures::Closure>,
    /// The typed form when it compares two ids (`Tb::SameId`: `you == active_player`),
    /// kept here as well: a play's guard loop asks it of every guard of every candidate,
    /// and reading it through `typed`'s box cost a cache miss each time.
    same_id: Option<(bool, (Ti, Ti), usize)>,
}

#[derive(Debug)]
pub(super) enum Kind {
    Lit(Value),
    You,
    This,
    It,
    /// A compiled name (`Interp::global`).
    Global(u32),
    /// `NAME of X` for a compiled `NAME` (`Interp::of_right`).
    Of(Box<Fx>),
    /// `P of X` for a property `P` (name index, id, statics) and X one card or piece.
    Prop(u32, Option<u32>, bool, Box<Fx>),
    /// `==` (`false`) or `!=` (`true`).
    Eq(bool, Box<Fx>, Box<Fx>),
    /// `<`, `<=`, `>`, `>=`, `+`, `-`, `*`.
    Num(BinOp, Box<Fx>, Box<Fx>),
    /// `and`, `or`.
    Logic(BinOp, Box<Fx>, Box<Fx>),
    Not(Box<Fx>),
    /// A value procedure called without arguments.
    Proc(u32),
    /// A value procedure called with arguments (`penalty_in_hand(it)`, `ruler(c)`).
    Call(u32, Vec<Fx>),
    /// `-x` (`true`) or `+x`: a number.
    Sign(bool, Box<Fx>),
    /// `count`/`exists`/`first` of `cards in Z` (or pieces), Z a player's zone or a
    /// shared one, named alone, `of you` or `of it`.
    InZone {
        fun: Fun,
        cards: bool,
        key: u32,
        of: Of,
    },
    /// `count`/`exists`/`first` of another value.
    Things(Fun, Box<Fx>),
    /// `players where C`.
    Where(u32, Box<Fx>),
    /// `NOUN you control` or `NOUN controlled by P`, then perhaps `where C`
    /// (`Interp::fast_controlled`); no noun when the base is a local, read at run time.
    Controlled(Option<u32>, Option<Box<Fx>>),
    /// `cards in Z where C` (or pieces, or `NOUN in Z`; `from`, `at`)
    /// (`Interp::fast_located`).
    Located(super::selections::Base, Box<Fx>),
    /// `count`/`exists` of `NOUN at C`, perhaps `owned by P`, `controlled by P` or `you
    /// control`, counted in place (`count_at.rs`).
    CountAt(Box<super::count_at::CountAt>),
    /// `sum`, `sort` or `most` of things by a key (`Interp::fast_keyed`), and the key's
    /// typed form (and closure) if it has one.
    Keyed(super::builtins::Fun, Box<Fx>, Box<Fx>, Option<Box<super::closures::IntForm>>),
    /// Evaluated by `eval`.
    Eval,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Fun {
    Count,
    Exists,
    First,
}

/// Whose zone `InZone` reads: the acting player's, `of you`, or `of it`.
#[derive(Debug, Clone, Copy)]
pub(super) enum Of {
    Alone,
    You,
    It,
}

/// `e` compiled, if it only reads and some of it compiles.
pub(super) fn compile(rules: &Rules, e: &Expr) -> Option<Fx> {
    if !super::pure::reads_only(rules, e) {
        return None;
    }
    let fx = node(rules, e);
    (!matches!(fx.kind, Kind::Eval)).then_some(fx)
}

/// One node: its shape compiled, or `Eval`.
pub(super) fn node(rules: &Rules, e: &Expr) -> Fx {
    let sub = |x: &Expr| Box::new(node(rules, x));
    let global = |x: &Expr| match &x.kind {
        ExprKind::Name(_, Res::Global(i)) => rules.globals.get(*i as usize).map(|g| (*i, *g)),
        _ => None,
    };
    let kind = match &e.kind {
        ExprKind::Int(i) => Kind::Lit(Value::Int(*i)),
        ExprKind::Bool(b) => Kind::Lit(Value::Bool(*b)),
        ExprKind::You => Kind::You,
        ExprKind::This => Kind::This,
        ExprKind::Name(_, Res::It) => Kind::It,
        // An enum value is its name (what `global` gives for it), made once.
        ExprKind::Name(_, Res::Global(i)) => match (rules.globals.get(*i as usize), rules.env.entry(*i)) {
            (Some(Global::Other), Some((_, Sym::EnumValue(_)))) => {
                rules.symbols.get(*i as usize).map_or(Kind::Global(*i), |t| Kind::Lit(Value::Sym(t.clone())))
            }
            _ => Kind::Global(*i),
        },
        ExprKind::Of(a, b) => match global(a) {
            Some((i, Global::Property(id, statics))) => Kind::Prop(i, id, statics, sub(b)),
            Some(_) => Kind::Of(sub(b)),
            None => Kind::Eval,
        },
        ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => Kind::Eq(*op == BinOp::Ne, sub(a), sub(b)),
        ExprKind::Binary(op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), a, b)
        | ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b) => Kind::Num(*op, sub(a), sub(b)),
        ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) => Kind::Logic(*op, sub(a), sub(b)),
        ExprKind::Unary(UnOp::Not, x) => Kind::Not(sub(x)),
        ExprKind::Unary(op @ (UnOp::Neg | UnOp::Pos), x) => Kind::Sign(*op == UnOp::Neg, sub(x)),
        ExprKind::Call(c) => match (c.callee, &c.args[..]) {
            (Callee::Proc(i), []) => Kind::Proc(i),
            // A value procedure's (a procedure of statements is run by `call`).
            (Callee::Proc(i), args) if c.kind == CallKind::Function && super::pure::value_proc(rules, i).is_some() => {
                Kind::Call(i, args.iter().map(|a| node(rules, a)).collect())
            }
            (Callee::Builtin(f), [x]) => {
                let fun = match FUNCTIONS.get(f as usize).map(|f| f.0) {
                    Some("count") => Some(Fun::Count),
                    Some("exists") => Some(Fun::Exists),
                    Some("first") => Some(Fun::First),
                    _ => None,
                };
                match (fun, &x.kind) {
                    (Some(fun), ExprKind::Select { .. }) => match in_zone(rules, fun, x)
                        .or_else(|| super::count_at::count_at(rules, fun, x).map(|c| Kind::CountAt(Box::new(c))))
                    {
                        Some(kind) => kind,
                        // `exists(players where C)`: the selection compiled (`Where`), its
                        // things read as any value's are. Any other selection is evaluated:
                        // `builtin_fn` counts a zone's cards in place, with other steps than
                        // listing them.
                        None => match sub(x) {
                            w if matches!(w.kind, Kind::Where(..) | Kind::Controlled(..) | Kind::Located(..)) => {
                                Kind::Things(fun, w)
                            }
                            _ => Kind::Eval,
                        },
                    },
                    (Some(fun), _) => Kind::Things(fun, sub(x)),
                    _ => Kind::Eval,
                }
            }
            (Callee::Builtin(f), [x, key]) => {
                use super::builtins::Fun as F;
                match super::builtins::fun_of(f as usize) {
                    Some(fun @ (F::Sum | F::Sort | F::Most)) => {
                        let key = sub(key);
                        let typed = super::typed_form::operand_of(rules, &key);
                        Kind::Keyed(fun, sub(x), key, typed.map(|t| Box::new(super::closures::IntForm::of(t))))
                    }
                    _ => Kind::Eval,
                }
            }
            _ => Kind::Eval,
        },
        ExprKind::Select { quantity: None, base, filters } => match (global(base), &filters[..]) {
            (Some((i, Global::Builtin(Builtin::Players))), [Filter { kind: FilterKind::Where(c), .. }]) => {
                Kind::Where(i, sub(c))
            }
            (_, [control, rest @ ..])
                if matches!(control.kind, FilterKind::YouControl | FilterKind::ControlledBy(_)) =>
            {
                // A noun named, or a name bound at run time (a keyword's `selector`).
                let noun = match (global(base), &base.kind) {
                    (Some((i, Global::Other)), _) => rules.noun_at(i).map(Some),
                    (_, ExprKind::Name(_, Res::Local(_))) => Some(None),
                    _ => None,
                };
                match (noun, rest) {
                    (Some(noun), []) => Kind::Controlled(noun, None),
                    (Some(noun), [Filter { kind: FilterKind::Where(c), .. }]) => Kind::Controlled(noun, Some(sub(c))),
                    _ => Kind::Eval,
                }
            }
            (_, [Filter { kind: FilterKind::In(_) | FilterKind::From(_) | FilterKind::At(_), .. }, where_]) => {
                match (super::selections::Base::of(rules, base), &where_.kind) {
                    (Some(b), FilterKind::Where(c)) => Kind::Located(b, sub(c)),
                    _ => Kind::Eval,
                }
            }
            _ => Kind::Eval,
        },
        _ => Kind::Eval,
    };
    let mut fx = Fx { kind, expr: e.clone(), typed: None, closure: None, same_id: None };
    if fx.is_condition() {
        fx.typed = super::typed_form::condition(rules, &fx).map(Box::new);
    } else {
        let typed =
            super::typed_form::called_condition(rules, &fx).or_else(|| super::typed_form::exists_condition(&fx));
        fx.typed = typed.map(Box::new);
    }
    fx.closure = fx.typed.as_deref().and_then(super::closures::Closure::of);
    if let Some(&super::typed::Tb::SameId(ne, a, b, steps)) = fx.typed.as_deref() {
        fx.same_id = Some((ne, (a, b), steps));
    }
    fx
}

/// `cards in Z` (or `pieces`, `from`, `at`) as `InZone`, when Z is a zone named alone,
/// `of you` or `of it` (what `Interp::zone_ref` reads without evaluating).
fn in_zone(rules: &Rules, fun: Fun, x: &Expr) -> Option<Kind> {
    let ExprKind::Select { quantity: None, base, filters } = &x.kind else { return None };
    let [Filter { kind: FilterKind::In(z) | FilterKind::From(z) | FilterKind::At(z), .. }] = &filters[..] else {
        return None;
    };
    let cards = match &base.kind {
        ExprKind::Name(_, Res::Global(i)) => match rules.globals.get(*i as usize)? {
            Global::Builtin(Builtin::Cards) => true,
            Global::Builtin(Builtin::Pieces) => false,
            _ => return None,
        },
        _ => return None,
    };
    let zone = |e: &Expr| match &e.kind {
        ExprKind::Name(_, Res::Global(i)) if rules.globals.get(*i as usize) == Some(&Global::Zone) => Some(*i),
        _ => None,
    };
    let (key, of) = match &z.kind {
        ExprKind::Of(a, b) => match &b.kind {
            ExprKind::You => (zone(a)?, Of::You),
            ExprKind::Name(_, Res::It) => (zone(a)?, Of::It),
            _ => return None,
        },
        _ => (zone(z)?, Of::Alone),
    };
    Some(Kind::InZone { fun, cards, key, of })
}

impl<'r> Interp<'r> {
    /// The value of condition `c`: compiled, or by `eval`.
    pub(super) fn cond_value(&mut self, c: &Cond, cx: &mut Ctx) -> R<Value> {
        match &c.fx {
            Some(fx) if self.coverage.is_none() => self.fast_checked(fx, cx),
            _ => self.eval(&c.expr, cx),
        }
    }

    /// The value of a compiled condition, checked against `eval` in debug builds (value
    /// and steps).
    pub(super) fn fast_checked(&mut self, fx: &Fx, cx: &mut Ctx) -> R<Value> {
        #[cfg(debug_assertions)]
        let before = self.steps;
        let mark = self.steps.mark();
        let out = match self.fast(fx, cx) {
            Some(v) => Ok(v),
            // An error: evaluated again from where the condition began, so that `eval`
            // raises it, placed and counted as it would.
            None => {
                self.steps.rewind(mark);
                self.eval(&fx.expr, cx)
            }
        };
        #[cfg(debug_assertions)]
        if let Ok(v) = &out {
            let after = self.steps;
            self.steps = before;
            let generic = self.eval(&fx.expr, cx);
            debug_assert_eq!(generic.as_ref().ok(), Some(v), "a compiled condition gives another value than eval");
            debug_assert_eq!(self.steps.taken(), after.taken(), "a compiled condition counts other steps than eval");
            self.steps = after;
        }
        out
    }

    /// The value of a part of a compiled condition: its node's, or `eval`'s of its
    /// expression when the node gives up; `None` when that is an error (the enclosing
    /// node gives up in turn, and the condition's own `eval` raises it).
    pub(super) fn fast(&mut self, fx: &Fx, cx: &mut Ctx) -> Option<Value> {
        if matches!(fx.kind, Kind::Eval) {
            return self.eval(&fx.expr, cx).ok();
        }
        let mark = self.steps.mark();
        if let Some(b) = self.closure_truth(fx, cx) {
            return Some(Value::Bool(b));
        }
        if let Some(t) = &fx.typed {
            if let Some(b) = self.typed(t, cx) {
                return Some(Value::Bool(b));
            }
            self.steps.rewind(mark);
        }
        match self.fast_node(fx, cx) {
            Some(v) => Some(v),
            None => {
                self.steps.rewind(mark);
                self.eval(&fx.expr, cx).ok()
            }
        }
    }

    /// A compiled node's value, `None` when it gives up (see the module's invariant).
    fn fast_node(&mut self, fx: &Fx, cx: &mut Ctx) -> Option<Value> {
        if fx.is_condition() {
            return self.truth_node(fx, cx).map(Value::Bool);
        }
        // The step `eval` counts for the node.
        self.tick().ok()?;
        match &fx.kind {
            Kind::Lit(v) => Some(v.clone()),
            Kind::You => cx.you.map(Value::Player),
            Kind::This => match &cx.this {
                Some(Value::Ent(e)) => Some(Value::Ent(*e)),
                v => v.clone(),
            },
            Kind::It => match &cx.it {
                Some(Value::Player(p)) => Some(Value::Player(*p)),
                v => v.clone(),
            },
            Kind::Global(i) => {
                let ExprKind::Name(n, _) = &fx.expr.kind else { return None };
                self.global(n, *i, cx).ok()
            }
            Kind::Of(b) => {
                let ExprKind::Of(a, _) = &fx.expr.kind else { return None };
                let right = self.fast(b, cx)?;
                self.of_right(a, right, cx, Mode::Query).ok()
            }
            Kind::Prop(i, id, statics, b) => {
                // What `of_right` does for a property of one thing.
                let right = self.fast(b, cx)?;
                if !matches!(right, Value::Ent(_)) {
                    return None;
                }
                let rules: &Rules = self.rules;
                let canon = rules.env.entry(*i)?.0;
                self.prop_at(canon, *id, *statics, &right).ok()
            }
            Kind::Num(op, a, b) => {
                let (l, r) = (self.fast(a, cx)?, self.fast(b, cx)?);
                let (x, y) = (self.int(&l, &a.expr, cx).ok()?, self.int(&r, &b.expr, cx).ok()?);
                super::eval::numbers(*op, x, y)
            }
            Kind::Proc(i) => self.fast_proc(*i, cx),
            Kind::Call(i, args) => self.fast_call(*i, args, cx),
            Kind::Sign(neg, x) => {
                // What `unary` does: the operand, then its number.
                let v = self.fast(x, cx)?;
                let n = self.int(&v, &x.expr, cx).ok()?;
                Some(Value::Int(if *neg { n.saturating_neg() } else { n }))
            }
            Kind::InZone { fun, cards, key, of } => self.fast_in_zone(*fun, *cards, *key, *of, cx),
            Kind::Things(fun, x) if x.is_players(self.rules) => {
                // `players` read from the seats where `global` would list them (the
                // name's node counts its step, as `fast` would).
                self.tick().ok()?;
                let s = &self.w.state;
                let mut seated = s.seats.iter().copied().filter(|p| !s.eliminated.contains(p));
                Some(match fun {
                    Fun::Count => Value::Int(seated.count() as i64),
                    Fun::Exists => Value::Bool(seated.next().is_some()),
                    Fun::First => seated.next().map_or(Value::Null, Value::Player),
                })
            }
            Kind::Things(fun, x) => {
                let v = self.fast(x, cx)?;
                let items = self.things_owned(v).ok()?;
                Some(match fun {
                    Fun::Count => Value::Int(items.len() as i64),
                    Fun::Exists => Value::Bool(!items.is_empty()),
                    Fun::First => items.into_iter().next().unwrap_or(Value::Null),
                })
            }
            Kind::Where(i, c) => self.fast_where(fx, *i, c, cx),
            Kind::Controlled(noun, c) => self.fast_controlled(fx, *noun, c.as_deref(), cx),
            Kind::Located(base, c) => self.fast_located(fx, base, c, cx),
            Kind::CountAt(c) => self.fast_counted(&fx.expr, c, cx),
            Kind::Keyed(fun, items, key, typed) => self.fast_keyed(*fun, items, (key, typed.as_deref()), cx),
            Kind::Eq(..) | Kind::Logic(..) | Kind::Not(_) | Kind::Eval => None,
        }
    }

    /// The truth of a part of a compiled condition (`Interp::truth` of its value): a
    /// condition's without making its value, another node's from its value.
    pub(super) fn fast_truth(&mut self, fx: &Fx, cx: &mut Ctx) -> Option<bool> {
        if !fx.is_condition() {
            let v = self.fast(fx, cx)?;
            return self.truth(&v, &fx.expr, cx).ok();
        }
        let mark = self.steps.mark();
        if let Some(t) = &fx.typed {
            if let Some(b) = self.typed(t, cx) {
                return Some(b);
            }
            self.steps.rewind(mark);
        }
        match self.truth_node(fx, cx) {
            Some(b) => Some(b),
            None => {
                self.steps.rewind(mark);
                let v = self.eval(&fx.expr, cx).ok()?;
                self.truth(&v, &fx.expr, cx).ok()
            }
        }
    }

    /// A condition node's truth (its value is that `Value::Bool`), `None` when it gives up.
    fn truth_node(&mut self, fx: &Fx, cx: &mut Ctx) -> Option<bool> {
        // The step `eval` counts for the node.
        self.tick().ok()?;
        match &fx.kind {
            Kind::Eq(ne, a, b) => {
                let (l, r) = (self.operand(a, cx)?, self.operand(b, cx)?);
                Some(self.same(self.operand_value(&l), self.operand_value(&r)) != *ne)
            }
            Kind::Num(op, a, b) => {
                let (l, r) = (self.fast(a, cx)?, self.fast(b, cx)?);
                let (x, y) = (self.int(&l, &a.expr, cx).ok()?, self.int(&r, &b.expr, cx).ok()?);
                match super::eval::numbers(*op, x, y)? {
                    Value::Bool(b) => Some(b),
                    _ => None,
                }
            }
            Kind::Not(x) => Some(!self.fast_truth(x, cx)?),
            Kind::Logic(op, a, b) => self.fast_logic(*op, a, b, cx),
            _ => None,
        }
    }

    /// `and`/`or` of two conditions (a union of selections gives up).
    fn fast_logic(&mut self, op: BinOp, a: &Fx, b: &Fx, cx: &mut Ctx) -> Option<bool> {
        let x = if a.is_condition() {
            self.fast_truth(a, cx)?
        } else {
            let v = self.fast(a, cx)?;
            super::eval::logic_side(op, &v)?
        };
        if (op == BinOp::Or && x) || (op == BinOp::And && !x) {
            return Some(x);
        }
        self.fast_truth(b, cx)
    }
}

impl Fx {
    /// Whether its value is always a truth when it has one: `==`, `!=`, a comparison,
    /// `not`, `and`, `or` (of conditions; a union of selections gives up).
    pub(super) fn is_condition(&self) -> bool {
        match &self.kind {
            Kind::Num(op, ..) => matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
            Kind::Eq(..) | Kind::Not(_) | Kind::Logic(..) => true,
            _ => false,
        }
    }

    /// The truth it is when it is a literal one (`true`, `false`).
    pub(super) fn truth_literal(&self) -> Option<bool> {
        match self.kind {
            Kind::Lit(Value::Bool(b)) => Some(b),
            _ => None,
        }
    }

    /// The expression it stands for.
    pub(super) fn expr(&self) -> &Expr {
        &self.expr
    }

    /// Whether it is the name `players` (the built-in).
    pub(super) fn is_players(&self, rules: &Rules) -> bool {
        matches!(self.kind, Kind::Global(i) if rules.names_players(i))
    }

    /// Whether it is `first(players)`.
    pub(super) fn is_first_player(&self, rules: &Rules) -> bool {
        matches!(&self.kind, Kind::Things(Fun::First, x) if x.is_players(rules))
    }

    /// Its typed form compiled to closures, if all of it compiles.
    pub(super) fn closure(&self) -> Option<&super::closures::Closure> {
        self.closure.as_ref()
    }

    /// Its typed form's two ids compared, if that is what it is (`Tb::SameId`).
    #[inline]
    pub(super) fn same_id(&self) -> Option<(bool, (Ti, Ti), usize)> {
        self.same_id
    }

    /// Its typed form, if it has one.
    pub(super) fn typed(&self) -> Option<&super::typed::Tb> {
        self.typed.as_deref()
    }
}
