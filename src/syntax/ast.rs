//! The abstract syntax tree of Twilit scripts.
//!
//! Span rule: every node's `span` is the byte range of its source text *relative to the
//! start of the script string* (the loader maps it into the YAML file). A node's span
//! covers all of its children. Names are not resolved here: `Name("condition")` may be an
//! enum value, a zone or a binding; the checker decides.

use std::ops::Range;

use crate::text::Text;

/// Trigger patterns and keyword signatures, kept in `pattern.rs`.
pub use super::pattern::{EventKind, EventPat, KeywordSig, Param};

/// A statement's number among the compiled statements, kept in `stmt_no.rs`.
pub use super::stmt_no::StmtNo;

/// A byte range relative to the script text.
pub type Span = Range<usize>;

/// A name with its span, e.g. `tokens`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The name as written.
    pub name: std::sync::Arc<str>,
    /// Where it was written.
    pub span: Span,
}

/// A whole script or a `{ ... }` block: statements run in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The statements.
    pub stmts: Vec<Stmt>,
    /// The block's span (the braces included for `{ }` blocks).
    pub span: Span,
}

/// One statement with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What the statement does.
    pub kind: StmtKind,
    /// Where it was written.
    pub span: Span,
    /// Its number among the compiled statements of the rules it belongs to.
    pub no: StmtNo,
}

impl Stmt {
    /// A statement not yet numbered.
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span, no: StmtNo::default() }
    }
}

/// The statements of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// Binding, e.g. `let n = count(scout you control)`.
    Let { name: Ident, value: Expr },
    /// Binding the result of an effect, e.g. `let shown = reveal top card of deck`.
    LetEffect { name: Ident, effect: Effect },
    /// Conditional, e.g. `if x > 1 { draw 1 } else { pass }`.
    If { cond: Expr, then: Block, otherwise: Option<Block> },
    /// Loop over a selection, e.g. `for each p in players { ... }`.
    ForEach { var: Ident, over: Expr, body: Block },
    /// Counted loop, e.g. `repeat 3 times { draw 1 }`.
    Repeat { count: Expr, body: Block },
    /// Player-driven loop, e.g. `any number of times { ... }`.
    AnyTimes { question: Option<Text>, body: Block },
    /// Optional block, e.g. `may { draw 1 }` or `opponent may "Draw a card?": { ... }`.
    May { who: Option<Expr>, question: Option<Text>, body: Block },
    /// Modal choice, e.g. `choose one { "Draw": draw 1  "Score": score 1 }`.
    ChooseOne { question: Option<Text>, options: Vec<ChoiceOption> },
    /// Acting as another player, e.g. `as victim { discard choose 1 card from hand }`;
    /// `simultaneously as players { ... }`: each answers against the state before any chose,
    /// and their events stay secret from the others.
    As {
        who: Expr,
        body: Block,
        simultaneous: bool,
        /// Compiled (always `false` as parsed): the body only moves the acting player's own
        /// things between the acting player's own zones, so one player's block cannot change
        /// what another's reads (see `interp::secret`).
        private: bool,
    },
    /// Requirement, e.g. `require count(x) > 0 else "no x"`.
    Require { cond: Expr, message: Option<crate::text::Text> },
    /// Refusal, e.g. `fail "not now"`.
    Fail { message: crate::text::Text },
    /// No effect, e.g. `pass`.
    Pass,
    /// Closing the action window, e.g. `end phase`.
    EndPhase,
    /// Ending the whole game at once, `end game`.
    EndGame,
    /// Players leaving the game, e.g. `eliminate owner of target`.
    Eliminate { who: Expr },
    /// Modifier, e.g. `modify cost of condition by +2 until end of turn`.
    Modify { prop: Ident, target: Expr, by: Expr, duration: Option<Duration> },
    /// Assignment, e.g. `set side of a to governing` or `set first_player to p`.
    Set { prop: Ident, target: Option<Expr>, value: Expr, duration: Option<Duration>, res: Res },
    /// Prohibition, e.g. `forbid enemies to place pieces at x, except during battle`.
    Forbid(std::sync::Arc<Forbid>),
    /// Draft, e.g. `draft from hand into picks: pick 1, pass left`.
    Draft(Draft),
    /// Engine effect, e.g. `add 2 tokens`, `move x to hand`.
    Effect(Effect),
    /// Keyword or procedure call, e.g. `Add[1]`, `battle(c, you)`.
    Call(Call),
}

