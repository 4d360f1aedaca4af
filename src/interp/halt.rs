//! How a resolution stops: a refusal (the rules said no), a budget run out, an error of
//! the content (with where it was raised), or an agent that could not answer; and the
//! result type every step of a run returns.

use crate::diag::FileId;
use crate::syntax::ast::Span;
use crate::text::Text;

use super::Ctx;

/// Why a resolution stopped. Each case holds one pointer (a `Text`, a box), so that a result that may
/// halt is small (`R<()>` and `R<bool>` two words, small enough for registers):
/// every step of a run returns one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The action is refused (a requirement, an unpayable cost, `fail`); the world rolls back.
    Refused(Text),
    /// A budget ran out (steps, trigger depth, recursion); names what was running, and
    /// where in the files it ran out, once known.
    Budget(Box<Raised>),
    /// The agent could not answer a choice (a scenario's missing or wrong answer).
    Agent(Text),
    /// A script did something meaningless at run time (a number where a player was needed),
    /// and where in the files it happened, once known.
    Error(Box<Raised>),
}

/// A run-time error: its message, and where it was raised once known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Raised {
    /// What went wrong.
    pub message: String,
    /// Where, once an enclosing expression or statement has placed it.
    pub at: Option<At>,
}

/// Where a run-time error was raised: the innermost expression or statement that was
/// running, as a span of the card or game file that holds the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At {
    /// The file.
    pub file: FileId,
    /// The span in the file.
    pub span: Span,
}

impl Halt {
    /// The message.
    pub fn message(&self) -> &str {
        match self {
            Halt::Refused(m) | Halt::Agent(m) => m,
            Halt::Error(r) | Halt::Budget(r) => &r.message,
        }
    }

    /// Whether the content is at fault (a meaningless script, or one that ran away), not
    /// the rules refusing or a scenario's answer.
    pub fn is_error(&self) -> bool {
        matches!(self, Halt::Error(_) | Halt::Budget(_))
    }

    /// A run-time error whose place is not known yet.
    pub fn error(message: impl Into<String>) -> Halt {
        Halt::Error(Box::new(Raised { message: message.into(), at: None }))
    }

    /// A run-time error raised at a known place (kept from another halt).
    pub fn error_at(message: impl Into<String>, at: Option<At>) -> Halt {
        Halt::Error(Box::new(Raised { message: message.into(), at }))
    }

    /// A refusal.
    pub fn refused(message: impl Into<String>) -> Halt {
        Halt::Refused(message.into().into())
    }

    /// A budget that ran out.
    pub fn budget(message: impl Into<String>) -> Halt {
        Halt::Budget(Box::new(Raised { message: message.into(), at: None }))
    }

    /// An agent that could not answer.
    pub fn agent(message: impl Into<String>) -> Halt {
        Halt::Agent(message.into().into())
    }

    /// Where a run-time error was raised (or a budget ran out), if known.
    pub fn at(&self) -> Option<&At> {
        match self {
            Halt::Error(r) | Halt::Budget(r) => r.at.as_ref(),
            _ => None,
        }
    }

    /// Gives a run-time error (or a spent budget) the place `span` of `cx`'s script, unless an inner place
    /// already has it. Out of line: errors are rare, and the result of every evaluation
    /// and statement is tested (`eval_in`, `exec`).
    #[cold]
    #[inline(never)]
    pub(crate) fn place(&mut self, span: &Span, cx: &Ctx) {
        if let (Halt::Error(r) | Halt::Budget(r), Some(o)) = (self, cx.origin()) {
            if r.at.is_none() {
                r.at = Some(At { file: o.file, span: o.file_span(span.clone()) });
            }
        }
    }

    /// `within` a place whose name is made only for a run-time error: a refusal, the
    /// common outcome of an action a sampling agent tries, names no place.
    pub fn within_lazily(self, place: impl FnOnce() -> String) -> Halt {
        match self {
            Halt::Error(_) => self.within(&place()),
            h => h,
        }
    }

    /// Names where a run-time error happened (the innermost place only).
    pub fn within(mut self, place: &str) -> Halt {
        if let Halt::Error(r) = &mut self {
            if !r.message.contains(" (in ") {
                r.message = format!("{} (in {place})", r.message);
            }
        }
        self
    }
}

/// Names in first-seen order, each once: `a, b`.
pub(super) fn distinct<S: AsRef<str>>(names: &[S]) -> String {
    let mut out: Vec<&str> = vec![];
    for n in names {
        if !out.contains(&n.as_ref()) {
            out.push(n.as_ref());
        }
    }
    out.join(", ")
}

/// The suffix of an ordinal number: 1st, 2nd, 3rd, 4th, 11th.
pub(super) fn ordinal(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// Result of interpreting.
pub type R<T> = Result<T, Halt>;
