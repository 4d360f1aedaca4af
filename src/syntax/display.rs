//! A compact s-expression rendering of the AST, used by `twilit explain` and by the
//! syntax snapshots: `(add (select 2 tokens))`. Spans are not shown.

use std::fmt::{self, Display, Formatter};

use super::ast::*;

fn list<T: Display>(f: &mut Formatter, items: &[T]) -> fmt::Result {
    for i in items {
        write!(f, " {i}")?;
    }
    Ok(())
}

impl Display for Block {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "(do")?;
        list(f, &self.stmts)?;
        write!(f, ")")
    }
}

impl Display for Ident {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Display for Stmt {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        use StmtKind::*;
        match &self.kind {
            Let { name, value } => write!(f, "(let {name} {value})"),
            LetEffect { name, effect } => write!(f, "(let {name} {effect})"),
            If { cond, then, otherwise: Some(o) } => write!(f, "(if {cond} {then} {o})"),
            If { cond, then, otherwise: None } => write!(f, "(if {cond} {then})"),
            ForEach { var, over, body } => write!(f, "(for-each {var} {over} {body})"),
            Repeat { count, body } => write!(f, "(repeat {count} {body})"),
            AnyTimes { question, body } => write!(f, "(any-times{} {body})", asked(question)),
            May { who: Some(w), question, body } => write!(f, "(may {w}{} {body})", asked(question)),
            May { who: None, question, body } => write!(f, "(may{} {body})", asked(question)),
            ChooseOne { question, options } => {
                write!(f, "(choose-one{}", asked(question))?;
                for o in options {
                    write!(f, " ({:?} {})", o.label, o.body)?;
                }
                write!(f, ")")
            }
            As { who, body, simultaneous: false, .. } => write!(f, "(as {who} {body})"),
            As { who, body, simultaneous: true, .. } => write!(f, "(simultaneously-as {who} {body})"),
            Require { cond, message: Some(m) } => write!(f, "(require {cond} {m:?})"),
            Require { cond, message: None } => write!(f, "(require {cond})"),
            Fail { message } => write!(f, "(fail {message:?})"),
            Pass => write!(f, "(pass)"),
            EndPhase => write!(f, "(end-phase)"),
            EndGame => write!(f, "(end-game)"),
            Eliminate { who } => write!(f, "(eliminate {who})"),
            Modify { prop, target, by, duration } => {
                write!(f, "(modify {prop} {target} {by}")?;
                opt_duration(f, duration)
            }
            Set { prop, target, value, duration, .. } => {
                write!(f, "(set {prop}")?;
                if let Some(t) = target {
                    write!(f, " {t}")?;
                }
                write!(f, " {value}")?;
                opt_duration(f, duration)
            }
            Forbid(x) => x.fmt(f),
            Draft(x) => x.fmt(f),
            Effect(x) => x.fmt(f),
            Call(x) => x.fmt(f),
        }
    }
}

fn opt_duration(f: &mut Formatter, d: &Option<Duration>) -> fmt::Result {
    match d {
        Some(d) => write!(f, " {d})"),
        None => write!(f, ")"),
    }
}

impl Display for Duration {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Duration::UntilEndOf(n) => write!(f, "(until-end {n})"),
            Duration::UntilStartOf(n) => write!(f, "(until-start {n})"),
            Duration::While(e) => write!(f, "(while {e})"),
        }
    }
}

impl Display for Forbid {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "(forbid {} (actions", self.who)?;
        list(f, &self.actions)?;
        write!(f, ")")?;
        if let Some(o) = &self.object {
            write!(f, " {o}")?;
        }
        if let Some(a) = &self.at {
            write!(f, " (at {a})")?;
        }
        match &self.except {
            Some(Exception::During(p)) => write!(f, " (except-during {p})")?,
            Some(Exception::If(c)) => write!(f, " (except-if {c})")?,
            None => {}
        }
        match &self.reason {
            Some(r) => write!(f, " (else {r:?}))"),
            None => write!(f, ")"),
        }
    }
}

impl Display for Draft {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "(draft {} {}", self.from, self.into)?;
        for o in &self.options {
            match o {
                DraftOpt::Pick(e) => write!(f, " (pick {e})")?,
                DraftOpt::Pass(d, _) => write!(f, " (pass {d})")?,
                DraftOpt::Limit(n, e) => write!(f, " (limit {n} {e})")?,
                DraftOpt::Face(x, _) => write!(f, " (face {x})")?,
            }
        }
        write!(f, ")")
    }
}

impl Display for Direction {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str(match self {
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counterclockwise",
        })
    }
}

impl Display for Face {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str(if *self == Face::Up { "up" } else { "down" })
    }
}

impl Display for Effect {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "({}", self.verb.as_str())?;
        list(f, &self.objects)?;
        list(f, &self.clauses)?;
        write!(f, ")")
    }
}