/// One labelled alternative of `choose one`.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceOption {
    /// The label the chooser picks, e.g. `"Banish"`.
    pub label: String,
    /// Span of the label string.
    pub label_span: Span,
    /// What the option does.
    pub body: Block,
}

/// How long a modifier or assignment lasts.
#[derive(Debug, Clone, PartialEq)]
pub enum Duration {
    /// `until end of turn`.
    UntilEndOf(Ident),
    /// `until start of evening`.
    UntilStartOf(Ident),
    /// `while exists(x)`.
    While(Expr),
}

/// `forbid WHO to ACTIONS [OBJECT] [at PLACE] [, except ...]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Forbid {
    /// The players prohibited.
    pub who: Expr,
    /// The actions prohibited (verbs or procedure names).
    pub actions: Vec<Ident>,
    /// What they may not act on.
    pub object: Option<Expr>,
    /// Where the prohibition holds.
    pub at: Option<Expr>,
    /// When it does not hold.
    pub except: Option<Exception>,
    /// What a refusal says, e.g. `else "Curfew: ..."`.
    pub reason: Option<String>,
}

/// The exception of a prohibition.
#[derive(Debug, Clone, PartialEq)]
pub enum Exception {
    /// `except during battle`: while the named procedure runs.
    During(Ident),
    /// `except if cond`.
    If(Expr),
}

/// `draft from ZONE into ZONE: OPTIONS`.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// Each player's hand to pick from.
    pub from: Expr,
    /// Where picked cards go.
    pub into: Expr,
    /// Pick count, pass direction, limits, facing.
    pub options: Vec<DraftOpt>,
}

/// One option of a draft.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftOpt {
    /// `pick 1`.
    Pick(Expr),
    /// `pass left`.
    Pass(Direction, Span),
    /// `limit ability 3`: at most 3 picked cards having the value `ability`.
    Limit(Ident, Expr),
    /// `face down`.
    Face(Face, Span),
}

/// Which way things pass or seats are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// To the player on the left.
    Left,
    /// To the player on the right.
    Right,
    /// Clockwise (same as left).
    Clockwise,
    /// Counter-clockwise (same as right).
    Counterclockwise,
}

/// Face up or face down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Visible to all.
    Up,
    /// Hidden.
    Down,
}

/// The engine verbs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    Add,
    Remove,
    Move,
    Draw,
    Deal,
    Discard,
    Shuffle,
    Reveal,
    Flip,
    Exhaust,
    Ready,
    Place,
    Take,
    Score,
    Create,
    Destroy,
    Return,
    Gain,
    Spend,
    Lose,
    Seat,
    Play,
}

impl Verb {
    /// Every verb, for did-you-mean and documentation.
    pub const ALL: [Verb; 22] = [
        Verb::Add,
        Verb::Remove,
        Verb::Move,
        Verb::Draw,
        Verb::Deal,
        Verb::Discard,
        Verb::Shuffle,
        Verb::Reveal,
        Verb::Flip,
        Verb::Exhaust,
        Verb::Ready,
        Verb::Place,
        Verb::Take,
        Verb::Score,
        Verb::Create,
        Verb::Destroy,
        Verb::Return,
        Verb::Gain,
        Verb::Spend,
        Verb::Lose,
        Verb::Seat,
        Verb::Play,
    ];

    /// The verb as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Add => "add",
            Verb::Remove => "remove",
            Verb::Move => "move",
            Verb::Draw => "draw",
            Verb::Deal => "deal",
            Verb::Discard => "discard",
            Verb::Shuffle => "shuffle",
            Verb::Reveal => "reveal",
            Verb::Flip => "flip",
            Verb::Exhaust => "exhaust",
            Verb::Ready => "ready",
            Verb::Place => "place",
            Verb::Take => "take",
            Verb::Score => "score",
            Verb::Create => "create",
            Verb::Destroy => "destroy",
            Verb::Return => "return",
            Verb::Gain => "gain",
            Verb::Spend => "spend",
            Verb::Lose => "lose",
            Verb::Seat => "seat",
            Verb::Play => "play",
        }
    }

    /// Parses a verb in base form (`remove`) or third person (`removes`).
    pub fn from_word(w: &str) -> Option<Verb> {
        let base = match w {
            "readies" => "ready",
            _ => w.strip_suffix('s').filter(|b| Verb::lookup(b).is_some()).unwrap_or(w),
        };
        Verb::lookup(base)
    }

    fn lookup(w: &str) -> Option<Verb> {
        Verb::ALL.into_iter().find(|v| v.as_str() == w)
    }

    /// Whether its object is an amount (a number, or a counted counter or noun: `add 2
    /// coins`, `draw 2`).
    pub fn counts(self) -> bool {
        matches!(self, Verb::Add | Verb::Gain | Verb::Remove | Verb::Spend | Verb::Lose | Verb::Score | Verb::Draw)
    }
}

