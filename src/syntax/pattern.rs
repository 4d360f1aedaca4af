//! The syntax of the other two kinds of text the loader parses beside scripts: trigger
//! patterns (`when:`) and keyword signatures (`Add[n]`). Re-exported by `ast`, whose
//! span rule they follow.

use super::ast::{Clause, Expr, Ident, Span};

/// A trigger pattern, the value of `when:`.
#[derive(Debug, Clone, PartialEq)]
pub struct EventPat {
    /// Which events match.
    pub kind: EventKind,
    /// The pattern's span.
    pub span: Span,
}

/// The trigger patterns.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // one pattern per trigger: size does not matter
pub enum EventKind {
    /// `start of evening`.
    Start(Ident),
    /// `end of turn`.
    End(Ident),
    /// `an enemy removes an outpost of yours`; verb `use` names a procedure, `play` a card.
    Action { actor: Option<Expr>, verb: Ident, object: Option<Expr>, clauses: Vec<Clause> },
}

/// The signature of a game-defined keyword, e.g. `Add[n]`.
#[derive(Debug, Clone, PartialEq)]
pub struct KeywordSig {
    /// The keyword's name.
    pub name: Ident,
    /// Its parameters.
    pub params: Vec<Param>,
}

/// A parameter with an optional type, e.g. `n` or `x: selector`.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    /// The parameter name.
    pub name: Ident,
    /// Its declared type, if any.
    pub ty: Option<Ident>,
}
