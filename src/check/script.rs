//! Resolving and type-checking one parsed script against its game's `Env`: names,
//! scopes of `let`, arity of calls, operand types. Collects every problem.

use crate::diag::{did_you_mean, Diagnostic, FileId, Span};
use crate::syntax::ast::*;

use super::env::{Env, Sym, Ty};

/// Maps a script-relative span to a span in the YAML file.
pub type SpanMap<'a> = Box<dyn Fn(Span) -> Span + 'a>;

/// A local name and where it was bound.
#[derive(Debug, Clone)]
pub(crate) struct Binding {
    pub name: String,
    pub ty: Ty,
    /// Where it was bound, already mapped into its file (it may be another script's).
    pub at: (FileId, Span),
}

/// Walks scripts of one file, collecting diagnostics.
pub struct Checker<'a> {
    pub(crate) env: &'a Env,
    scopes: Vec<Vec<Binding>>,
    gone: Vec<Binding>,
    file: FileId,
    map: SpanMap<'a>,
    /// Spans of names already reported by a context-specific check (`unknown-zone`).
    pub(crate) reported: Vec<Span>,
    /// The problems found so far.
    pub diags: Vec<Diagnostic>,
    /// How many enclosing positions give `it` a value (a `where`/`with` filter, the key of
    /// `sum`/`sort`/`most`).
    pub(crate) it_scope: u32,
    /// For each selection whose filters are being checked, innermost last: whether it
    /// selects cards or pieces (its `where`'s `it` is then one of them).
    pub(crate) it_things: Vec<bool>,
    /// What `it` is outside those positions, where the field gives it a value (a trigger's
    /// subject, the player a result's `scores:` is read of): inside them, `it` is the
    /// thing tested or keyed, so the outer one does not reach in.
    pub(crate) outer_it: Option<Ty>,
    /// What `this` is in the script: a card's scripts run with `this` = the card, a
    /// faction's abilities with its player; elsewhere it is not known.
    pub(crate) this: Ty,
    /// Whether the expression is a field's condition (`requires:`, `end:`, `can_pass:`),
    /// read where nobody can be asked: a `choose` in it is an error.
    pub(crate) unasked: bool,
}

/// The help of an unknown name nothing near is found for (a scenario's expectation says
/// who its players are instead).
pub(crate) const UNKNOWN_NAME_HELP: &str = "define it in game.yaml, or bind it with `let`";

/// What a position in a script expects a name to be, for precise unknown-name reports.
#[derive(Clone, Copy)]
pub(crate) struct Want {
    /// Diagnostic code without prefix, e.g. `unknown-zone`.
    pub code: &'static str,
    /// What to call it in the message, e.g. `zone`.
    pub what: &'static str,
    /// Which definitions fit.
    pub fits: fn(&Sym) -> bool,
}

/// The name at the head of a selector or `of` chain: `hand` in `2 cards from hand of p`.
pub(crate) fn head_name(e: &Expr) -> Option<(&str, &Span)> {
    match &e.kind {
        ExprKind::Name(n, _) => Some((n, &e.span)),
        ExprKind::Of(a, _) => head_name(a),
        ExprKind::Select { base, .. } => head_name(base),
        _ => None,
    }
}

/// Whether expression `e` asks a player: a `choose` in it, or a call of a value
/// procedure that asks (`Env::asking_procedures`).
pub(crate) fn asks(env: &Env, e: &Expr) -> bool {
    let mut e = e.clone();
    let mut found = false;
    crate::syntax::visit::expr_mut(&mut e, &mut |x| match &x.kind {
        ExprKind::Choose(_, _) => found = true,
        ExprKind::Call(c) if env.asking_procedures.iter().any(|a| **a == *c.name.name) => found = true,
        _ => {}
    });
    found
}

