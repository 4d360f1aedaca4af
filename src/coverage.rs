//! What a game's scenarios leave untested: each script field of the rules that never ran
//! (an ability, a procedure, a keyword, a phase script...), each statement that never ran
//! in a field that did, each `if` that never went one of its ways and each table row
//! never read — at their places in the files. The scenarios run with recording on
//! (`interp::coverage`); this compares what they reached with what the rules hold.

use std::ops::Range;

use crate::check::fields::each_script;
use crate::check::scripts::Entry;
use crate::diag::FileId;
use crate::interp::coverage::{Covered, Hit};
use crate::interp::Rules;
use crate::load::{GameBundle, ScriptSrc};
use crate::syntax::ast::{Block, Expr, ExprKind, StmtKind};
use crate::syntax::{self, visit};

/// What was not reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Missed {
    /// A whole field never ran (or was never evaluated).
    Field,
    /// A statement of a field that ran.
    Statement,
    /// An `if` whose condition was never true.
    NeverTrue,
    /// An `if` whose condition was never false.
    NeverFalse,
    /// A table row never read.
    Row,
    /// A value of `if ... then ... else` never picked.
    Branch,
}

impl Missed {
    /// How a report says it.
    pub fn label(self) -> &'static str {
        match self {
            Missed::Field => "never ran",
            Missed::Statement => "statement never ran",
            Missed::NeverTrue => "`if` never true",
            Missed::NeverFalse => "`if` never false",
            Missed::Row => "table row never read",
            Missed::Branch => "`if ... then ... else` value never picked",
        }
    }
}

/// One thing not reached, at its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The file.
    pub file: FileId,
    /// The byte offset in it.
    pub at: usize,
    /// What kind of thing.
    pub missed: Missed,
    /// What it is: the field it belongs to, and the statement's text.
    pub what: String,
}

/// Counts of one file: reached, of all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    /// Script fields that ran.
    pub fields: (usize, usize),
    /// Statements that ran.
    pub statements: (usize, usize),
    /// Ways of `if`s taken and table rows read.
    pub branches: (usize, usize),
}

/// What a game's scenarios reached, and whether they all passed.
pub struct Run {
    /// Everything reached.
    pub covered: Covered,
    /// Scenarios that failed (their names): a failing scenario may stop early.
    pub failed: Vec<String>,
}

/// Runs every scenario of the game, recording what they reach.
pub fn run(rules: &Rules, bundle: &GameBundle) -> Run {
    let mut covered = Covered::default();
    let mut failed = vec![];
    for sc in &bundle.scenarios {
        let (o, c) = crate::scenario::run_covered(rules, sc);
        if o.failure.is_some() {
            failed.push(o.name);
        }
        covered.merge(c);
    }
    Run { covered, failed }
}

/// What the rules hold that `covered` did not reach, per file (in file order), with counts.
pub fn gaps(bundle: &GameBundle, covered: &Covered) -> Vec<(FileId, Counts, Vec<Gap>)> {
    let mut files: Vec<(FileId, Counts, Vec<Gap>)> = vec![];
    each_script(bundle, &mut |src, entry, what| {
        if entry == Entry::Event {
            return;
        }
        let i = match files.iter().position(|(f, ..)| *f == src.file) {
            Some(i) => i,
            None => {
                files.push((src.file, Counts::default(), vec![]));
                files.len() - 1
            }
        };
        let (_, counts, gaps) = &mut files[i];
        Field { src, covered, what, counts, gaps }.check(entry);
    });
    files.sort_by_key(|(f, ..)| *f);
    for (_, _, g) in &mut files {
        g.sort_by_key(|g| (g.at, g.missed));
    }
    files
}

/// One field being compared with what was reached.
struct Field<'a> {
    src: &'a ScriptSrc,
    covered: &'a Covered,
    what: &'a str,
    counts: &'a mut Counts,
    gaps: &'a mut Vec<Gap>,
}

