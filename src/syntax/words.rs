//! The grammar's word-table rules (`reserved`, `verb`, `event_verb`) as one lookup each.
//! `build.rs` puts a call to these functions in place of the rules' pest tries, and
//! generates the tables from the `// words:` lists the tries are generated from. Each
//! rule matches the whole word at the cursor (ASCII letters, digits, `_`, as the tries'
//! word boundary `wb` has it) when it is in the table, and fails otherwise.

use pest::{ParseResult, ParserState};

use super::grammar::Rule;

include!(concat!(env!("OUT_DIR"), "/words.rs"));

type State<'i> = Box<ParserState<'i, Rule>>;

/// Matches the word at the cursor if `is_word` says it is in the table.
#[inline]
fn table(state: State<'_>, is_word: fn(&str) -> bool) -> ParseResult<State<'_>> {
    let pos = state.position();
    let rest = &pos.span(pos).get_input()[pos.pos()..];
    let len = rest.bytes().position(|b| !(b.is_ascii_alphanumeric() || b == b'_')).unwrap_or(rest.len());
    if len > 0 && is_word(&rest[..len]) {
        state.skip(len)
    } else {
        Err(state)
    }
}

/// The body of `reserved`.
pub(crate) fn reserved(state: State<'_>) -> ParseResult<State<'_>> {
    table(state, is_reserved)
}

/// The body of `verb`.
pub(crate) fn verb(state: State<'_>) -> ParseResult<State<'_>> {
    table(state, is_verb)
}

/// The body of `event_verb`.
pub(crate) fn event_verb(state: State<'_>) -> ParseResult<State<'_>> {
    table(state, is_event_verb)
}

#[cfg(test)]
mod tests {
    use pest::Parser;

    use super::super::grammar::{spec, Rule, ScriptParser};
    use super::*;

    /// Every table word, every prefix and extension of one, and some names: the table rule
    /// and the grammar's trie agree on what they match.
    #[test]
    fn tables_match_the_grammar_tries() {
        let rules = [
            (Rule::reserved, spec::Rule::reserved, RESERVED_WORDS),
            (Rule::verb, spec::Rule::verb, VERB_WORDS),
            (Rule::event_verb, spec::Rule::event_verb, EVENT_VERB_WORDS),
        ];
        let mut inputs: Vec<String> = ["", "x", "_", "race", "cost", "é", "a1", "A", "Add", "add[", "to(", "on "]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for (_, _, words) in rules {
            for w in words {
                for cut in 1..=w.len() {
                    inputs.push(w[..cut].to_string());
                }
                for tail in ["s", "_", "1", " x", "(", "é", "\n", "x y"] {
                    inputs.push(format!("{w}{tail}"));
                }
            }
        }
        for (fast, slow, _) in rules {
            for input in &inputs {
                let a = ScriptParser::parse(fast, input).map(|p| p.as_str().len()).ok();
                let b = spec::ScriptParser::parse(slow, input).map(|p| p.as_str().len()).ok();
                assert_eq!(a, b, "{fast:?} on {input:?}");
            }
        }
    }
}
