//! Where a script can be changed a little, and how: the mutation operators. Each edit is
//! a range of the script's text and what to write there instead, so that the mutant is
//! the designer's own text with one small change (a report quotes it as it is written).

use std::ops::Range;

use crate::check::scripts::Entry;
use crate::limits::Limits;
use crate::syntax::ast::*;
use crate::syntax::{self, visit};

/// The kinds of change, as reports and `equivalent(KIND)` marks name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operator {
    /// A comparison turned into its opposite: `<` to `>=`, `==` to `!=`.
    Comparison,
    /// `and` and `or` swapped.
    Logic,
    /// A number one more or one less.
    Number,
    /// A statement replaced by `pass`.
    Drop,
    /// A condition (`requires:`, `end:`, `if`) replaced by `true` or `false`.
    Condition,
    /// A direction reversed: `clockwise`/`counterclockwise`, `left`/`right`.
    Direction,
    /// A filter of a selection removed (`where ...`, `at ...`).
    Filter,
    /// `true` and `false` swapped.
    Truth,
}

impl Operator {
    /// Every kind, in report order.
    pub const ALL: [Operator; 8] = [
        Operator::Comparison,
        Operator::Logic,
        Operator::Number,
        Operator::Drop,
        Operator::Condition,
        Operator::Direction,
        Operator::Filter,
        Operator::Truth,
    ];

    /// The operator's name in reports and marks.
    pub fn name(self) -> &'static str {
        match self {
            Operator::Comparison => "comparison",
            Operator::Logic => "logic",
            Operator::Number => "number",
            Operator::Drop => "drop",
            Operator::Condition => "condition",
            Operator::Direction => "direction",
            Operator::Filter => "filter",
            Operator::Truth => "truth",
        }
    }
}

/// One small change of a script's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The range of the script's text replaced.
    pub range: Range<usize>,
    /// What is written instead.
    pub with: String,
    /// Which kind of change it is.
    pub op: Operator,
}

/// The edits of one script field (none when it does not parse, or is a trigger pattern).
pub fn edits(text: &str, entry: Entry) -> Vec<Edit> {
    let limits = Limits::DEFAULT;
    let mut out = vec![];
    match entry {
        Entry::Script => {
            let Ok(mut b) = syntax::parse_script_with(text, &limits) else { return out };
            visit::block_stmts(&b, &mut |s| stmt(text, s, &mut out));
            visit::block_exprs_mut(&mut b, &mut |e| expr(text, e, &mut out));
        }
        Entry::Condition | Entry::Expr => {
            let Ok(mut e) = syntax::parse_condition_with(text, &limits) else { return out };
            if entry == Entry::Condition && &text[e.span.clone()] != "true" {
                out.push(Edit { range: e.span.clone(), with: "true".into(), op: Operator::Condition });
            }
            visit::expr_mut(&mut e, &mut |x| expr(text, x, &mut out));
        }
        Entry::Event => {}
    }
    out.sort_by_key(|e| (e.range.start, e.range.end, e.op));
    out.dedup();
    out
}

fn stmt(text: &str, s: &Stmt, out: &mut Vec<Edit>) {
    match &s.kind {
        // Dropping a binding only breaks the names that read it; dropping `pass` is nothing.
        StmtKind::Let { .. } | StmtKind::LetEffect { .. } | StmtKind::Pass => {}
        StmtKind::If { cond, .. } => {
            for v in ["true", "false"] {
                if &text[cond.span.clone()] != v {
                    out.push(Edit { range: cond.span.clone(), with: v.into(), op: Operator::Condition });
                }
            }
            out.push(Edit { range: s.span.clone(), with: "pass".into(), op: Operator::Drop });
        }
        _ => out.push(Edit { range: s.span.clone(), with: "pass".into(), op: Operator::Drop }),
    }
}

fn expr(text: &str, e: &mut Expr, out: &mut Vec<Edit>) {
    match &e.kind {
        ExprKind::Int(n) if text.get(e.span.clone()) == Some(n.to_string().as_str()) => {
            // The largest number has no number one above it: that mutant is not made.
            if let Some(up) = n.checked_add(1) {
                out.push(Edit { range: e.span.clone(), with: up.to_string(), op: Operator::Number });
            }
            if *n > 0 {
                out.push(Edit { range: e.span.clone(), with: (n - 1).to_string(), op: Operator::Number });
            }
        }
        ExprKind::Bool(b) => out.push(Edit { range: e.span.clone(), with: (!b).to_string(), op: Operator::Truth }),
        ExprKind::Binary(op, a, b) => {
            let gap = a.span.end..b.span.start;
            if let Some((word, with, kind)) = opposite(*op) {
                if let Some(at) = find_word(text, gap, word) {
                    out.push(Edit { range: at..at + word.len(), with: with.into(), op: kind });
                }
            }
        }
        ExprKind::SeatOrder { .. } => {
            for (word, with) in [("counterclockwise", "clockwise"), ("clockwise", "counterclockwise")] {
                if let Some(at) = find_word(text, e.span.clone(), word) {
                    out.push(Edit { range: at..at + word.len(), with: with.into(), op: Operator::Direction });
                    break;
                }
            }
        }
        ExprKind::Name(n, _) if n == "left" || n == "right" => {
            let with = if n == "left" { "right" } else { "left" };
            out.push(Edit { range: e.span.clone(), with: with.into(), op: Operator::Direction });
        }
        ExprKind::Select { filters, .. } => {
            for f in filters {
                out.push(Edit { range: f.span.clone(), with: String::new(), op: Operator::Filter });
            }
        }
        // As a statement `if`'s: its condition always true, always false.
        ExprKind::If { cond, .. } => {
            for v in ["true", "false"] {
                if &text[cond.span.clone()] != v {
                    out.push(Edit { range: cond.span.clone(), with: v.into(), op: Operator::Condition });
                }
            }
        }
        _ => {}
    }
}

