//! The names a script uses, as the grammar reads them: every `ident` and `kw_name` token
//! with its byte range. Editors find references with it (a name inside a string literal
//! or a reserved word is never one), without building or checking the AST.

use pest::Parser;

use super::grammar::{Rule, ScriptParser};
use super::{guard, Span, SyntaxError, MAX_PARSE_CALLS};
use crate::limits::Limits;

/// Which grammar entry a text is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameEntry {
    /// Statements.
    Script,
    /// One expression (a condition or a value).
    Expr,
    /// A trigger pattern.
    Event,
}

/// The name tokens of `src` read as `entry`, in order: (the name, its byte range in `src`).
/// `None` when the text does not parse (a half-typed script) or breaks `limits`.
pub fn names_in(src: &str, entry: NameEntry, limits: &Limits) -> Option<Vec<(String, Span)>> {
    let rule = match entry {
        NameEntry::Script => Rule::script,
        NameEntry::Expr => Rule::condition,
        NameEntry::Event => Rule::event,
    };
    let scan = guard::guard(src, limits).ok()?;
    if guard::unbalanced(src).is_some() {
        return None;
    }
    guard::on_safe_stack(&scan, limits.script_depth, |_| {
        pest::set_call_limit(std::num::NonZeroUsize::new(MAX_PARSE_CALLS));
        let pairs = ScriptParser::parse(rule, src).map_err(|e| super::convert(e, src))?;
        let names = pairs
            .flatten()
            .filter(|p| matches!(p.as_rule(), Rule::ident | Rule::kw_name))
            .map(|p| (p.as_str().to_string(), p.as_span().start()..p.as_span().end()))
            .collect();
        Ok::<_, SyntaxError>(names)
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_grammars_identifiers() {
        let src = "Add[2]\nif count(cards in hand) > 1 { discard a card from hand }\nlet x = \"hand\"";
        let got = names_in(src, NameEntry::Script, &Limits::DEFAULT).unwrap_or_default();
        let words: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(words, ["Add", "count", "cards", "hand", "card", "hand", "x"]);
        let (_, r) = &got[0];
        assert_eq!(&src[r.clone()], "Add");
        assert_eq!(names_in("if count(", NameEntry::Script, &Limits::DEFAULT), None);
    }
}