impl Field<'_> {
    fn check(&mut self, entry: Entry) {
        let limits = crate::limits::Limits::DEFAULT;
        let ran = self.covered.any_in(self.src.file, &self.src.span.range());
        self.counts.fields.1 += 1;
        if ran {
            self.counts.fields.0 += 1;
        } else {
            self.gap(0..0, Missed::Field, String::new());
        }
        match entry {
            Entry::Script => {
                if let Ok(mut b) = syntax::parse_script_with(&self.src.text, &limits) {
                    self.block(&mut b, ran);
                }
            }
            _ => {
                if let Ok(mut e) = syntax::parse_condition_with(&self.src.text, &limits) {
                    visit::expr_mut(&mut e, &mut |x| self.rows(x, ran));
                }
            }
        }
    }

    fn at(&self, r: Range<usize>) -> usize {
        self.src.file_span(r).start
    }

    fn has(&self, r: Range<usize>, hit: Hit) -> bool {
        self.covered.has(self.src.file, self.at(r), hit)
    }

    fn gap(&mut self, r: Range<usize>, missed: Missed, text: String) {
        let what = if text.is_empty() { self.what.to_string() } else { format!("{}: `{text}`", self.what) };
        let at = if missed == Missed::Field { self.src.span.range().start } else { self.at(r) };
        self.gaps.push(Gap { file: self.src.file, at, missed, what });
    }

    /// The statements of a field (reported one by one only when the field ran).
    fn block(&mut self, b: &mut Block, field_ran: bool) {
        let mut stmts = vec![];
        visit::block_stmts(b, &mut |s| stmts.push((s.span.clone(), s.kind.clone())));
        for (span, kind) in stmts {
            let ran = self.has(span.clone(), Hit::Ran)
                || match &kind {
                    // A static ability's modifier or prohibition counts when it took effect.
                    StmtKind::Modify { target, .. } => self.has(target.span.clone(), Hit::Ran),
                    StmtKind::Forbid(f) => self.has(f.who.span.clone(), Hit::Ran),
                    _ => false,
                };
            self.counts.statements.1 += 1;
            if ran {
                self.counts.statements.0 += 1;
            } else if field_ran {
                let text = first_line(&self.src.text[span.clone()]);
                self.gap(span.clone(), Missed::Statement, text);
            }
            if let (StmtKind::If { .. }, true) = (&kind, ran) {
                let text = first_line(&self.src.text[span.clone()]);
                for (hit, missed) in [(Hit::True, Missed::NeverTrue), (Hit::False, Missed::NeverFalse)] {
                    self.counts.branches.1 += 1;
                    if self.has(span.clone(), hit) {
                        self.counts.branches.0 += 1;
                    } else {
                        self.gap(span.clone(), missed, text.clone());
                    }
                }
            }
        }
        visit::block_exprs_mut(b, &mut |x| self.rows(x, field_ran));
    }

    /// The rows of a table expression, the two values of an `if` expression.
    fn rows(&mut self, e: &mut Expr, field_ran: bool) {
        let arms: Vec<(Range<usize>, Missed)> = match &e.kind {
            ExprKind::Table { rows, .. } => rows.iter().map(|r| (r.span.clone(), Missed::Row)).collect(),
            ExprKind::If { then, otherwise, .. } => {
                vec![(then.span.clone(), Missed::Branch), (otherwise.span.clone(), Missed::Branch)]
            }
            _ => return,
        };
        for (span, missed) in arms {
            self.counts.branches.1 += 1;
            if self.has(span.clone(), Hit::Ran) {
                self.counts.branches.0 += 1;
            } else if field_ran {
                let text = first_line(&self.src.text[span.clone()]);
                self.gap(span, missed, text);
            }
        }
    }
}

/// The first line of a statement, shortened for a report line.
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("").trim();
    if line.chars().count() > 60 {
        format!("{} …", line.chars().take(58).collect::<String>())
    } else {
        line.to_string()
    }
}
