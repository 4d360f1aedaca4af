//! Expressions: names, operators, `of`, tables, dice and seat orders.

use crate::check::env::{Sym, Ty};
use crate::engine::{EventKind, List, PlayerId, Value};
use crate::syntax::ast::*;

use super::compile::{Builtin, Global};
use super::relation::Rel;
use super::{Ctx, Halt, Interp, R};

/// Built-in names that select things, so `card of deck` is the cards in a deck.
const NOUNS: &[&str] = &["card", "cards", "piece", "pieces", "space", "spaces", "player", "players"];

/// Whether a value is one card or piece (so `space of x` is where it stands).
fn is_thing(v: &Value) -> bool {
    match v {
        Value::Ent(_) => true,
        Value::List(l) => !l.is_empty() && l.iter().all(|x| matches!(x, Value::Ent(_))),
        _ => false,
    }
}

/// A comparison of two numbers (`==`, `!=`, `<`, `<=`, `>`, `>=`; any other operator
/// is `>=`).
pub(super) fn compare(op: BinOp, x: i64, y: i64) -> bool {
    match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        _ => x >= y,
    }
}

/// A comparison or arithmetic of two numbers (`None`: a division by zero).
pub(super) fn numbers(op: BinOp, x: i64, y: i64) -> Option<Value> {
    Some(match op {
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Value::Bool(compare(op, x, y)),
        BinOp::Add => Value::Int(x.saturating_add(y)),
        BinOp::Sub => Value::Int(x.saturating_sub(y)),
        BinOp::Mul => Value::Int(x.saturating_mul(y)),
        _ if y == 0 => return None,
        // Euclid's remainder, so that `(seat - 1) % n` cycles through 0..n; the one
        // overflowing case, i64::MIN % -1, is 0.
        BinOp::Rem => Value::Int(x.checked_rem_euclid(y).unwrap_or(0)),
        _ => Value::Int(x.checked_div(y).unwrap_or(i64::MAX)),
    })
}

/// Whether a selector's quantity may ask the acting player (effects) or not (queries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Reading the state: `a card` is the first one, `2 cards` the first two.
    Query,
    /// Acting: `a card` among several is the acting player's choice.
    Act,
}

impl<'r> Interp<'r> {
    /// Evaluates an expression for reading.
    pub fn eval(&mut self, e: &Expr, cx: &mut Ctx) -> R<Value> {
        self.eval_in(e, cx, Mode::Query)
    }

    /// Evaluates an expression; `mode` says whether quantities may ask. A run-time error
    /// is placed at the innermost expression that raised it.
    pub fn eval_in(&mut self, e: &Expr, cx: &mut Ctx, mode: Mode) -> R<Value> {
        // A number written out (`add 1 x`, `draw 2`), the commonest leaf: its one step,
        // without the frame of the whole evaluator.
        if let ExprKind::Int(i) = e.kind {
            return self.written_int(i, e, cx).map(Value::Int);
        }
        // A local read from its slot (`to winner`), the next commonest: its step and its
        // value, as `eval_node` gives them.
        if let ExprKind::Name(n, Res::Local(k)) = &e.kind {
            if let Some(v) = cx.slot(*k, n) {
                let v = v.clone();
                return self.leaf_step(e, cx).map(|()| v);
            }
        }
        let mut out = self.eval_node(e, cx, mode);
        if let Err(h) = &mut out {
            h.place(&e.span, cx);
        }
        out
    }

    /// A number written out, `i` at `e`, as `eval` reads it: its one step (a spent budget
    /// placed at it).
    #[inline]
    pub(super) fn written_int(&mut self, i: i64, e: &Expr, cx: &Ctx) -> R<i64> {
        self.leaf_step(e, cx).map(|()| i)
    }

    /// The one step `eval` counts for a leaf at `e`, a spent budget placed at it.
    #[inline]
    fn leaf_step(&mut self, e: &Expr, cx: &Ctx) -> R<()> {
        self.tick().map_err(|mut h| {
            h.place(&e.span, cx);
            h
        })
    }