/// An engine effect: `VERB OBJECTS CLAUSES`.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    /// What happens.
    pub verb: Verb,
    /// Span of the verb word.
    pub verb_span: Span,
    /// What it happens to (`deal` may list several).
    pub objects: Vec<Expr>,
    /// `to`, `into`, `for`, `face up`, `simultaneously` ...
    pub clauses: Vec<Clause>,
}

/// A prepositional clause of an effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Clause {
    /// Which clause.
    pub kind: ClauseKind,
    /// Its span (preposition included).
    pub span: Span,
}

/// The clauses an effect may carry.
#[derive(Debug, Clone, PartialEq)]
pub enum ClauseKind {
    /// `to X`: destination or recipient.
    To(Expr),
    /// `to bottom of deck`: one end of an ordered zone.
    ToEnd(End, Expr),
    /// `into X`: destination zone.
    Into(Expr),
    /// `from X`: source, after a plain number (`draw 1 from deck of p`).
    From(Expr),
    /// `onto X`: destination card.
    Onto(Expr),
    /// `for X`: beneficiary player.
    For(Expr),
    /// `by X`: amount of change.
    By(Expr),
    /// `face up` / `face down`.
    Face(Face),
    /// `simultaneously`: all reveal at once.
    Simultaneously,
}

/// An end of an ordered zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The top (drawn first).
    Top,
    /// The bottom.
    Bottom,
}

/// What kind of thing a call invokes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// `Add[1]`: a game-defined keyword.
    Keyword,
    /// `battle(c)` or `count(x)`: a procedure or built-in function.
    Function,
}

/// A call, e.g. `Add[1]` or `count(scout you control)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// Keyword or function.
    pub kind: CallKind,
    /// The called name.
    pub name: Ident,
    /// The arguments.
    pub args: Vec<Expr>,
    /// The whole call.
    pub span: Span,
    /// What the compiler resolved the name to (the parser writes `Unresolved`).
    pub callee: Callee,
}

/// What a call invokes, resolved once the bundle checks clean (see `Res`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Callee {
    /// Looked up by name when called.
    #[default]
    Unresolved,
    /// The game's procedure with this index in `interp::Rules::proc_list`.
    Proc(u32),
    /// The game's keyword with this index in the checker's keyword table.
    Keyword(u32),
    /// The built-in function with this index in `check::env::FUNCTIONS`.
    Builtin(u32),
}

/// An expression with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// The expressions of the language.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// Integer literal, e.g. `3`.
    Int(i64),
    /// Boolean literal, e.g. `true`.
    Bool(bool),
    /// String literal, e.g. `"no target"`.
    Str(String),
    /// A name to resolve, e.g. `tokens`, `hand`, `victim`; the parser leaves it
    /// `Res::Unresolved` and the compiler fills in what it stands for.
    Name(String, Res),
    /// The acting player, `you`.
    You,
    /// The card or faction whose script runs, `this`.
    This,
    /// List, e.g. `[a, b]`.
    List(Vec<Expr>),
    /// Prefix operator, e.g. `not x`, `-1`.
    Unary(UnOp, Box<Expr>),
    /// Infix operator, e.g. `cost == 2`, `condition or possession`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Property, zone or relation of something, e.g. `cost of shown`, `hand of p`.
    Of(Box<Expr>, Box<Expr>),
    /// Selection with a quantity and filters, e.g. `2 cards from hand where cost > 1`.
    Select { quantity: Option<Quantity>, base: Box<Expr>, filters: Vec<Filter> },
    /// Call of a keyword, procedure or built-in, e.g. `count(x)`.
    Call(Call),
    /// Choice by the acting player, e.g. `choose 1 scout you control`, with the question
    /// asked if one is written (`choose "Which scout?": 1 scout you control`).
    Choose(Box<Expr>, Option<Text>),
    /// Step function, e.g. `table n { 1: 1, 2..3: 2 }`.
    Table { key: Box<Expr>, rows: Vec<TableRow> },
    /// One of two values, e.g. `if cost of c > 2 then 1 else 0`.
    If { cond: Box<Expr>, then: Box<Expr>, otherwise: Box<Expr> },
    /// Die roll from the seeded RNG, e.g. `roll battle_die`.
    Roll(Box<Expr>),
    /// Players in seat order, e.g. `clockwise from first_player`.
    SeatOrder { dir: Direction, from: Box<Expr> },
}