/// Where expression `e` reads `you`: at `you` itself, or at a call of a value procedure
/// that reads it (`Env::you_procedures`), with that procedure's name.
pub(crate) fn you_read(env: &Env, e: &Expr) -> Option<(Span, Option<String>)> {
    let mut e = e.clone();
    let mut found = None;
    crate::syntax::visit::expr_mut(&mut e, &mut |x| match &x.kind {
        ExprKind::You if found.is_none() => found = Some((x.span.clone(), None)),
        ExprKind::Call(c) if found.is_none() && env.you_procedures.iter().any(|a| **a == *c.name.name) => {
            found = Some((x.span.clone(), Some(c.name.name.to_string())));
        }
        _ => {}
    });
    found
}

/// Whether expression `e` reads `you` (`you_read`).
pub(crate) fn reads_you(env: &Env, e: &Expr) -> bool {
    you_read(env, e).is_some()
}

impl<'a> Checker<'a> {
    /// A checker for scripts of `file`, whose spans `map` translates.
    pub fn new(env: &'a Env, file: FileId, map: SpanMap<'a>) -> Self {
        Checker {
            env,
            scopes: vec![vec![]],
            gone: vec![],
            file,
            map,
            reported: vec![],
            diags: vec![],
            it_scope: 0,
            it_things: vec![],
            outer_it: None,
            unasked: false,
            this: Ty::Any,
        }
    }

    /// Points the checker at the next script of a sequence (a cost, then its effect),
    /// keeping the bindings made so far.
    pub fn retarget(&mut self, file: FileId, map: SpanMap<'a>) {
        self.file = file;
        self.map = map;
    }

    /// Binds a name for the rest of the current scope (parameters, `let`, `for each`).
    pub fn bind(&mut self, name: &str, ty: Ty, span: Span) {
        let b = Binding { name: name.to_string(), ty, at: (self.file, (self.map)(span)) };
        self.scopes.last_mut().expect("a scope").push(b);
    }

    pub(crate) fn error(&mut self, code: &str, msg: impl Into<String>, span: &Span) -> &mut Diagnostic {
        let d = Diagnostic::error(code, msg, self.file, (self.map)(span.clone()));
        self.diags.push(d);
        self.diags.last_mut().expect("just pushed")
    }

    /// How long `span` (of the script) is in its file: its own length where the file holds
    /// the script as written, more where YAML escapes make the whole value stand for it.
    pub(crate) fn mapped_len(&self, span: &Span) -> usize {
        (self.map)(span.clone()).len()
    }

    /// Takes back the type errors found inside `span`, which one said of the whole replaces:
    /// what they report follows from it (`cost of bought vp` read as `cost of (bought vp)`).
    pub(crate) fn withdraw_within(&mut self, span: &Span) {
        let (at, file) = ((self.map)(span.clone()), self.file);
        let inside = |d: &Diagnostic| {
            d.labels.first().is_some_and(|l| l.file == file && at.start <= l.span.start && l.span.end <= at.end)
        };
        let follows =
            |d: &Diagnostic| matches!(d.code.as_str(), "twilit::type-mismatch" | "twilit::amount-in-arithmetic");
        self.diags.retain(|d| !(follows(d) && inside(d)));
    }

    pub(crate) fn warning(&mut self, code: &str, msg: impl Into<String>, span: &Span) -> &mut Diagnostic {
        let d = Diagnostic::warning(code, msg, self.file, (self.map)(span.clone()));
        self.diags.push(d);
        self.diags.last_mut().expect("just pushed")
    }

    /// A `let` that ends a block binds a name nothing reads: it ends with the block. Where
    /// the name is bound outside too, the one after the block is the outer one, and what
    /// the block bound (a player's answer) is lost, silently (a designer's walkthrough).
    fn unread_let(&mut self, b: &Block) {
        let Some(StmtKind::Let { name, .. } | StmtKind::LetEffect { name, .. }) = b.stmts.last().map(|s| &s.kind)
        else {
            return;
        };
        let n = &name.name;
        let outer = self.scopes.iter().rev().skip(1).flatten().any(|x| *x.name == **n);
        let help = if outer {
            format!(
                "after the block `{n}` is the one bound above, not this one: to decide its value, bind it once \
                 (`let {n} = if ... then ... else ...`)"
            )
        } else {
            format!("read `{n}` inside the block, or drop the `let` and keep what it runs")
        };
        self.warning(
            "unread-let",
            format!("`{n}` is bound at the end of its block, where nothing reads it"),
            &name.span,
        )
        .with_help_mut(help);
    }