    fn eval_node(&mut self, e: &Expr, cx: &mut Ctx, mode: Mode) -> R<Value> {
        self.tick()?;
        match &e.kind {
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.as_str().into())),
            ExprKind::Name(n, Res::Global(i)) => self.global(n, *i, cx),
            // A card (or a player) is copied as what it is, as `this` is.
            ExprKind::Name(_, Res::It) => match &cx.it {
                Some(Value::Ent(e)) => Ok(Value::Ent(*e)),
                Some(Value::Player(p)) => Ok(Value::Player(*p)),
                Some(v) => Ok(v.clone()),
                None => Err(Halt::error("`it` is nothing here")),
            },
            ExprKind::Name(n, Res::Unresolved) => self.name(n, cx),
            ExprKind::Name(n, Res::Local(k)) => match cx.slot(*k, n) {
                Some(v) => Ok(v.clone()),
                None => self.name(n, cx),
            },
            ExprKind::You => cx.you.map(Value::Player).ok_or_else(|| Halt::error("`you` is nobody here")),
            // A card (or a player) is copied as what it is: the generic copy of a value of
            // any kind went byte by byte through the stack and stalled.
            ExprKind::This => match &cx.this {
                Some(Value::Ent(e)) => Ok(Value::Ent(*e)),
                Some(Value::Player(p)) => Ok(Value::Player(*p)),
                Some(v) => Ok(v.clone()),
                None => Err(Halt::error("`this` is nothing here")),
            },
            ExprKind::List(items) => self.list(items, cx, mode),
            ExprKind::Unary(op, x) => self.unary(*op, x, cx),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, cx, mode),
            ExprKind::Of(a, b) => self.of(a, b, cx, mode),
            ExprKind::Select { quantity, base, filters } => self.select(quantity.as_ref(), base, filters, cx, mode),
            ExprKind::Call(c) => self.call(c, cx),
            ExprKind::Choose(x, question) => self.choose(x, question.as_ref(), cx),
            ExprKind::Table { key, rows } => self.table(e, key, rows, cx),
            ExprKind::If { cond, then, otherwise } => self.if_value(cond, then, otherwise, cx),
            ExprKind::Roll(d) => self.roll(d, cx),
            ExprKind::SeatOrder { dir, from } => self.seats_from(*dir, from, cx),
        }
    }

    // The less common expressions are evaluated out of line, so that `eval_node`, which
    // runs for every node, keeps a small frame.

    #[inline(never)]
    fn list(&mut self, items: &[Expr], cx: &mut Ctx, mode: Mode) -> R<Value> {
        let mut out = List::with_capacity(items.len());
        for i in items {
            out.push(self.eval_in(i, cx, mode)?);
        }
        Ok(Value::List(out))
    }

    #[inline(never)]
    fn unary(&mut self, op: UnOp, x: &Expr, cx: &mut Ctx) -> R<Value> {
        let v = self.eval(x, cx)?;
        match op {
            UnOp::Not => Ok(Value::Bool(!self.truth(&v, x, cx)?)),
            UnOp::Neg => Ok(Value::Int(self.int(&v, x, cx)?.saturating_neg())),
            UnOp::Pos => Ok(Value::Int(self.int(&v, x, cx)?)),
        }
    }

    #[inline(never)]
    fn table(&mut self, e: &Expr, key: &Expr, rows: &[TableRow], cx: &mut Ctx) -> R<Value> {
        let k = self.eval(key, cx)?;
        let k = self.int(&k, key, cx)?;
        match rows.iter().find(|r| r.key.matches(k)) {
            Some(r) => {
                if self.coverage.is_some() {
                    self.hit(&r.span, cx.origin(), super::coverage::Hit::Ran);
                }
                self.eval(&r.value, cx)
            }
            None => Err(Halt::error(format!("no row of `{}` matches {k}", cx.snippet(&e.span)))),
        }
    }

    /// `if C then A else B`: the value of the branch `C` picks (the other is not read).
    #[inline(never)]
    fn if_value(&mut self, cond: &Expr, then: &Expr, otherwise: &Expr, cx: &mut Ctx) -> R<Value> {
        let c = self.eval(cond, cx)?;
        let branch = if self.truth(&c, cond, cx)? { then } else { otherwise };
        if self.coverage.is_some() {
            self.hit(&branch.span, cx.origin(), super::coverage::Hit::Ran);
        }
        self.eval(branch, cx)
    }

    #[inline(never)]
    fn seats_from(&mut self, dir: Direction, from: &Expr, cx: &mut Ctx) -> R<Value> {
        Ok(Value::List(self.seat_order_from(dir, from, cx)?.into_iter().map(Value::Player).collect()))
    }

    /// The seats `clockwise from P` (or counterclockwise, `P` being `from`) lists, after
    /// the node's own step (`turn.rs` reads a turn order so, with no list of values made).
    pub(super) fn seat_order_from(&mut self, dir: Direction, from: &Expr, cx: &mut Ctx) -> R<Vec<PlayerId>> {
        let p = self.eval(from, cx)?;
        let p = self.player(&p, from, cx)?;
        Ok(self.w.state.seat_order(p, matches!(dir, Direction::Left | Direction::Clockwise)))
    }

    fn roll(&mut self, d: &Expr, cx: &mut Ctx) -> R<Value> {
        let die = match self.eval(d, cx)? {
            Value::Sym(s) => s,
            v => return Err(Halt::error(format!("`roll` needs a die, found {}", v.kind()))),
        };
        let faces = self.rules.dice.get(&*die).cloned().unwrap_or_default();
        if faces.is_empty() {
            return Err(Halt::error(format!("die `{die}` has no faces")));
        }
        let value = faces[self.w.state.rng.below(faces.len() as u64) as usize];
        self.emit(cx.you, EventKind::Roll { die: die.to_string(), value });
        Ok(Value::Int(value))
    }

    /// A name's value: bindings, then `it`'s property, then the game's names, then built-ins.
    pub fn name(&mut self, n: &str, cx: &mut Ctx) -> R<Value> {
        if let Some(v) = cx.get(n) {
            return Ok(v.clone());
        }
        if n == "it" {
            return cx.it.clone().ok_or_else(|| Halt::error("`it` is nothing here"));
        }
        match self.rules.env.index_of(n) {
            Some(i) => self.global(n, i, cx),
            None => Err(Halt::error(format!("unknown name `{n}`"))),
        }
    }

    /// The value of the game's or the language's name at index `i` of the name table.
    pub(super) fn global(&mut self, n: &str, i: u32, cx: &mut Ctx) -> R<Value> {
        debug_assert!(cx.get(n).is_none(), "`{n}` was compiled as global but is bound");
        let rules: &'r super::Rules = self.rules;
        let Some((canon, sym)) = rules.env.entry(i) else {
            return Err(Halt::error(format!("unknown name `{n}`")));
        };
        match rules.globals[i as usize] {
            Global::Property(id, statics) => match cx.it.clone() {
                Some(it) => self.prop_at(canon, id, statics, &it),
                None => Err(Halt::error(format!("`{n}` of what? (no candidate here)"))),
            },
            Global::Counter(id, on, statics) => self.counter_default(canon, (id, on, statics), cx),
            Global::Zone => self.zone_at(i, canon, cx.you).map(Value::Zone),
            Global::Space => self.zone_at(i, canon, None).map(Value::Zone),
            Global::Builtin(b) => self.builtin(canon, b, sym.ty(), cx),
            Global::Variable(id) => Ok(self.var_at(id, i).unwrap_or(Value::Null)),
            Global::Other => match sym {
                Sym::Property(_) | Sym::Counter { .. } | Sym::Zone | Sym::Space | Sym::Builtin(_) => {
                    Err(Halt::error(format!("`{n}` was not compiled")))
                }
                Sym::Card => Ok(self.copies(canon)),
                Sym::Faction => {
                    let p = self.w.state.players.iter().position(|p| p.faction.as_deref() == Some(canon));
                    Ok(p.map(Value::Player).unwrap_or(Value::Null))
                }
                Sym::Role => {
                    let ps =
                        self.seated().into_iter().filter(|&p| self.w.state.players[p].role.as_deref() == Some(canon));
                    Ok(Value::List(ps.map(Value::Player).collect()))
                }
                Sym::Variable(_) => Ok(self.w.state.var(canon).unwrap_or(Value::Null)),
                Sym::Local(_) => Err(Halt::error(format!("`{n}` is not bound here"))),
                _ => Ok(Value::Sym(rules.symbols[i as usize].clone())),
            },
        }
    }

    /// Players in seat order from the first seat.
    pub fn seated(&self) -> Vec<PlayerId> {
        self.seated_iter().collect()
    }

    /// The players other than `p`, clockwise from `p`.
    fn opponents_of(&self, p: PlayerId) -> Value {
        Value::List(self.w.state.seat_order(p, true).into_iter().skip(1).map(Value::Player).collect())
    }

    /// `seated`, one at a time (what `players` lists, without a list in between).
    pub(super) fn seated_iter(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let s = &self.w.state;
        s.seats.iter().copied().filter(|p| !s.eliminated.contains(p))
    }

    fn builtin(&mut self, n: &str, b: Builtin, t: Ty, cx: &mut Ctx) -> R<Value> {
        let players = |ps: Vec<PlayerId>| Value::List(ps.into_iter().map(Value::Player).collect());
        Ok(match b {
            Builtin::Opponents => {
                let you = cx.you.ok_or_else(|| Halt::error(format!("`{n}` of nobody")))?;
                self.opponents_of(you)
            }
            Builtin::Players => Value::List(self.seated_iter().map(Value::Player).collect()),
            Builtin::Yours => players(cx.you.into_iter().collect()),
            Builtin::Nothing => Value::Null,
            Builtin::ActivePlayer => match self.w.state.active() {
                Some(p) => Value::Player(p),
                None => self.w.state.var(n).unwrap_or(Value::Null),
            },
            Builtin::Cards => Value::List(self.all_ents(true).into_iter().map(Value::Ent).collect()),
            Builtin::Pieces => Value::List(self.all_ents(false).into_iter().map(Value::Ent).collect()),
            // `space` where there is an `it` is the relation (`space of it`); `spaces` is
            // always every space.
            Builtin::Spaces if cx.it.is_none() || n != "space" => {
                Value::List(self.spaces().iter().map(|&z| Value::Zone(z)).collect())
            }
            Builtin::Relation | Builtin::Spaces => match cx.it.clone() {
                Some(it) => self.relation(n, &it)?,
                None => return Err(Halt::error(format!("`{n}` of what? (no candidate here)"))),
            },
            Builtin::Turn | Builtin::Round | Builtin::Phase | Builtin::Step => self.clock_builtin(b),
            _ if t == Ty::Period => Value::Sym(n.into()),
            _ => return Err(Halt::error(format!("`{n}` needs `of`: `{n} of x`"))),
        })
    }

    /// `turn`, `round`, `phase`, `step`: read from the clock, which is noted (`clock_read`).
    fn clock_builtin(&mut self, b: Builtin) -> Value {
        self.clock_read = true;
        match b {
            Builtin::Turn => Value::Int(i64::from(self.w.state.clock.turn)),
            Builtin::Round => Value::Int(i64::from(self.w.state.clock.round)),
            _ => {
                let c = &self.w.state.clock;
                let p = self.rules.phases.get(c.phase);
                let name = if b == Builtin::Phase {
                    p.map(|p| &p.name)
                } else {
                    p.and_then(|p| c.step.and_then(|s| p.steps.get(s)))
                };
                name.map(|x| Value::Sym(x.into())).unwrap_or(Value::Null)
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, cx: &mut Ctx, mode: Mode) -> R<Value> {
        match op {
            BinOp::Or | BinOp::And => {
                let l = self.eval_in(a, cx, mode)?;
                if let Some(x) = logic_side(op, &l) {
                    if (op == BinOp::Or && x) || (op == BinOp::And && !x) {
                        return Ok(Value::Bool(x));
                    }
                    let r = self.eval_in(b, cx, mode)?;
                    return Ok(Value::Bool(self.truth(&r, b, cx)?));
                }
                let r = self.eval_in(b, cx, mode)?;
                if l == Value::Null && matches!(r, Value::Bool(_)) {
                    return Ok(r);
                }
                if op == BinOp::And {
                    return Err(Halt::error(format!("`and` needs conditions, found {}", self.show(&l))));
                }
                let all = self.things(&l)?;
                let more = self.things(&r)?;
                Ok(Value::List(union(all, more, self.w.state.ents.len())))
            }
            BinOp::Eq | BinOp::Ne => {
                let (l, r) = (self.eval(a, cx)?, self.eval(b, cx)?);
                let same = self.same(&l, &r);
                Ok(Value::Bool(same == (op == BinOp::Eq)))
            }
            _ => {
                let (l, r) = (self.eval(a, cx)?, self.eval(b, cx)?);
                let (x, y) = (self.int(&l, a, cx)?, self.int(&r, b, cx)?);
                match numbers(op, x, y) {
                    Some(v) => Ok(v),
                    None => Err(Halt::error(format!("division by zero in `{}`", cx.snippet(&b.span)))),
                }
            }
        }
    }

    /// `a of b`.
    fn of(&mut self, a: &Expr, b: &Expr, cx: &mut Ctx, mode: Mode) -> R<Value> {
        let right = self.eval_in(b, cx, mode)?;
        self.of_right(a, right, cx, mode)
    }

    /// `a of b` once `b` is evaluated (`right`).
    pub(super) fn of_right(&mut self, a: &Expr, right: Value, cx: &mut Ctx, mode: Mode) -> R<Value> {
        // A piece kind or an enum value of things (`cost of pawn`) is every thing that is
        // one, read one by one, as `count(pawn)` reads it.
        let right = match right {
            Value::Sym(ref n) if self.rules.noun_if(n).is_some() => Value::List(self.things(&right)?),
            right => right,
        };
        let ExprKind::Name(n, res) = &a.kind else {
            // `(buildings or tokens) of enemies`: things of those players.
            let left = self.eval_in(a, cx, mode)?;
            return self.things_of(&left, &right);
        };
        let rules: &'r super::Rules = self.rules;
        let i = match *res {
            Res::Global(i) => {
                debug_assert!(cx.get(n).is_none(), "`{n}` was compiled as global but is bound");
                Some(i)
            }
            // `it` on the left of `of` is read by name, as before it was compiled.
            Res::Local(k) if cx.slot(k, n).is_some() => {
                let v = cx.slot(k, n).cloned().unwrap_or(Value::Null);
                return self.things_of(&v, &right);
            }
            Res::Unresolved | Res::It | Res::Local(_) => {
                if let Some(v) = cx.get(n).cloned() {
                    return self.things_of(&v, &right);
                }
                rules.env.index_of(n)
            }
        };
        let Some((i, (canon, sym))) = i.and_then(|i| Some((i, rules.env.entry(i)?))) else {
            return Err(Halt::error(format!("unknown name `{n}`")));
        };
        let global = rules.globals[i as usize];
        let each = |me: &mut Self, f: &mut dyn FnMut(&mut Self, &Value) -> R<Value>| -> R<Value> {
            match &right {
                Value::List(l) if l.len() != 1 => {
                    let mut out = List::with_capacity(l.len());
                    for x in l {
                        out.push(f(me, x)?);
                    }
                    Ok(Value::List(out))
                }
                Value::List(l) => f(me, &l[0]),
                v => f(me, v),
            }
        };
        // A relation's word was resolved when the rules were built.
        if let Some(rel) = rules.relations.get(i as usize).copied().flatten() {
            return each(self, &mut |me, x| me.relation_of(rel, canon, x));
        }
        match (sym, global) {
            (Sym::Zone, _) => each(self, &mut |me, x| match x {
                Value::Player(p) => me.zone_at(i, canon, Some(*p)).map(Value::Zone),
                Value::Null => me.zone_at(i, canon, None).map(Value::Zone),
                v => Err(Halt::error(format!("`{canon} of ...` needs a player, found {}", me.show(v)))),
            }),
            (_, Global::Counter(id, on, statics)) => each(self, &mut |me, x| {
                let h = me.holder_kept(x, canon, Some(on))?;
                Ok(Value::Int(me.counter_at(canon, id, statics, h)?))
            }),
            (_, Global::Property(id, statics)) => each(self, &mut |me, x| me.prop_at(canon, id, statics, x)),
            // `opponents of p`: the players other than p, clockwise from p.
            (_, Global::Builtin(Builtin::Opponents)) => each(self, &mut |me, x| match x {
                Value::Player(p) => Ok(me.opponents_of(*p)),
                v => Err(Halt::error(format!("`{canon} of ...` needs a player, found {}", me.show(v)))),
            }),
            (Sym::Builtin(_), _) if !NOUNS.contains(&canon) || (canon == "space" && is_thing(&right)) => {
                each(self, &mut |me, x| me.relation(canon, x))
            }
            _ => {
                // `card of deck`: only the zones' own things are looked at.
                if let (Some(cards), Some(zones)) = (self.all_of_kind(a, cx), self.zones_in(&right)) {
                    return Ok(Value::List(self.in_zones(&zones, cards)));
                }
                let left = self.name(n, cx)?;
                self.things_of(&left, &right)
            }
        }
    }
}

/// `all` then what `more` adds to it, in order (a thing already in is not added again).
/// Cards and pieces are looked up in a bit set over the table, so a union of long
/// selections (`pawns or towers or ...`) does not search the list for each one.
fn union(mut all: List, more: List, ents: usize) -> List {
    if all.len() * more.len() <= 64 {
        for x in more {
            if !all.contains(&x) {
                all.push(x);
            }
        }
        return all;
    }
    let mut bits = vec![0u64; ents.div_ceil(64)];
    let mut other: List = List::new();
    let mark = |x: &Value, bits: &mut Vec<u64>, other: &mut List| match x {
        Value::Ent(e) if *e < ents => {
            let fresh = bits[e / 64] & (1 << (e % 64)) == 0;
            bits[e / 64] |= 1 << (e % 64);
            fresh
        }
        x if other.contains(x) => false,
        x => {
            other.push(x.clone());
            true
        }
    };
    for x in &all {
        mark(x, &mut bits, &mut other);
    }
    for x in more {
        if mark(&x, &mut bits, &mut other) {
            all.push(x);
        }
    }
    all
}

/// The built-in relation each name of `env` reads as `NAME of x` (`Rules::relations`):
/// a built-in that is a relation's word and no noun (`space of x` is decided by `x`).
pub(super) fn relations(env: &crate::check::env::Env) -> Vec<Option<Rel>> {
    (0..env.len() as u32)
        .map(|i| match env.entry(i) {
            Some((canon, Sym::Builtin(_))) if !NOUNS.contains(&canon) => Rel::of(canon),
            _ => None,
        })
        .collect()
}

/// `Interp::same`: equality that sees a one-element selection as its element and text
/// as a name (it reads no state).
#[inline]
pub(super) fn same_values(l: &Value, r: &Value) -> bool {
    // Two values of one kind (the commonest test: two players, two numbers, two
    // names) are the same exactly when they are equal; only mixed kinds need more.
    if std::mem::discriminant(l) == std::mem::discriminant(r) {
        return l == r;
    }
    same_mixed(l, r)
}

/// `same_values` of values of different kinds.
#[inline(never)]
fn same_mixed(l: &Value, r: &Value) -> bool {
    match (l, r) {
        (Value::List(x), y) if x.len() == 1 && !matches!(y, Value::List(_)) => same_values(&x[0], y),
        (x, Value::List(y)) if y.len() == 1 && !matches!(x, Value::List(_)) => same_values(x, &y[0]),
        (Value::Str(a), Value::Sym(b)) | (Value::Sym(b), Value::Str(a)) => a.as_str() == &**b,
        (Value::List(x), Value::Sym(s)) | (Value::Sym(s), Value::List(x)) => x.contains(&Value::Sym(s.clone())),
        // A list equals a text that spells one of its names, as it equals the name.
        (Value::List(x), Value::Str(t)) | (Value::Str(t), Value::List(x)) => {
            x.iter().any(|v| matches!(v, Value::Sym(n) if n.as_str() == t.as_str()) || v == &Value::Str(t.clone()))
        }
        _ => l == r,
    }
}

/// A value as a number: a number, a list of one, nothing as 0 (`None`: not a number).
pub(super) fn int_of(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::List(l) if l.len() == 1 => int_of(&l[0]),
        Value::Null => Some(0),
        _ => None,
    }
}

/// A value as a truth: a truth, a list of one, nothing as false (`None`: not a truth).
pub(super) fn truth_of(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::List(l) if l.len() == 1 => truth_of(&l[0]),
        Value::Null => Some(false),
        _ => None,
    }
}

/// What an error names of a value a list of one holds: the value itself.
pub(super) fn first_of(v: &Value) -> &Value {
    match v {
        Value::List(l) if l.len() == 1 => first_of(&l[0]),
        v => v,
    }
}

/// The first side of `and`/`or` as logic: a truth (or a list of one), or nothing, which is
/// false for `and`; `None` when it is a selection (`or` of selections is their union).
pub(super) fn logic_side(op: BinOp, v: &Value) -> Option<bool> {
    match v {
        Value::Bool(x) => Some(*x),
        Value::List(l) if l.len() == 1 && matches!(l[0], Value::Bool(_)) => Some(l[0] == Value::Bool(true)),
        Value::Null if op == BinOp::And => Some(false),
        _ => None,
    }
}