/// The operator written in its place, and what negates or swaps it.
fn opposite(op: BinOp) -> Option<(&'static str, &'static str, Operator)> {
    Some(match op {
        BinOp::Eq => ("==", "!=", Operator::Comparison),
        BinOp::Ne => ("!=", "==", Operator::Comparison),
        BinOp::Lt => ("<", ">=", Operator::Comparison),
        BinOp::Ge => (">=", "<", Operator::Comparison),
        BinOp::Gt => (">", "<=", Operator::Comparison),
        BinOp::Le => ("<=", ">", Operator::Comparison),
        BinOp::And => ("and", "or", Operator::Logic),
        BinOp::Or => ("or", "and", Operator::Logic),
        _ => return None,
    })
}

/// Where `word` stands in `text[range]` as a whole token (outside comments).
fn find_word(text: &str, range: Range<usize>, word: &str) -> Option<usize> {
    let hay = text.get(range.clone())?;
    let alpha = word.chars().all(|c| c.is_ascii_alphabetic());
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    let mut from = 0;
    while let Some(i) = hay[from..].find(word) {
        let at = from + i;
        let before = hay[..at].chars().next_back();
        let after = hay[at + word.len()..].chars().next();
        let in_comment = hay[..at].rfind('#').is_some_and(|h| !hay[h..at].contains('\n'));
        // A symbol must not be part of a longer one (`<` inside `<=`).
        let whole = if alpha {
            !ident(before) && !ident(after)
        } else {
            !matches!(after, Some('=')) && !matches!(before, Some('<' | '>' | '=' | '!'))
        };
        if whole && !in_comment {
            return Some(range.start + at);
        }
        from = at + word.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(text: &str, entry: Entry) -> Vec<String> {
        edits(text, entry)
            .into_iter()
            .map(|e| format!("{}: {}{}{}", e.op.name(), &text[..e.range.start], e.with, &text[e.range.end..]))
            .collect()
    }

    #[test]
    fn each_operator_makes_its_change_in_the_written_text() {
        let got = applied("if count(cards in hand) >= 2 and turn > 1 { draw 1 }", Entry::Script);
        assert_eq!(
            got,
            [
                "drop: pass",
                "condition: if true { draw 1 }",
                "condition: if false { draw 1 }",
                "filter: if count(cards ) >= 2 and turn > 1 { draw 1 }",
                "comparison: if count(cards in hand) < 2 and turn > 1 { draw 1 }",
                "number: if count(cards in hand) >= 3 and turn > 1 { draw 1 }",
                "number: if count(cards in hand) >= 1 and turn > 1 { draw 1 }",
                "logic: if count(cards in hand) >= 2 or turn > 1 { draw 1 }",
                "comparison: if count(cards in hand) >= 2 and turn <= 1 { draw 1 }",
                "number: if count(cards in hand) >= 2 and turn > 2 { draw 1 }",
                "number: if count(cards in hand) >= 2 and turn > 0 { draw 1 }",
                "drop: if count(cards in hand) >= 2 and turn > 1 { pass }",
                "number: if count(cards in hand) >= 2 and turn > 1 { draw 2 }",
                "number: if count(cards in hand) >= 2 and turn > 1 { draw 0 }",
            ]
        );
    }

    #[test]
    fn an_if_value_s_condition_becomes_true_and_false() {
        let out = applied("add (if n > 2 then 1 else 0) pool", Entry::Script);
        assert!(out.contains(&"condition: add (if true then 1 else 0) pool".to_string()), "{out:?}");
        assert!(out.contains(&"condition: add (if false then 1 else 0) pool".to_string()), "{out:?}");
    }

    #[test]
    fn a_condition_may_become_true_and_directions_reverse() {
        let got = applied("first(clockwise from left of you) == you", Entry::Condition);
        assert_eq!(
            got,
            [
                "condition: true",
                "direction: first(counterclockwise from left of you) == you",
                "direction: first(clockwise from right of you) == you",
                "comparison: first(clockwise from left of you) != you",
            ]
        );
    }

    #[test]
    fn the_largest_number_has_no_mutant_above_it() {
        let got = applied("add 9223372036854775807 pool", Entry::Script);
        assert_eq!(got, ["drop: pass", "number: add 9223372036854775806 pool"]);
    }
}