/// What the compiler resolved a name to. The parser knows no game, so it always writes
/// `Unresolved`; `interp::Rules` fills in the rest once the bundle has checked clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Res {
    /// Looked up when evaluated: a local binding, `it`, or a script not compiled.
    #[default]
    Unresolved,
    /// The game's or the language's name at this index of the compiled name table;
    /// no binding of the script can hide it.
    Global(u32),
    /// `it`, which no binding of the script hides: the candidate or subject (`Ctx::it`).
    It,
    /// One of the script's own bindings (`let`, `for each`): the `k`-th on the bindings
    /// stack counted from the innermost (0 is the last bound), read without comparing
    /// names (`interp::slots`).
    Local(u32),
}

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `not`.
    Not,
    /// `-`.
    Neg,
    /// `+` (a signed amount, e.g. `by +2`).
    Pos,
}

/// Infix operators, loosest first: `or`, `and`, comparisons, `+ -`, `* /`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    /// `%`: the remainder, never negative for a positive divisor.
    Rem,
}

impl BinOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

/// How many things a selector takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// Which quantity.
    pub kind: QuantityKind,
    /// Its span.
    pub span: Span,
}

/// The quantities.
#[derive(Debug, Clone, PartialEq)]
pub enum QuantityKind {
    /// `2 cards`, `n tokens`.
    Exactly(Box<Expr>),
    /// `up to 3 cards`.
    UpTo(Box<Expr>),
    /// `any number of cards`.
    AnyNumber,
    /// `all cards`.
    All,
    /// `each opponent`.
    Each,
    /// `a card`, `an outpost`.
    One,
    /// `top card`, `top 3 cards`, `top n cards`.
    Top(Option<Box<Expr>>),
    /// `bottom card`.
    Bottom(Option<Box<Expr>>),
}

/// A narrowing of a selector.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    /// Which filter.
    pub kind: FilterKind,
    /// Its span.
    pub span: Span,
}

/// The filters.
#[derive(Debug, Clone, PartialEq)]
pub enum FilterKind {
    /// `where cost >= 3`.
    Where(Expr),
    /// `with cost >= 3` or `with an outpost` (has one at it).
    With(Expr),
    /// `you control`.
    YouControl,
    /// `controlled by p`.
    ControlledBy(Expr),
    /// `owned by p`.
    OwnedBy(Expr),
    /// `in hand`.
    In(Expr),
    /// `at c`.
    At(Expr),
    /// `from deck`.
    From(Expr),
    /// `on card`.
    On(Expr),
}

/// Whether an object says where its things are (`at`, `in`, `on` on it or its base, or on
/// what it chooses from): `place` needs no other destination, and a move's pattern is
/// matched at either end of the move.
pub fn has_location(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Select { filters, base, .. } => {
            filters.iter().any(|f| matches!(f.kind, FilterKind::In(_) | FilterKind::At(_) | FilterKind::On(_)))
                || has_location(base)
        }
        ExprKind::Choose(x, _) => has_location(x),
        _ => false,
    }
}

/// One row of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// The key or range it matches.
    pub key: TableKey,
    /// The value it gives.
    pub value: Expr,
    /// The row's span.
    pub span: Span,
}

/// A table key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableKey {
    /// `4:`.
    Exact(i64),
    /// `2..3:` or `5..:` (open end).
    Range(i64, Option<i64>),
    /// `else:`.
    Else,
}

impl TableKey {
    /// Whether the key matches `n`.
    pub fn matches(self, n: i64) -> bool {
        match self {
            TableKey::Exact(k) => k == n,
            TableKey::Range(lo, hi) => n >= lo && hi.is_none_or(|h| n <= h),
            TableKey::Else => true,
        }
    }
}