    fn push_scope(&mut self) {
        self.scopes.push(vec![]);
    }

    fn pop_scope(&mut self) {
        if let Some(s) = self.scopes.pop() {
            self.gone.extend(s);
        }
    }

    pub(crate) fn local(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|b| b.name == name)
    }

    /// Checks a whole script (its bindings stay visible: a cost's `let` reaches its effect).
    pub fn check_script(&mut self, block: &Block) {
        for s in &block.stmts {
            self.stmt(s);
        }
    }

    /// Checks an expression that must be a condition.
    pub fn check_condition(&mut self, e: &Expr) {
        let t = self.expr(e);
        self.expect_ty(t, Ty::Bool, &e.span);
    }

    /// A written question must say something: `choose "": ...` asks `: a1`.
    pub(crate) fn question(&mut self, question: Option<&crate::text::Text>, span: &Span) {
        if question.is_some_and(|q| q.trim().is_empty()) {
            self.error("empty-question", "the question is empty: a player would be asked nothing", span).help = Some(
                "write what the player is asked (`choose \"Which card?\": ...`), or leave the question out".into(),
            );
        }
    }

    /// `twilit::question-in-condition` for what asks (`what`) at `span`, where nobody can
    /// be asked (`unasked`: a condition, a result, a variable's start).
    pub(crate) fn asked_here(&mut self, what: &str, span: &Span) {
        if !self.unasked {
            return;
        }
        let msg = format!("{what}, and a condition is read where nobody can be asked");
        self.error("question-in-condition", msg, span).help = Some(
            "choose in the ability's `effect:` or `cost:` (and pass the answer in), and test here only that there \
             is something to choose: `exists(...)`"
                .into(),
        );
    }

    /// Whether `e` is written as a selection of things (not a list that may hold numbers or
    /// zones): a filtered selection, or a noun (`spaces`, `pawns`, a card kind).
    pub(crate) fn selects_things(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Select { .. } => true,
            ExprKind::Name(n, _) if self.local(n).is_none() => {
                matches!(
                    self.env.lookup(n),
                    Some(Sym::Builtin(Ty::Things) | Sym::Piece | Sym::EnumValue(_) | Sym::Card)
                )
            }
            _ => false,
        }
    }

    fn block(&mut self, b: &Block) {
        self.push_scope();
        self.check_script(b);
        self.unread_let(b);
        self.pop_scope();
    }

    pub(crate) fn expect_ty(&mut self, got: Ty, want: Ty, span: &Span) {
        self.expect_ty_as("expected", got, want, span);
    }

    /// `expect_ty` with the message's opening words (`` `speaker` holds ``, `a score is`).
    pub(crate) fn expect_ty_as(&mut self, lead: &str, got: Ty, want: Ty, span: &Span) {
        if !got.fits(want) {
            self.error("type-mismatch", format!("{lead} {}, found {}", want.describe(), got.describe()), span).labels
                [0]
            .message = format!("this is {}", got.describe());
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        use StmtKind::*;
        match &s.kind {
            Let { name, value } => {
                let t = self.expr(value);
                self.bind(&name.name, t, name.span.clone());
            }
            LetEffect { name, effect } => {
                self.effect(effect);
                self.bind(&name.name, Ty::Things, name.span.clone());
            }
            If { cond, then, otherwise } => {
                self.check_condition(cond);
                self.block(then);
                if let Some(o) = otherwise {
                    self.block(o);
                }
            }
            ForEach { var, over, body } => {
                let t = self.expr(over);
                if !t.is_collection() && t != Ty::Any {
                    self.error(
                        "type-mismatch",
                        format!("`for each` needs players or a selection, found {}", t.describe()),
                        &over.span,
                    );
                }
                self.push_scope();
                // One of the things a selection holds is a thing (`score r` of a space is a
                // mistake); a list (written, bound, given by a procedure) may hold anything,
                // and its kind says no more than a selection's, so only a selection as
                // written (`cards in hand`, `spaces`) tells.
                let elem = match t {
                    Ty::Players | Ty::Player => Ty::Player,
                    Ty::Numbers => Ty::Num,
                    Ty::Things if self.selects_things(over) => Ty::Things,
                    _ => Ty::Any,
                };
                self.bind(&var.name, elem, var.span.clone());
                self.check_script(body);
                self.pop_scope();
            }
            Repeat { count, body } => {
                let t = self.expr(count);
                self.expect_ty(t, Ty::Num, &count.span);
                self.block(body);
            }
            AnyTimes { question, body } => {
                self.question(question.as_ref(), &s.span);
                self.block(body);
            }
            May { who, body, question } => {
                self.question(question.as_ref(), &s.span);
                if let Some(w) = who {
                    let t = self.expr(w);
                    self.expect_ty(t, Ty::Players, &w.span);
                }
                self.block(body);
            }
            ChooseOne { options, question } => {
                self.question(question.as_ref(), &s.span);
                self.choose_one(options);
            }
            As { who, body, simultaneous, .. } => {
                let t = self.expr(who);
                self.expect_ty(t, if *simultaneous { Ty::Players } else { Ty::Player }, &who.span);
                self.block(body);
            }
            Require { cond, .. } => self.check_condition(cond),
            Fail { .. } | Pass | EndPhase | EndGame => {}
            Eliminate { who } => {
                let t = self.expr(who);
                self.expect_ty(t, Ty::Players, &who.span);
            }
            Modify { prop, target, by, duration } => {
                self.property(prop, false);
                self.fixed_attribute("modify", prop, target);
                self.numeric_property(prop);
                self.expr(target);
                let t = self.expr(by);
                self.expect_ty(t, Ty::Num, &by.span);
                self.duration(duration);
            }
            Set { prop, target, value, duration, .. } => self.set(prop, target, value, duration),
            Forbid(f) => self.forbid(f),
            Draft(d) => self.draft(d),
            Effect(e) => self.effect(e),
            Call(c) => {
                self.call(c);
            }
        }
    }

    fn choose_one(&mut self, options: &[ChoiceOption]) {
        let mut seen: Vec<&str> = vec![];
        for o in options {
            if seen.contains(&o.label.as_str()) {
                self.error("duplicate-option", format!("option \"{}\" appears twice", o.label), &o.label_span);
            }
            seen.push(&o.label);
            self.block(&o.body);
        }
    }

    fn set(&mut self, prop: &Ident, target: &Option<Expr>, value: &Expr, duration: &Option<Duration>) {
        match target {
            Some(t) => {
                if &*prop.name != "side" {
                    self.property(prop, true);
                    self.fixed_attribute("set", prop, t);
                }
                self.expr(t);
            }
            None => {
                let known = matches!(
                    self.env.lookup(&prop.name),
                    Some(Sym::Builtin(Ty::Player)) | Some(Sym::Counter { .. }) | Some(Sym::Variable(_))
                );
                if !known && self.local(&prop.name).is_some() {
                    let d = self.error(
                        "unknown-variable",
                        format!(
                            "cannot set `{}`: it is bound here (a `let`, a parameter or a loop's name), and keeps its value",
                            prop.name
                        ),
                        &prop.span,
                    );
                    d.help = Some(format!("bind the new value to a new name: `let {}_2 = ...`", prop.name));
                } else if !known {
                    let vars: Vec<&str> = self
                        .env
                        .names()
                        .filter(|c| {
                            matches!(
                                self.env.lookup(c),
                                Some(Sym::Builtin(Ty::Player)) | Some(Sym::Counter { .. }) | Some(Sym::Variable(_))
                            )
                        })
                        .collect();
                    let hint = did_you_mean(&prop.name, vars.iter().copied());
                    let d = self.error("unknown-variable", format!("cannot set `{}`", prop.name), &prop.span);
                    d.help = Some(
                        "`set` without `of` assigns a game variable (declare it in `variables:`), `active_player`, or a game counter".into(),
                    );
                    if let Some(h) = hint {
                        d.suggest(h);
                    }
                }
            }
        }
        let got = self.expr(value);
        let want = match self.env.lookup(&prop.name) {
            Some(Sym::Property(t)) if target.is_some() => *t,
            Some(Sym::Counter { .. }) => Ty::Num,
            Some(Sym::Builtin(Ty::Player)) if target.is_none() => Ty::Player,
            Some(Sym::Variable(t)) if target.is_none() => *t,
            _ if &*prop.name == "side" => Ty::Value,
            _ => Ty::Any,
        };
        self.expect_ty_as(&format!("`{}` holds", prop.name), got, want, &value.span);
        self.duration(duration);
        // A duration makes a modifier, which only properties have: a counter or a variable
        // set `until ...` was logged and left as it was.
        if let (Some(d), Some(Sym::Counter { .. } | Sym::Variable(_) | Sym::Builtin(Ty::Player))) =
            (duration, self.env.lookup(&prop.name))
        {
            let msg = format!("`{}` is not a property: it cannot be set for a while", prop.name);
            let at = match d {
                Duration::UntilEndOf(p) | Duration::UntilStartOf(p) => p.span.clone(),
                Duration::While(x) => x.span.clone(),
            };
            self.error("not-carried-out", msg, &at).help = Some(
                "set it without the duration, and set it back when the period ends (a `when: end of turn` ability, or a phase's `end:`)"
                    .into(),
            );
        }
    }

    /// A property changed on board spaces: their attributes never change in play (a
    /// counter on spaces, or a card's or piece's value, may).
    fn fixed_attribute(&mut self, verb: &str, prop: &Ident, target: &Expr) {
        if matches!(self.env.lookup(&prop.name), Some(Sym::Property(_))) && self.names_spaces(target) {
            let msg = format!(
                "a board space's `{}` is fixed: spaces' attributes never change, so `{verb}` cannot change it",
                prop.name
            );
            self.error("fixed-attribute", msg, &prop.span).help = Some(format!(
                "keep what changes in a counter on the spaces (`counters: {{ {}_bonus: {{ on: space }} }}`) and read both",
                prop.name
            ));
        }
    }

    /// Whether `e` selects board spaces and nothing else: a space's id, `spaces` (with
    /// filters), or a value of an attribute only spaces have (`lowland`).
    fn names_spaces(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(n, _) => match self.env.lookup(n) {
                Some(Sym::Space) => true,
                Some(Sym::Builtin(_)) => matches!(&**n, "spaces" | "space"),
                Some(Sym::EnumValue(p)) => self.env.fixed_attributes.iter().any(|a| a == p),
                _ => false,
            },
            ExprKind::Select { base, .. } => self.names_spaces(base),
            _ => false,
        }
    }

    /// Only numbers can be modified by an amount.
    fn numeric_property(&mut self, prop: &Ident) {
        if let Some(Sym::Property(t)) = self.env.lookup(&prop.name) {
            if !t.fits(Ty::Num) {
                let t = *t;
                self.error(
                    "type-mismatch",
                    format!("`{}` holds {}; only number properties can be modified", prop.name, t.describe()),
                    &prop.span,
                )
                .help = Some(format!("use `set {} of ... to ...` to change it", prop.name));
            }
        }
    }

    pub(crate) fn duration(&mut self, d: &Option<Duration>) {
        match d {
            Some(Duration::UntilEndOf(n)) | Some(Duration::UntilStartOf(n)) => self.period(n),
            Some(Duration::While(e)) => self.check_condition(e),
            None => {}
        }
    }

    /// A phase, step or period name (`turn`, `evening`).
    pub(crate) fn period(&mut self, n: &Ident) {
        if self.env.is_phase(&n.name) || super::env::PERIODS.contains(&&*n.name) {
            return;
        }
        let periods: Vec<&str> =
            self.env.phases.iter().map(String::as_str).chain(super::env::PERIODS.iter().copied()).collect();
        let hint = did_you_mean(&n.name, periods.iter().copied());
        let d = self.error("unknown-phase", format!("unknown phase or period `{}`", n.name), &n.span);
        match hint {
            Some(h) => d.suggest(h),
            None => d.with_help_mut(format!("known: {}", periods.join(", "))),
        };
    }

    /// A property name, as in `modify cost of ...`; with `counters`, a counter's too, as
    /// `set X of ...` sets either (and a misspelt counter is said to be either).
    pub(crate) fn property(&mut self, n: &Ident, counters: bool) {
        match self.env.lookup(&n.name) {
            Some(Sym::Property(_)) | Some(Sym::Counter { .. }) => {}
            other => {
                let what = other.map(|s| s.describe());
                let fits = |s: Option<&Sym>| match s {
                    Some(Sym::Property(_)) => true,
                    Some(Sym::Counter { .. }) => counters,
                    _ => false,
                };
                let props: Vec<&str> = self.env.names().filter(|c| fits(self.env.lookup(c))).collect();
                let kind = if counters { "property or counter" } else { "property" };
                let msg = match what {
                    Some(w) => format!("`{}` is {w}, not a {kind}", n.name),
                    None => format!("unknown {kind} `{}`", n.name),
                };
                let hint = did_you_mean(&n.name, props.iter().copied());
                self.error("unknown-property", msg, &n.span).suggest_opt(hint);
            }
        }
    }

    fn forbid(&mut self, f: &Forbid) {
        let t = self.expr(&f.who);
        self.expect_ty(t, Ty::Players, &f.who.span);
        for a in &f.actions {
            let is_verb = Verb::from_word(&a.name).is_some();
            let is_proc = matches!(self.env.lookup(&a.name), Some(Sym::Procedure { .. }));
            if !is_verb && !is_proc {
                let verbs = Verb::ALL.iter().map(|v| v.as_str());
                let hint = did_you_mean(&a.name, verbs);
                let d = self.error(
                    "unknown-action",
                    format!("`{}` is neither an effect verb nor a procedure", a.name),
                    &a.span,
                );
                d.help = Some("forbid effect verbs (`place`, `move`, ...) or procedure names".into());
                d.suggest_opt(hint);
            }
        }
        if let Some(o) = &f.object {
            self.expr(o);
        }
        if let Some(a) = &f.at {
            self.expr(a);
        }
        match &f.except {
            Some(Exception::During(p)) => self.procedure_name(p),
            Some(Exception::If(c)) => self.check_condition(c),
            None => {}
        }
    }

    /// A procedure referred to by name (`except during battle`, `uses battle`).
    pub(crate) fn procedure_name(&mut self, p: &Ident) {
        if !matches!(self.env.lookup(&p.name), Some(Sym::Procedure { .. })) {
            if self.env.game_actions.iter().any(|a| *a == *p.name) {
                let msg = format!("`{}` is a game ability, not a procedure", p.name);
                self.error("unknown-procedure", msg, &p.span).help = Some(format!(
                    "`uses` and `during` name a procedure: let `{}`'s effect call one, and name that",
                    p.name
                ));
                return;
            }
            let hint = self.suggest_procedure(&p.name);
            self.error("unknown-procedure", format!("unknown procedure `{}`", p.name), &p.span).suggest_opt(hint);
        }
    }

    pub(crate) fn suggest_procedure(&self, name: &str) -> Option<&'a str> {
        let procs: Vec<&str> = self
            .env
            .names()
            .filter(|c| matches!(self.env.lookup(c), Some(Sym::Procedure { .. })))
            .chain(super::env::FUNCTIONS.iter().map(|f| f.0))
            .collect();
        did_you_mean(name, procs.iter().copied())
    }

    fn draft(&mut self, d: &Draft) {
        self.expr(&d.from);
        self.expr(&d.into);
        for o in &d.options {
            match o {
                DraftOpt::Pick(e) => {
                    let t = self.expr(e);
                    self.expect_ty(t, Ty::Num, &e.span);
                    if matches!(e.kind, ExprKind::Int(n) if n < 1) || matches!(e.kind, ExprKind::Unary(UnOp::Neg, _)) {
                        let err = self.error("out-of-range", "a draft's `pick` is at least 1 a round", &e.span);
                        err.help = Some("each round every player picks: write `pick 1` or more".into());
                    }
                }
                DraftOpt::Limit(v, n) => {
                    if !matches!(self.env.lookup(&v.name), Some(Sym::EnumValue(_))) {
                        self.unknown_value(v);
                    }
                    let t = self.expr(n);
                    self.expect_ty(t, Ty::Num, &n.span);
                }
                DraftOpt::Pass(..) | DraftOpt::Face(..) => {}
            }
        }
    }

    fn unknown_value(&mut self, v: &Ident) {
        let values: Vec<&str> =
            self.env.names().filter(|c| matches!(self.env.lookup(c), Some(Sym::EnumValue(_)))).collect();
        let hint = did_you_mean(&v.name, values.iter().copied());
        self.error("unknown-value", format!("`{}` is not a value of any property", v.name), &v.span).suggest_opt(hint);
    }

    /// Reports the head name of `e` if it is unknown, with the code and candidates of `want`.
    pub(crate) fn want(&mut self, e: &Expr, want: Want) {
        let Some((n, span)) = head_name(e) else { return };
        if self.local(n).is_some() || self.env.lookup(n).is_some() || self.gone.iter().any(|b| b.name == n) {
            return;
        }
        let cands: Vec<&str> = self.env.names().filter(|c| self.env.lookup(c).is_some_and(want.fits)).collect();
        let hint = did_you_mean(n, cands.iter().copied()).or_else(|| did_you_mean(n, self.env.names()));
        let span = span.clone();
        let d = self.error(want.code, format!("unknown {} `{n}`", want.what), &span);
        d.help = Some(format!("declare the {} in game.yaml", want.what));
        d.suggest_opt(hint);
        self.reported.push(span);
    }

    /// Resolves a bare name; reports unknown and out-of-scope names.
    pub(crate) fn name(&mut self, n: &str, span: &Span) -> Ty {
        if self.reported.contains(span) {
            return Ty::Any;
        }
        if let Some(b) = self.local(n) {
            return b.ty;
        }
        if n == "it" && self.it_scope == 0 {
            if let Some(t) = self.outer_it {
                return t;
            }
            self.error("unbound-it", "`it` means nothing here", span).help = Some(
                "`it` is the thing tested in a `where` or `with` filter, the one keyed in `sum`, `sort` or `most`, \
                 or what a triggered or answering ability heard"
                    .into(),
            );
            return Ty::Any;
        }
        if let Some(sym) = self.env.lookup(n) {
            // A procedure named as a value, not called: at run time it is its name, a symbol.
            // (A phase or step of the same name is a symbol: `phase == battle`.)
            if let (Sym::Procedure { arity, .. }, false) = (sym, self.env.is_phase(n)) {
                let call = if *arity == 0 { format!("{n}()") } else { format!("{n}(...)") };
                let d =
                    self.error("uncalled-procedure", format!("`{n}` is a procedure, named here without a call"), span);
                d.help = Some(format!("call it: `{call}`"));
                return Ty::Any;
            }
            return sym.ty();
        }
        if let Some(b) = self.gone.iter().rev().find(|b| b.name == n).cloned() {
            let (file, at) = b.at.clone();
            let d = self.error("out-of-scope", format!("`{n}` is not in scope here"), span);
            d.labels[0].message = "used here".into();
            d.help = Some(format!("`{n}` was bound inside a block that has ended; bind it before the block"));
            d.labels.push(crate::diag::Label { file, span: at, message: "bound here".into() });
            return Ty::Any;
        }
        let mut cands: Vec<&str> = self.env.names().chain(["you", "this"]).collect();
        let locals: Vec<String> = self.scopes.iter().flatten().map(|b| b.name.clone()).collect();
        cands.extend(locals.iter().map(String::as_str));
        let hint = did_you_mean(n, cands);
        let d = self.error("unknown-name", format!("unknown name `{n}`"), span);
        d.help = Some(UNKNOWN_NAME_HELP.into());
        d.suggest_opt(hint);
        Ty::Any
    }
}
