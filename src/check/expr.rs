//! Typing expressions and effects, and checking trigger patterns.

use crate::diag::Span;
use crate::syntax::ast::*;

use super::env::{Sym, Ty};
use super::script::{Checker, Want};

const ZONE: Want = Want { code: "unknown-zone", what: "zone", fits: |s| matches!(s, Sym::Zone) };
const PIECE: Want = Want { code: "unknown-piece", what: "piece", fits: |s| matches!(s, Sym::Piece | Sym::Side) };
/// Where `move`, `return`, `shuffle`, `draw` and `deal` send things: a zone mostly, else a
/// space or a card.
const PLACE: Want =
    Want { code: "unknown-zone", what: "zone", fits: |s| matches!(s, Sym::Zone | Sym::Space | Sym::Card) };
const DIE: Want = Want { code: "unknown-die", what: "die", fits: |s| matches!(s, Sym::Die) };
const COUNTER: Want =
    Want { code: "unknown-counter", what: "counter or piece", fits: |s| matches!(s, Sym::Counter { .. } | Sym::Piece) };

impl Checker<'_> {
    /// The type of an expression; reports unknown names and operand mismatches.
    pub(crate) fn expr(&mut self, e: &Expr) -> Ty {
        use ExprKind::*;
        match &e.kind {
            Int(_) => Ty::Num,
            Bool(_) => Ty::Bool,
            Str(_) => Ty::Str,
            Name(n, _) => {
                let t = self.name(n, &e.span);
                self.bare_property(n, &e.span);
                t
            }
            You => Ty::Player,
            This => self.this,
            List(items) => {
                let tys: Vec<Ty> = items.iter().map(|i| self.expr(i)).collect();
                if tys.is_empty() {
                    // `[]` is an empty list of anything: no players as much as no cards.
                    Ty::Any
                } else if tys.iter().all(|t| matches!(t, Ty::Player | Ty::Players)) {
                    Ty::Players
                } else if !tys.is_empty() && tys.iter().all(|t| *t == Ty::Num) {
                    Ty::Numbers
                } else if !tys.is_empty() && tys.iter().all(|t| matches!(t, Ty::Str | Ty::Bool)) {
                    // Texts or truths (`choose ["red", "blue"]`): no kind of list says so.
                    Ty::Any
                } else {
                    Ty::Things
                }
            }
            Unary(op, x) => self.unary(*op, x),
            Binary(op, a, b) => self.binary(*op, a, b),
            Of(a, b) => self.of(a, b),
            Select { quantity, base, filters } => self.select(quantity, base, filters),
            Call(c) => self.call(c),
            Choose(x, question) => {
                self.asked_here("`choose` asks a question", &e.span);
                self.question(question.as_ref(), &e.span);
                if let (ExprKind::Str(text), None) = (&x.kind, question) {
                    // Only one option: what was meant is a question, its colon left out
                    // (`choose "Which card?" card in hand`), which reads the rest apart.
                    self.error("question-without-colon", format!("`choose \"{text}\"` has one option, the text itself"), &e.span)
                        .help = Some(format!(
                        "to ask a question, put a colon after it and what to choose from after that: `choose \"{text}\": card in hand`"
                    ));
                }
                // One of a list of numbers is a number (a bid, a nominated value); `choose 2
                // numbers(1, 5)` is a list of two.
                let one = match &x.kind {
                    ExprKind::Select { quantity: Some(q), .. } => matches!(q.kind, QuantityKind::One),
                    _ => true,
                };
                match self.expr(x) {
                    Ty::Numbers if one => Ty::Num,
                    t => t,
                }
            }
            Table { key, rows } => {
                let t = self.expr(key);
                self.expect_ty(t, Ty::Num, &key.span);
                let mut out = Ty::Any;
                for r in rows {
                    out = self.expr(&r.value);
                }
                out
            }
            If { cond, then, otherwise } => {
                let t = self.expr(cond);
                self.expect_ty(t, Ty::Bool, &cond.span);
                // One kind when both values are of it (a number either way); two kinds that
                // cannot stand for each other are a mistake (`require if c then true else
                // "why"` reads `require`'s `else` into the value).
                match (self.expr(then), self.expr(otherwise)) {
                    (a, b) if a == b => a,
                    (Ty::Any, t) | (t, Ty::Any) if t != Ty::Bool => t,
                    (Ty::Player, Ty::Players) | (Ty::Players, Ty::Player) => Ty::Players,
                    (a, b) if !a.fits(b) && !b.fits(a) && a != Ty::Any && b != Ty::Any => {
                        let msg = format!(
                            "`if ... then ... else` gives {} or {}: its two values should be of one kind",
                            a.describe(),
                            b.describe()
                        );
                        // A truth or a text: most often `require`'s `else "why"` read into the value.
                        let help = matches!((a, b), (Ty::Bool, Ty::Str)).then(|| {
                            "a `require`'s message follows the whole condition: `require C else \"why\"`, with no `then`".into()
                        });
                        self.error("type-mismatch", msg, &otherwise.span).help = help;
                        Ty::Any
                    }
                    _ => Ty::Any,
                }
            }
            Roll(d) => {
                self.want(d, DIE);
                let t = self.expr(d);
                self.expect_ty(t, Ty::Die, &d.span);
                Ty::Num
            }
            SeatOrder { from, .. } => {
                let t = self.expr(from);
                self.expect_ty(t, Ty::Player, &from.span);
                Ty::Players
            }
        }
    }

    fn unary(&mut self, op: UnOp, x: &Expr) -> Ty {
        let t = self.expr(x);
        match op {
            UnOp::Not => {
                self.expect_ty(t, Ty::Bool, &x.span);
                Ty::Bool
            }
            UnOp::Neg | UnOp::Pos => {
                self.expect_ty(t, Ty::Num, &x.span);
                Ty::Num
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Ty {
        let (ta, tb) = (self.expr(a), self.expr(b));
        match op {
            BinOp::Or | BinOp::And => {
                let union = (ta.is_collection() || tb.is_collection()) && op == BinOp::Or;
                if union {
                    self.place_or(a, b);
                    if ta == Ty::Players || tb == Ty::Players {
                        return Ty::Players;
                    }
                    if ta == Ty::Numbers && tb == Ty::Numbers {
                        return Ty::Numbers;
                    }
                    return Ty::Things;
                }
                self.expect_ty(ta, Ty::Bool, &a.span);
                self.expect_ty(tb, Ty::Bool, &b.span);
                Ty::Bool
            }
            BinOp::Eq | BinOp::Ne => {
                self.comparison(op, (a, ta), (b, tb));
                Ty::Bool
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.expect_ty(ta, Ty::Num, &a.span);
                self.expect_ty(tb, Ty::Num, &b.span);
                self.amount_operand(a, ta, false);
                self.amount_operand(b, tb, false);
                Ty::Bool
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                self.expect_ty(ta, Ty::Num, &a.span);
                self.expect_ty(tb, Ty::Num, &b.span);
                let sum = matches!(op, BinOp::Add | BinOp::Sub);
                self.amount_operand(a, ta, false);
                self.amount_operand(b, tb, sum);
                Ty::Num
            }
        }
    }

    /// `1 actions` as a number to compute with: an effect's amount and its counter
    /// (`add 1 actions`), which no arithmetic reads. Most often a line `+1 actions` under
    /// `draw 1`, which continues that line (`draw 1 + 1 actions`: two cards drawn, no
    /// action added) where the designer meant a statement of its own.
    /// `added`: it is the right side of `+` or `-`, as a line `+1 actions` makes it.
    fn amount_operand(&mut self, e: &Expr, t: Ty, added: bool) {
        let ExprKind::Select { quantity: Some(q), base, filters } = &e.kind else { return };
        let (QuantityKind::Exactly(n), true, Ty::Num) = (&q.kind, filters.is_empty(), t) else { return };
        // `double (1)`: a call spaced from its bracket, which `spaced_call` reports.
        if self.spaced_ty(q, base).is_some() {
            return;
        }
        let (n, counter) = (crate::syntax::print::expr(n), crate::syntax::print::expr(base));
        let msg = format!("`{n} {counter}` is an effect's amount, not a number to compute with");
        let d = self.error("amount-in-arithmetic", msg, &e.span);
        d.labels[0].message = format!("an amount of `{counter}`, as in `add {n} {counter}`");
        d.help = Some(if added {
            format!(
                "to change the counter, make it a statement: `add {n} {counter}` (a line that starts with `+` or \
                 `-` continues the line before it); to read it, write `{counter}` alone"
            )
        } else {
            format!("write the number alone (`{n}`), or the counter alone to read it (`{counter}`)")
        });
    }

    /// `workers at forest or town`: `or` joins selections, so this is the workers at forest,
    /// or the space town itself, not the workers at either place.
    fn place_or(&mut self, a: &Expr, b: &Expr) {
        let ExprKind::Select { filters, .. } = &a.kind else { return };
        let (word, place) = match filters.last().map(|f| &f.kind) {
            Some(FilterKind::At(x)) => ("at", x),
            Some(FilterKind::In(x)) => ("in", x),
            _ => return,
        };
        let ExprKind::Name(n, _) = &b.kind else { return };
        if self.local(n).is_some() || !matches!(self.env.lookup(n), Some(Sym::Space | Sym::Zone)) {
            return;
        }
        let x = crate::syntax::print::expr(place);
        let span = place.span.start..b.span.end;
        // A bare zone joins all it holds; a bare space is the space.
        let second = match self.env.lookup(n) {
            Some(Sym::Zone) => format!("everything in `{n}`"),
            _ => format!("the space `{n}` itself"),
        };
        let msg = format!("`{word} {x} or {n}` reads as what is {word} `{x}`, or {second}");
        let w = self.warning("place-or", msg, &span);
        w.help = Some(format!("to mean what is {word} either place, bracket the places: `{word} ({x} or {n})`"));
    }

    /// `C of X` for counter `C`: `X` must be what `C`'s `on:` keeps it on, as when it is
    /// changed (`counter_holder`); read of another holder, it failed only in play.
    fn counter_read(&mut self, n: &str, on: crate::load::CounterOn, b: &Expr, tb: Ty) {
        use crate::load::CounterOn;
        if super::verbs::holder_fits(on, tb) {
            return;
        }
        let kept = super::verbs::kept_on(on);
        let (msg, help) = match on {
            CounterOn::Game => {
                (format!("`{n}` is kept on {kept}: it has no holder to name"), format!("read it alone: `{n}`"))
            }
            CounterOn::Player => (
                format!("`{n}` is kept on {kept}, not on {}", tb.describe()),
                match tb {
                    Ty::Zone => {
                        format!("read it of the zone's owner: `{n} of owner of {}`", crate::syntax::print::expr(b))
                    }
                    _ => format!("read it of a player: `{n} of p`"),
                },
            ),
            CounterOn::Card | CounterOn::Space => (
                format!("`{n}` is kept on {kept}, not on {}", tb.describe()),
                format!("read it of one of the {}", &kept[..kept.find(' ').unwrap_or(kept.len())]),
            ),
        };
        self.error("wrong-holder", msg, &b.span).help = Some(help);
    }

    /// A property named alone reads `PROPERTY of it`: with no `it` (no filter, key or
    /// heard event around it) it fails at run time ("`cost` of what?").
    fn bare_property(&mut self, n: &str, span: &Span) {
        if self.it_scope != 0 || self.outer_it.is_some() || self.local(n).is_some() || self.reported.contains(span) {
            return;
        }
        if let Some(Sym::Property(_)) = self.env.lookup(n) {
            let d =
                self.error("unbound-it", format!("`{n}` alone reads `{n} of it`, and `it` means nothing here"), span);
            d.help = Some(format!("say whose: `{n} of this`, `{n} of first(cards in hand)`"));
        }
    }

    /// `a of b`: what `a` is decides what the whole is.
    fn of(&mut self, a: &Expr, b: &Expr) -> Ty {
        let tb = self.expr(b);
        let ExprKind::Name(n, _) = &a.kind else {
            self.expr(a);
            return Ty::Any;
        };
        let ta = self.name(n, &a.span);
        if self.local(n).is_none() {
            self.of_operand(n, self.env.lookup(n), b, tb);
            self.space_attribute_of_it(n, a, b);
        }
        match self.env.lookup(n).cloned() {
            Some(Sym::Zone) => {
                if !tb.fits(Ty::Players) && tb != Ty::Zone {
                    self.error(
                        "type-mismatch",
                        format!("`{n} of ...` needs a player, found {}", tb.describe()),
                        &b.span,
                    );
                }
                Ty::Zone
            }
            Some(Sym::Property(t)) => t,
            Some(Sym::Counter { on, .. }) => {
                if let Some(on) = on.filter(|_| self.local(n).is_none()) {
                    self.counter_read(n, on, b, tb);
                }
                Ty::Num
            }
            Some(Sym::Builtin(Ty::Relation)) => {
                if n == "left" || n == "right" {
                    self.expect_ty(tb, Ty::Player, &b.span);
                }
                Ty::Player
            }
            Some(Sym::Builtin(Ty::Zone)) => Ty::Zone,
            Some(Sym::Builtin(Ty::Players)) if matches!(n.as_str(), "opponent" | "opponents" | "enemy" | "enemies") => {
                self.expect_ty(tb, Ty::Player, &b.span);
                Ty::Players
            }
            Some(Sym::Builtin(Ty::Players)) => {
                self.error("type-mismatch", format!("`{n} of ...` means nothing"), &a.span).help =
                    Some(format!("to leave a player out, narrow them: `{n} where it != p`"));
                Ty::Players
            }
            _ => match ta {
                Ty::Value | Ty::Things => Ty::Things,
                Ty::Players => Ty::Players,
                other => other,
            },
        }
    }

    fn select(&mut self, q: &Option<Quantity>, base: &Expr, filters: &[Filter]) -> Ty {
        if let Some(ty) = q.as_ref().and_then(|q| self.spaced_call(q, base)) {
            self.expr(base);
            for f in filters {
                self.filter(f);
            }
            return ty;
        }
        if let Some(q) = q {
            self.quantity(q);
        }
        let t = self.expr(base);
        // Known only of `cards`, `pieces`, a card id or a piece kind (a list, written or
        // bound, is typed as things whatever it holds).
        let things = self.names_things(base);
        self.it_things.push(things);
        for f in filters {
            self.filter(f);
        }
        self.it_things.pop();
        match (t, q.as_ref().map(|q| &q.kind)) {
            (Ty::Num, _) => Ty::Num,
            (Ty::Player | Ty::Players, Some(QuantityKind::One | QuantityKind::Exactly(_))) => Ty::Player,
            (Ty::Player | Ty::Players, _) => Ty::Players,
            (Ty::Zone, _) => Ty::Things,
            (Ty::Value, _) => Ty::Things,
            (other, _) => other,
        }
    }

    /// Warns at `row of it` where `it` is a card or piece a `where` filters and `row` an
    /// attribute of spaces alone: it reads none, so the condition is silently false
    /// (`pieces of bob at spaces where row of it >= 3`: the `where` filters the pieces).
    fn space_attribute_of_it(&mut self, n: &str, a: &Expr, b: &Expr) {
        let it = matches!(&b.kind, ExprKind::Name(x, _) if x == "it" && self.local(x).is_none());
        if !it || self.it_scope == 0 || self.it_things.last() != Some(&true) {
            return;
        }
        if !self.env.fixed_attributes.iter().any(|x| x == n) {
            return;
        }
        let msg = format!("`{n} of it` reads an attribute of spaces of a card or piece: it is none");
        let w = self.warning("space-attribute", msg, &(a.span.start..b.span.end));
        w.help = Some(format!(
            "here `it` is the thing the `where` filters; read where it stands, `{n} of space of it`, or filter the \
             spaces before `at`: `at (spaces where {n} of it ...)`"
        ));
    }

    /// Whether selection base `base` is cards or pieces for certain: `cards`, `pieces`, a
    /// card id or a piece kind, a selection of one, or one of a player (`pieces of bob`).
    fn names_things(&self, base: &Expr) -> bool {
        match &base.kind {
            ExprKind::Name(n, _) if self.local(n).is_none() => match self.env.lookup(n) {
                Some(Sym::Card | Sym::Piece) => true,
                Some(Sym::Builtin(_)) => matches!(n.as_str(), "cards" | "pieces"),
                _ => false,
            },
            // `pieces of bob`: the things of a player.
            ExprKind::Select { base, .. } | ExprKind::Of(base, _) => self.names_things(base),
            _ => false,
        }
    }

    /// `count (cards in hand)`: a function's name and its bracket apart, which reads as
    /// "`count` of the cards" (as `2 (cards in hand)` would), so `count` was an unknown
    /// name. Reported as what it is; the function's type, so nothing else is reported.
    fn spaced_call(&mut self, q: &Quantity, base: &Expr) -> Option<Ty> {
        let ty = self.spaced_ty(q, base)?;
        let QuantityKind::Exactly(n) = &q.kind else { return None };
        let ExprKind::Name(name, _) = &n.kind else { return None };
        let d = self.error("spaced-call", format!("`{name}` and its bracket are apart"), &n.span);
        d.help =
            Some(format!("write `{name}(...)` with no space before the bracket: spaced, `{name}` reads as a count"));
        Some(ty)
    }

    /// The result type of the function or value procedure a quantity names before `base`,
    /// where the two read as a call spaced from its bracket (`spaced_call`). A value
    /// procedure before a noun or a selection (`cap cards in hand`, `add cap vp`) counts
    /// them instead.
    fn spaced_ty(&self, q: &Quantity, base: &Expr) -> Option<Ty> {
        let QuantityKind::Exactly(n) = &q.kind else { return None };
        let ExprKind::Name(name, _) = &n.kind else { return None };
        if self.local(name).is_some() {
            return None;
        }
        let counted = matches!(base.kind, ExprKind::Name(..) | ExprKind::Select { .. });
        match self.env.lookup(name) {
            Some(Sym::Procedure { value: true, ret, .. }) if !counted => Some(*ret),
            Some(_) => None,
            None => Some(super::env::Env::function(name)?.2),
        }
    }

    fn quantity(&mut self, q: &Quantity) {
        if let QuantityKind::Exactly(n)
        | QuantityKind::UpTo(n)
        | QuantityKind::Top(Some(n))
        | QuantityKind::Bottom(Some(n)) = &q.kind
        {
            let t = self.expr(n);
            self.expect_ty(t, Ty::Num, &n.span);
        }
    }

    fn filter(&mut self, f: &Filter) {
        use FilterKind::*;
        match &f.kind {
            Where(e) => {
                self.it_scope += 1;
                let t = self.expr(e);
                self.it_scope -= 1;
                // `where it in [a, b]` is a selection whatever `it` is (a selection of one
                // thing checked as unknown): it failed only in play.
                if matches!(&e.kind, ExprKind::Select { filters, .. } if !filters.is_empty()) && t == Ty::Any {
                    let text = crate::syntax::print::expr(e);
                    let d = self.error("type-mismatch", "expected a condition, found a selection", &e.span);
                    d.labels[0].message = "this selects things".into();
                    d.help = Some(format!("to test that there is such a thing, write `exists({text})`"));
                    return;
                }
                self.expect_ty(t, Ty::Bool, &e.span);
            }
            With(e) => {
                self.it_scope += 1;
                self.expr(e);
                self.it_scope -= 1;
            }
            YouControl => {}
            ControlledBy(e) | OwnedBy(e) => {
                let t = self.expr(e);
                self.expect_ty(t, Ty::Players, &e.span);
            }
            In(e) | From(e) => {
                self.want(e, ZONE);
                let t = self.expr(e);
                if !matches!(t, Ty::Zone | Ty::Things | Ty::Any | Ty::Player | Ty::Players) {
                    // A name that is something else (an enum value's plural): the zone it
                    // was likely meant to be.
                    let named = super::script::head_name(e).map(|(n, _)| n.to_string());
                    let zones: Vec<&str> =
                        self.env.names().filter(|c| matches!(self.env.lookup(c), Some(Sym::Zone))).collect();
                    let hint = named.as_deref().and_then(|n| {
                        // Else the one zone named after it (a value's plural `reds`: the zone `red_pile`).
                        let stem = n.trim_end_matches('s');
                        let named_after: Vec<&str> = zones.iter().copied().filter(|z| z.starts_with(stem)).collect();
                        crate::diag::did_you_mean(n, zones.iter().copied())
                            .or((named_after.len() == 1 && stem.len() >= 3).then(|| named_after[0]))
                    });
                    let hint = hint.map(str::to_string);
                    let d = self.error(
                        "type-mismatch",
                        format!("expected a zone or a player, found {}", t.describe()),
                        &e.span,
                    );
                    d.suggest_opt(hint.as_deref());
                    if let Some(n) = named {
                        d.help = Some(match &hint {
                            Some(z) => format!("`{n}` is no zone: did you mean `{z}`?"),
                            None => format!("`{n}` is no zone: `in` and `from` take a zone (or a player)"),
                        });
                    }
                }
            }
            At(e) | On(e) => {
                let t = self.expr(e);
                if matches!(t, Ty::Num | Ty::Bool | Ty::Str) {
                    let word = if matches!(f.kind, At(_)) { "at" } else { "on" };
                    self.error(
                        "type-mismatch",
                        format!("`{word}` needs a place or a card, found {}", t.describe()),
                        &e.span,
                    )
                    .help = Some(place_help(word, e));
                }
            }
        }
    }

    /// An effect: its objects and clauses, and the checks its verb needs.
    pub(crate) fn effect(&mut self, e: &Effect) {
        let want = match e.verb {
            Verb::Place | Verb::Create => Some(PIECE),
            Verb::Add | Verb::Remove | Verb::Gain | Verb::Spend | Verb::Lose => Some(COUNTER),
            _ => None,
        };
        for o in e.objects.iter().filter(|o| matches!(o.kind, ExprKind::Select { quantity: Some(_), .. })) {
            if let Some(w) = want {
                self.want(o, w);
            }
        }
        let tys: Vec<Ty> = (e.objects.iter())
            .map(|o| match &o.kind {
                // `remove -1 pawn`: `amounts` says the amount is negative; the sign does
                // not also ask the pieces to be a number.
                ExprKind::Unary(UnOp::Neg, x) if e.verb.counts() => self.expr(x),
                _ => self.expr(o),
            })
            .collect();
        if matches!(e.verb, Verb::Move | Verb::Return | Verb::Shuffle | Verb::Draw | Verb::Deal) {
            // A destination is a place, so an unknown one is reported as a zone, with the
            // places for did-you-mean rather than every name.
            for c in &e.clauses {
                if let ClauseKind::To(x) | ClauseKind::ToEnd(_, x) | ClauseKind::Into(x) | ClauseKind::Onto(x) = &c.kind
                {
                    self.want(x, PLACE);
                }
            }
        }
        let mut holder = None;
        for c in &e.clauses {
            let t = self.clause(c);
            if matches!(c.kind, ClauseKind::To(_) | ClauseKind::From(_) | ClauseKind::For(_)) {
                holder = holder.or(t);
            }
        }
        self.amounts(e, &tys);
        self.counter_holder(e, holder);
        self.thing_verb(e, &tys);
        if let (Verb::Seat, Some(t)) = (e.verb, tys.first()) {
            self.expect_ty(*t, Ty::Players, &e.objects[0].span);
        }
        self.verb_clauses(e);
        if e.objects.is_empty() && !matches!(e.verb, Verb::Draw | Verb::Shuffle) {
            self.error("missing-object", format!("`{}` needs something to act on", e.verb.as_str()), &e.verb_span)
                .help = Some(verb_example(e.verb).to_string());
        }
    }

    /// Checks a clause; the type of what it names, if it names something.
    fn clause(&mut self, c: &Clause) -> Option<Ty> {
        match &c.kind {
            ClauseKind::To(x)
            | ClauseKind::ToEnd(_, x)
            | ClauseKind::Into(x)
            | ClauseKind::From(x)
            | ClauseKind::Onto(x)
            | ClauseKind::For(x) => Some(self.expr(x)),
            ClauseKind::By(x) => {
                let t = self.expr(x);
                self.expect_ty(t, Ty::Num, &x.span);
                None
            }
            ClauseKind::Face(_) | ClauseKind::Simultaneously => None,
        }
    }

    /// Checks a trigger pattern; `it` is bound by the caller.
    pub fn check_event(&mut self, ev: &EventPat) {
        match &ev.kind {
            EventKind::Start(n) | EventKind::End(n) => self.period(n),
            EventKind::Action { actor, verb, object, clauses } => {
                if let Some(a) = actor {
                    let t = self.expr(a);
                    self.expect_ty(t, Ty::Players, &a.span);
                }
                let base = verb.name.trim_end_matches('s');
                let is_use = base == "use";
                match object {
                    Some(Expr { kind: ExprKind::Name(p, _), span }) if is_use => {
                        self.procedure_name(&Ident { name: p.as_str().into(), span: span.clone() });
                    }
                    Some(o) => {
                        self.expr(o);
                    }
                    None => {}
                }
                for c in clauses {
                    let _ = self.clause(c);
                }
            }
        }
    }

    /// Reports a cost that can never be paid: removing more than a counter can hold, or `fail`.
    pub fn check_cost_payable(&mut self, cost: &Block) {
        for s in &cost.stmts {
            match &s.kind {
                StmtKind::Fail { .. } => {
                    self.error("unpayable-cost", "this cost always fails", &s.span).help = Some(
                        "use `requires:` for conditions; a cost that always fails makes the ability unusable".into(),
                    );
                }
                StmtKind::Effect(e) if matches!(e.verb, Verb::Remove | Verb::Spend | Verb::Lose) => {
                    self.removal_payable(e, &s.span);
                }
                _ => {}
            }
        }
    }

    fn removal_payable(&mut self, e: &Effect, span: &Span) {
        let Some(Expr { kind: ExprKind::Select { quantity: Some(q), base, .. }, .. }) = e.objects.first() else {
            return;
        };
        let (QuantityKind::Exactly(n), ExprKind::Name(counter, _)) = (&q.kind, &base.kind) else {
            return;
        };
        let ExprKind::Int(n) = n.kind else { return };
        if let Some(Sym::Counter { max: Some(max), .. }) = self.env.lookup(counter) {
            if n > *max {
                let max = *max;
                self.error(
                    "unpayable-cost",
                    format!("cannot remove {n} {counter}: it never holds more than {max}"),
                    span,
                )
                .help = Some(format!("lower the cost to at most {max}, or raise `max:` of `{counter}`"));
            }
        }
    }
}

fn verb_example(v: Verb) -> &'static str {
    match v {
        Verb::Add | Verb::Gain => "for example `add 2 tokens` or `add 1 wounds to x`",
        Verb::Remove | Verb::Spend | Verb::Lose => "for example `remove 2 tokens` or `remove 1 soldier from reserve`",
        Verb::Move | Verb::Return => "for example `move x to hand`",
        Verb::Place | Verb::Create => "for example `place 1 soldier at c`",
        Verb::Deal => "for example `deal 3 cards from deck to hand of each player`",
        Verb::Seat => "for example `seat sort(players, priority of it)`",
        _ => "name what it acts on, for example `exhaust choose 1 card you control`",
    }
}

/// What `at X` or `on X` wants, X being a number, truth or text: a copy's label written as
/// text (`on "base#2"`, as a scenario's `on:` names it) is told how a script names it.
fn place_help(word: &str, e: &Expr) -> String {
    if let ExprKind::Str(label) = &e.kind {
        if let Some((card, _)) = label.split_once('#') {
            return format!(
                "a copy's label is text in a script: find the copy by it, `{word} ({card} where id == \"{label}\")`"
            );
        }
    }
    match word {
        "on" => "`on` names the card or piece things are attached to, e.g. `on choose 1 card in play`".into(),
        _ => "`at` names a board space, e.g. `at choose 1 space`".into(),
    }
}