impl Display for Clause {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match &self.kind {
            ClauseKind::To(e) => write!(f, "(to {e})"),
            ClauseKind::ToEnd(End::Top, e) => write!(f, "(to-top {e})"),
            ClauseKind::ToEnd(End::Bottom, e) => write!(f, "(to-bottom {e})"),
            ClauseKind::Into(e) => write!(f, "(into {e})"),
            ClauseKind::From(e) => write!(f, "(from {e})"),
            ClauseKind::Onto(e) => write!(f, "(onto {e})"),
            ClauseKind::For(e) => write!(f, "(for {e})"),
            ClauseKind::By(e) => write!(f, "(by {e})"),
            ClauseKind::Face(x) => write!(f, "(face {x})"),
            ClauseKind::Simultaneously => write!(f, "(simultaneously)"),
        }
    }
}

impl Display for Call {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self.kind {
            CallKind::Keyword => write!(f, "({}[]", self.name)?,
            CallKind::Function => write!(f, "({}()", self.name)?,
        }
        list(f, &self.args)?;
        write!(f, ")")
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        use ExprKind::*;
        match &self.kind {
            Int(n) => write!(f, "{n}"),
            Bool(b) => write!(f, "{b}"),
            Str(s) => write!(f, "{s:?}"),
            Name(n, _) => f.write_str(n),
            You => f.write_str("you"),
            This => f.write_str("this"),
            List(items) => {
                write!(f, "(list")?;
                list(f, items)?;
                write!(f, ")")
            }
            Unary(op, e) => write!(f, "({} {e})", unop(*op)),
            Binary(op, a, b) => write!(f, "({} {a} {b})", op.as_str()),
            Of(a, b) => write!(f, "(of {a} {b})"),
            Select { quantity, base, filters } => {
                write!(f, "(select")?;
                if let Some(q) = quantity {
                    write!(f, " {q}")?;
                }
                write!(f, " {base}")?;
                list(f, filters)?;
                write!(f, ")")
            }
            Call(c) => c.fmt(f),
            Choose(e, question) => write!(f, "(choose{} {e})", asked(question)),
            Table { key, rows } => {
                write!(f, "(table {key}")?;
                list(f, rows)?;
                write!(f, ")")
            }
            If { cond, then, otherwise } => write!(f, "(if {cond} {then} {otherwise})"),
            Roll(e) => write!(f, "(roll {e})"),
            SeatOrder { dir, from } => write!(f, "({dir} {from})"),
        }
    }
}

fn unop(op: UnOp) -> &'static str {
    match op {
        UnOp::Not => "not",
        UnOp::Neg => "neg",
        UnOp::Pos => "pos",
    }
}

impl Display for Quantity {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        use QuantityKind::*;
        match &self.kind {
            Exactly(e) => write!(f, "{e}"),
            UpTo(e) => write!(f, "up-to:{e}"),
            AnyNumber => write!(f, "any-number"),
            All => write!(f, "all"),
            Each => write!(f, "each"),
            One => write!(f, "a"),
            Top(Some(n)) => write!(f, "top:{n}"),
            Top(None) => write!(f, "top:1"),
            Bottom(Some(n)) => write!(f, "bottom:{n}"),
            Bottom(None) => write!(f, "bottom:1"),
        }
    }
}

impl Display for Filter {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        use FilterKind::*;
        match &self.kind {
            Where(e) => write!(f, "(where {e})"),
            With(e) => write!(f, "(with {e})"),
            YouControl => write!(f, "(you-control)"),
            ControlledBy(e) => write!(f, "(controlled-by {e})"),
            OwnedBy(e) => write!(f, "(owned-by {e})"),
            In(e) => write!(f, "(in {e})"),
            At(e) => write!(f, "(at {e})"),
            From(e) => write!(f, "(from {e})"),
            On(e) => write!(f, "(on {e})"),
        }
    }
}

impl Display for TableRow {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self.key {
            TableKey::Exact(k) => write!(f, "({k} {})", self.value),
            TableKey::Range(lo, Some(hi)) => write!(f, "({lo}..{hi} {})", self.value),
            TableKey::Range(lo, None) => write!(f, "({lo}.. {})", self.value),
            TableKey::Else => write!(f, "(else {})", self.value),
        }
    }
}

impl Display for EventPat {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match &self.kind {
            EventKind::Start(n) => write!(f, "(on-start {n})"),
            EventKind::End(n) => write!(f, "(on-end {n})"),
            EventKind::Action { actor, verb, object, clauses } => {
                write!(f, "(on {verb}")?;
                if let Some(a) = actor {
                    write!(f, " (by {a})")?;
                }
                if let Some(o) = object {
                    write!(f, " {o}")?;
                }
                list(f, clauses)?;
                write!(f, ")")
            }
        }
    }
}

impl Display for KeywordSig {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "({}[]", self.name)?;
        for p in &self.params {
            match &p.ty {
                Some(t) => write!(f, " {}:{t}", p.name)?,
                None => write!(f, " {}", p.name)?,
            }
        }
        write!(f, ")")
    }
}

/// A written question as ` "text"`, or nothing.
fn asked(question: &Option<crate::text::Text>) -> String {
    question.as_ref().map(|q| format!(" {:?}", q.as_str())).unwrap_or_default()
}
