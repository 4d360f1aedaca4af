//! Parsing Twilit scripts: the only module that touches pest. Scripts go in as text,
//! an AST with script-relative byte spans comes out, or one `SyntaxError` that says
//! what was expected at the exact offset.

pub mod ast;
mod display;
pub mod grammar;
mod guard;
mod hints;
pub mod names;
mod parse_event;
mod parser;
mod pattern;
mod primary;
pub mod print;
pub mod prose;
mod stmt_no;
pub mod visit;
mod words;

use std::sync::LazyLock;

use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;

use crate::limits::Limits;
use ast::{Block, EventPat, Expr, KeywordSig, Span};
use grammar::{Rule, ScriptParser};

pub use guard::{MAX_DEPTH, MAX_NESTING, MAX_SCRIPT_LEN};

pub(crate) use hints::label_in_script;

/// A script that does not parse: where, what was expected, and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Diagnostic code without the `twilit::` prefix.
    pub code: &'static str,
    /// Byte range relative to the script text.
    pub span: Span,
    /// What went wrong ("expected a statement").
    pub message: String,
    /// The likely fix.
    pub help: Option<String>,
    /// What replaces the span when the fix is sure (an editor's quick fix).
    pub fix: Option<String>,
}

/// Parses a script: the statements of an effect, cost, setup or procedure.
pub fn parse_script(src: &str) -> Result<Block, SyntaxError> {
    parse_entry(src, Rule::script, parser::parse_script, &Limits::DEFAULT)
}

/// Parses one expression (a requirement, an expectation, a turn order).
pub fn parse_condition(src: &str) -> Result<Expr, SyntaxError> {
    parse_entry(src, Rule::condition, parser::parse_condition, &Limits::DEFAULT)
}

/// Parses a trigger pattern (`when:`).
pub fn parse_event(src: &str) -> Result<EventPat, SyntaxError> {
    parse_entry(src, Rule::event, parse_event::parse_event, &Limits::DEFAULT)
}

/// `parse_script` under the caller's limits.
pub fn parse_script_with(src: &str, limits: &Limits) -> Result<Block, SyntaxError> {
    parse_entry(src, Rule::script, parser::parse_script, limits)
}

/// `parse_condition` under the caller's limits.
pub fn parse_condition_with(src: &str, limits: &Limits) -> Result<Expr, SyntaxError> {
    parse_entry(src, Rule::condition, parser::parse_condition, limits)
}

/// `parse_event` under the caller's limits.
pub fn parse_event_with(src: &str, limits: &Limits) -> Result<EventPat, SyntaxError> {
    parse_entry(src, Rule::event, parse_event::parse_event, limits)
}

/// Parses a keyword signature such as `Add[n]`.
pub fn parse_keyword_sig(src: &str) -> Result<KeywordSig, SyntaxError> {
    parse_entry(src, Rule::keyword_sig, parse_event::parse_keyword_sig, &Limits::DEFAULT)
}

/// Most grammar rules pest may enter for one script. The grammar parses each bracket once,
/// but a few nestings still make it try a text twice per level (`choose x at [ choose x
/// at [ ...` tries each filter as the inner and as the outer selector's), which doubles
/// per level; the bundled scripts stay under a hundredth of this, and reaching it takes a
/// second or two, so it bounds the time of any script.
pub const MAX_PARSE_CALLS: usize = 20_000_000;

/// Guards the input, runs pest from `rule`, and builds the AST with `build`, on a stack
/// that holds the script's nesting (see `guard`).
fn parse_entry<T: Send>(
    src: &str,
    rule: Rule,
    build: fn(pest::iterators::Pair<Rule>) -> T,
    limits: &Limits,
) -> Result<T, SyntaxError> {
    let scan = guard::guard(src, limits)?;
    // An unbalanced script never parses; saying so first also spares pest the search,
    // unless the text before a stray closing bracket is balanced (see `guard::unbalanced`).
    let stray = match guard::unbalanced(src) {
        Some((e, true)) => Some(e),
        Some((e, false)) => return Err(e),
        None => None,
    };
    guard::on_safe_stack(&scan, limits.script_depth, |deep| {
        // The same value on every thread, so a race between workers changes nothing.
        pest::set_call_limit(std::num::NonZeroUsize::new(MAX_PARSE_CALLS));
        let parsed = ScriptParser::parse(rule, src).map_err(|e| convert(e, src));
        if let Some(stray) = stray {
            return Err(match parsed {
                Err(e) if e.span.start < stray.span.start && e.code != "too-large" => e,
                _ => stray,
            });
        }
        let mut pairs = parsed?;
        let root = pairs.next().expect("an entry rule yields one pair");
        if deep {
            guard::check_depth(&root, limits.script_depth)?;
        }
        too_big_number(src, &root)?;
        Ok(build(root))
    })
}

/// A number literal beyond 64 bits is refused, not saturated: `pool == 10000...0` (31
/// digits) would otherwise compare with 9223372036854775807 and pass. Only a script with
/// a run of 19 digits or more can hold one, so the others skip the walk.
fn too_big_number(src: &str, root: &pest::iterators::Pair<Rule>) -> Result<(), SyntaxError> {
    let long_run = src.as_bytes().split(|b| !b.is_ascii_digit()).any(|run| run.len() >= 19);
    if !long_run {
        return Ok(());
    }
    let big =
        root.clone().into_inner().flatten().find(|p| p.as_rule() == Rule::int && p.as_str().parse::<i64>().is_err());
    match big {
        Some(p) => Err(SyntaxError {
            fix: None,
            code: "out-of-range",
            span: p.as_span().start()..p.as_span().end(),
            message: format!("the number `{}` is too large: numbers go up to {}", p.as_str(), i64::MAX),
            help: Some("use a smaller number".into()),
        }),
        None => Ok(()),
    }
}

fn convert(e: pest::error::Error<Rule>, src: &str) -> SyntaxError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((a, _)) => a,
    };
    let pos = hints::options_as_question(src, pos).unwrap_or(pos);
    let end = token_end(src, pos);
    let (message, help) = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let hint = hints::swapped_amount(src, pos)
                .or_else(|| hints::called_amount(src, pos))
                .or_else(|| hints::computed_amount(src, pos))
                .or_else(|| hints::misspelled_statement(src, pos))
                .or_else(|| hints::end_without_phase(src, pos))
                .or_else(|| hints::counted_verb(src, pos))
                .or_else(|| hints::question_without_colon(src, pos))
                .or_else(|| hints::remainder_word(src, pos))
                .or_else(|| hints::bare_number(src, pos));
            if let Some(hint) = hint {
                return hint;
            }
            expected_message(positives, src, pos)
        }
        ErrorVariant::CustomError { message } if message == "call limit reached" => {
            let message = format!("this script is too complex to parse (over {MAX_PARSE_CALLS} grammar steps)");
            let help = "split it with `let` or procedures, or nest fewer selectors with filters inside each other";
            return SyntaxError {
                fix: None,
                code: "too-large",
                span: 0..token_end(src, 0),
                message,
                help: Some(help.into()),
            };
        }
        ErrorVariant::CustomError { message } => (message.clone(), None),
    };
    let err = SyntaxError { fix: None, code: "syntax", span: pos..end, message, help };
    odd_character(err.clone(), src, pos).unwrap_or(err)
}

/// A character at the failure that the designer cannot see or tell from another is named
/// (`U+043E CYRILLIC SMALL LETTER O, which looks like `o``), and for a look-alike inside a
/// word the whole word is labelled and retyped: "found `оke`" alone explains nothing.
fn odd_character(mut err: SyntaxError, src: &str, pos: usize) -> Option<SyntaxError> {
    use crate::diag::chars::{self, Odd};
    let o = chars::odd(src[pos.min(src.len())..].chars().next()?)?;
    let expected = err.message.rsplit_once(", found ").map(|(e, _)| e.to_string());
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let start = src[..pos].char_indices().rev().take_while(|(_, c)| word(*c)).last().map_or(pos, |(i, _)| i);
    let end = token_end(src, pos);
    // A look-alike inside a longer word: label and retype the whole word.
    let in_word = word(o.c) && end - start > o.c.len_utf8();
    let (found, help) = match o.odd {
        Odd::LooksLike(_) | Odd::Digit(_) if in_word => {
            err.span = start..end;
            let w = &src[start..end];
            (format!("`{w}`, whose `{}` is {}", o.c, o.describe()), format!("retype it as `{}`", chars::plain_ascii(w)))
        }
        Odd::LooksLike(like) | Odd::Digit(like) => (o.describe(), format!("type `{like}` instead")),
        Odd::Space => (o.describe(), "type an ordinary space instead".to_string()),
        Odd::Direction => {
            (o.describe(), "delete it: editors show the text after it reordered, not as Twilit reads it".to_string())
        }
        Odd::Invisible | Odd::Control => {
            (o.describe(), "delete it: it shows as nothing (it often comes with pasted text)".to_string())
        }
    };
    err.message = match expected {
        Some(e) => format!("{e}, found {found}"),
        None => format!("unexpected {found}"),
    };
    err.help = Some(help);
    Some(err)
}

/// The end of the word (or single character) at `pos`, so the label covers the culprit.
fn token_end(src: &str, pos: usize) -> usize {
    let rest = &src[pos.min(src.len())..];
    let word = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').map(char::len_utf8).sum::<usize>();
    let n = if word > 0 { word } else { rest.chars().next().map_or(0, char::len_utf8) };
    pos + n
}

fn expected_message(positives: &[Rule], src: &str, pos: usize) -> (String, Option<String>) {
    let mut names: Vec<&'static str> = vec![];
    for r in positives {
        let n = rule_name(*r);
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names.retain(|n| !n.is_empty());
    if names.contains(&"a statement") {
        names.retain(|n| !n.starts_with("a name") && !n.starts_with("a keyword"));
    }
    if names.contains(&"an expression") {
        let covered = ["a name", "a number", "a string", "a keyword such as `Add[1]`", "`each`"];
        names.retain(|n| !covered.contains(n));
    }
    let found = found_text(src, pos);
    // A body left without braces is the usual cause when a `{` would do, and the line of
    // the condition may not show it: name the construct, and leave out what else could
    // have continued the condition (`of`, an operator), which only hides the fix.
    if names.iter().any(|n| *n == "`{`" || n.starts_with("a block")) {
        if let Some(o) = hints::block_opener(src, pos) {
            let message = format!("expected `{{` to open the {} of `{}`, found {found}", o.holds, o.words);
            return (message, then_habit(src, pos).or_else(|| hint(&names, &found)).or_else(|| Some(o.help())));
        }
    }
    names.truncate(5);
    let list = match names.as_slice() {
        [] => {
            let help = hint(&names, &found).or_else(|| elif_habit(src, pos)).or_else(|| misspelled_reserved(src, pos));
            return (format!("unexpected {found}"), help);
        }
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    // Where only certain words may follow (`face up`/`down`), another word is the mistake
    // itself, not a misspelt keyword elsewhere on the line.
    let words: Option<Vec<&str>> =
        names.iter().flat_map(|n| n.split('/')).map(|n| n.strip_prefix('`')?.strip_suffix('`')).collect();
    let only_words = words.as_ref().is_some_and(|w| w.iter().all(|w| w.chars().all(|c| c.is_ascii_alphabetic())));
    let nearest = match (only_words, &words) {
        (true, Some(words)) => {
            let word = found.trim_matches('`');
            crate::diag::did_you_mean(word, words.iter().copied()).map(|w| format!("did you mean `{w}`?"))
        }
        _ => None,
    };
    let help = nearest
        .or_else(|| dangling_operator(src, pos, &names))
        .or_else(|| hints::to_face(src, pos))
        .or_else(|| then_habit(src, pos))
        .or_else(|| hint(&names, &found))
        .or_else(|| elif_habit(src, pos))
        .or_else(|| unclosed_string(src, pos))
        .or_else(|| hints::bracketed_choice(src, pos))
        // A word elsewhere on the line is no culprit where only certain words may go.
        .or_else(|| if only_words { None } else { misspelled_reserved(src, pos) });
    (format!("expected {list}, found {found}"), help)
}

fn found_text(src: &str, pos: usize) -> String {
    let rest = &src[pos.min(src.len())..];
    if rest.is_empty() {
        return "end of script".into();
    }
    let end = token_end(src, pos) - pos;
    format!("`{}`", &rest[..end].replace('\n', "\\n"))
}

/// An expression wanted at the start of a line whose line before ends with an operator
/// (`let half = n / 2 +`, then `remove half n`): the operator left without its right side
/// is the mistake, not the next line's first word.
fn dangling_operator(src: &str, pos: usize, names: &[&str]) -> Option<String> {
    if !names.contains(&"an expression") {
        return None;
    }
    let before = src.get(..pos)?;
    // Only where the error is the first word of its line.
    let (line_before, start) = before.rsplit_once('\n')?;
    if !start.trim().is_empty() {
        return None;
    }
    let op = ["+", "-", "*", "/", "%", "==", "!=", "<=", ">=", "<", ">", "and", "or", "not"]
        .into_iter()
        .find(|op| line_before.trim_end().ends_with(op))?;
    // A word operator must be a word of its own (`score` ends with neither `or` nor `and`).
    let word = op.chars().all(|c| c.is_ascii_alphabetic());
    let cut = line_before.trim_end().len() - op.len();
    if word && line_before[..cut].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    Some(format!(
        "the line before ends with `{op}`, which needs a value after it: finish that line, or remove the `{op}`"
    ))
}

fn hint(names: &[&str], found: &str) -> Option<String> {
    let word = found.trim_matches('`');
    if word == "else" {
        return Some("`else` must follow the `}` of an `if` block".into());
    }
    if word == "while" {
        return Some(
            "there is no `while` loop (`while C` only says how long a `modify` or `set` lasts): \
             loop with `repeat N times { ... }` or `for each x in LIST { ... }`"
                .into(),
        );
    }
    // Habits from other languages.
    let habit = match word {
        "=" if names.contains(&"an operator") => Some("compare with `==`; a single `=` only follows `let x`"),
        "&" => Some("write `and` instead of `&&`"),
        "|" => Some("write `or` instead of `||`"),
        "!" => Some("write `not x` instead of `!x`, and `!=` only between two values"),
        "'" => Some("a text is written in double quotes (`\"c2\"`); in a YAML value quoted with `'`, the script's own quotes are `\"`"),
        _ => None,
    };
    if let Some(h) = habit {
        return Some(h.into());
    }
    let wants_name = names.iter().any(|n| *n == "a name" || *n == "an expression") && !names.contains(&"`{`");
    if wants_name && grammar_reserved(word) {
        return Some(format!("`{word}` is a reserved word and cannot be used as a name"));
    }
    None
}

/// The words (names and keywords) of a piece of script, in order.
pub(crate) fn words_of(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// `if C then STATEMENT`: the `then` of a value (`if C then A else B`) where a statement
/// `if` takes a block.
fn then_habit(src: &str, pos: usize) -> Option<String> {
    let pos = pos.min(src.len());
    let start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let before = src[start..pos].trim_start().trim_start_matches('}').trim_start();
    let words: Vec<&str> = words_of(before).collect();
    let statement_if = matches!(words.first(), Some(&"if")) || words.starts_with(&["else", "if"]);
    let at_then = words.last() == Some(&"then") || src[pos..].starts_with("then");
    (statement_if && at_then).then(|| {
        "a statement `if` takes a block, `if C { ... }`; `if C then A else B` is a value, with an `else`".to_string()
    })
}

/// `elif` and its kin, from other languages, on the failing line or the one before.
fn elif_habit(src: &str, pos: usize) -> Option<String> {
    let pos = pos.min(src.len());
    let start = src[..pos].rfind('\n').map_or(0, |i| src[..i].rfind('\n').map_or(0, |j| j + 1));
    let end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
    let word = words_of(&src[start..end]).find(|w| matches!(*w, "elif" | "elsif" | "elseif"))?;
    Some(format!("write `else if CONDITION {{ ... }}` instead of `{word}`"))
}

/// A `"` at the failure with no other `"` after it on its line opens a string never closed.
fn unclosed_string(src: &str, pos: usize) -> Option<String> {
    let rest = src.get(pos..)?.strip_prefix('"')?;
    let line = rest.split('\n').next().unwrap_or_default();
    (!line.contains('"')).then(|| "this string is never closed: end it with `\"` on the same line".to_string())
}

/// A misspelled reserved word on the failing line (`whre` for `where`) is the usual culprit.
fn misspelled_reserved(src: &str, pos: usize) -> Option<String> {
    let pos = pos.min(src.len());
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
    let line = hints::outside_strings(&src[line_start..line_end]);
    let suggest = |w: &str| {
        // A word much longer than a keyword is a name derived from it (`picked`), not a typo.
        let near = RESERVED_WORDS.iter().copied().filter(|r| r.len() + 1 >= w.len());
        let best = crate::diag::did_you_mean(w, near)?;
        Some(format!("`{w}` is not a keyword; did you mean `{best}`?"))
    };
    let worth = |w: &&str| w.len() >= 3 && !grammar_reserved(w);
    // The word the parser stopped at first (`a player gainz coins` blames `gainz`, not
    // `player`), then the others of the line.
    let at = hints::outside_strings(&src[pos..line_end]);
    let first = words_of(&at).next().filter(worth).and_then(suggest);
    first.or_else(|| words_of(&line).filter(worth).find_map(suggest))
}

/// Reserved words long enough to be misspelled, from the grammar's own list (the
/// `// words:` comment its `reserved` rule is generated from), so the two cannot drift.
static RESERVED_WORDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| words::RESERVED_WORDS.iter().copied().filter(|w| w.len() >= 4).collect());

/// A noun's plural as scripts write it and names resolve it (`-s`, `-es` after a hiss,
/// `-ies` for a `-y` after a consonant): `zones`, `boxes`, `properties`, `days`.
pub fn plural(noun: &str) -> String {
    match noun.strip_suffix('y') {
        Some(stem) if !stem.is_empty() && !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{stem}ies"),
        _ if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") => format!("{noun}es"),
        _ => format!("{noun}s"),
    }
}

/// The grammar's reserved words (its verbs and clause words: `draw`, `where`, `until`...).
pub fn reserved_words() -> impl Iterator<Item = &'static str> {
    words::RESERVED_WORDS.iter().copied()
}

/// Whether a word is reserved by the grammar (the grammar's `reserved` rule matches all of it).
pub fn grammar_reserved(word: &str) -> bool {
    words::is_reserved(word)
}

/// Human names for grammar rules in "expected ..." messages.
fn rule_name(r: Rule) -> &'static str {
    use Rule::*;
    match r {
        EOI => "end of script",
        int => "a number",
        string => "a string",
        ident | name => "a name",
        kw_name => "a keyword such as `Add[1]`",
        expr | primary | of_chain | of_rhs | paren | list | table | roll | choose | seat_order | you | this | bool => {
            "an expression"
        }
        stmts | let_stmt | if_stmt | for_stmt | repeat_stmt | any_times_stmt | may_stmt | choose_one_stmt | as_stmt
        | require_stmt | fail_stmt | pass_stmt | modify_stmt | set_stmt | forbid_stmt | draft_stmt | keyword_call
        | effect | proc_call | verb => "a statement",
        op_or | op_and | op_eq | op_ne | op_le | op_ge | op_lt | op_gt | op_add | op_sub | op_mul | op_div | op_rem => {
            "an operator"
        }
        op_not | op_neg | op_pos => "an expression",
        quantity => "a quantity",
        filter | f_where | f_with | f_you_control | f_controlled | f_owned | f_in | f_at | f_from | f_on => {
            "a filter (`where`, `with`, `in`, `at`, `from`, ...)"
        }
        block => "a block `{ ... }`",
        clause | clause_prep | simultaneously => "a clause (`to`, `into`, `for`, `face`, ...)",
        duration | until_end | while_cond => "a duration (`until end of turn`, `while ...`)",
        direction => "a direction (`left`, `right`, `clockwise`, `counterclockwise`)",
        face => "`up`/`down`",
        option => "an option `\"label\": ...`",
        draft_opt | draft_pick | draft_pass | draft_limit | draft_face => {
            "a draft option (`pick`, `pass`, `limit`, `face`)"
        }
        table_row | table_key => "a table row `n: value`",
        exception | except_during | except_if => "an exception (`except during ...`)",
        action_list | action_name => "an action name",
        event_pat | phase_event | action_event => "a trigger pattern",
        event_verb => "an event verb (`plays`, `removes`, ...)",
        param => "a parameter name",
        param_ty => "a parameter type",
        q_count | counted => "a quantity",
        stmt_word => "a statement",
        clause_word => "a clause (`to`, `into`, `for`, `face`, ...)",
        literal_start | paren_count => "an expression",
        quantity_word => "a quantity",
        seat_dir => "an expression",
        call_args => "",
        infix_start => "an operator",
        prefix_start => "an expression",
        filter_start => "a filter (`where`, `with`, `in`, `at`, `from`, ...)",
        t_assign => "`=`",
        t_colon => "`:`",
        t_rbracket => "`]`",
        t_lbrace => "`{`",
        t_rbrace => "`}`",
        k_face => "`face`",
        k_top => "`top of`",
        k_bottom => "`bottom of`",
        k_else => "`else`",
        k_of => "`of`",
        k_in => "`in`",
        k_to => "`to`",
        k_by => "`by`",
        k_from => "`from`",
        k_into => "`into`",
        k_may => "`may`",
        k_times => "`times`",
        k_each => "`each`",
        _ => keyword_name(r),
    }
}

fn keyword_name(r: Rule) -> &'static str {
    use Rule::*;
    match r {
        k_at => "`at`",
        k_control => "`control`",
        k_one => "`one`",
        k_end | k_end_ev => "`end`",
        k_start | k_start_ev => "`start`",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plurals a supply line and a definition's message write are ones names resolve.
    #[test]
    fn a_nouns_plural_is_the_one_scripts_write() {
        let got: Vec<String> = ["zone", "property", "key", "box", "glass", "bench", "pawn"].map(plural).to_vec();
        assert_eq!(got, ["zones", "properties", "keys", "boxes", "glasses", "benches", "pawns"]);
    }

    #[test]
    fn misspelling_hints_know_the_grammar_words() {
        assert!(RESERVED_WORDS.contains(&"where") && RESERVED_WORDS.contains(&"draw"));
        assert!(RESERVED_WORDS.iter().all(|w| grammar_reserved(w)));
    }

    #[test]
    fn reserved_words_are_recognised() {
        assert!(grammar_reserved("discard"));
        assert!(grammar_reserved("into"));
        assert!(!grammar_reserved("discard_pile"));
        assert!(!grammar_reserved("int"));
    }

    #[test]
    fn unclosed_block_says_so() {
        let e = parse_script("if x > 1 { draw 1").unwrap_err();
        assert_eq!(e.span, 9..10, "points at the unclosed brace");
        assert!(e.message.contains("never closed"), "{}", e.message);
        assert_eq!(e.help.as_deref(), Some("add `}` where the block ends"));
    }

    #[test]
    fn a_wrong_word_where_only_certain_words_go_is_the_mistake() {
        // Not `played` (a zone's name, near `place`) earlier on the line.
        let e = parse_script("move this to played face sideways").unwrap_err();
        assert_eq!((e.message.as_str(), e.help), ("expected `up`/`down`, found `sideways`", None));
        let e = parse_script("move this to played face dwn").unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `down`?"));
        // No word near: the other hints still speak.
        let e = parse_script("move this to hand face \"up").unwrap_err();
        assert!(e.help.as_deref().is_some_and(|h| h.contains("never closed")), "{:?}", e.help);
    }

    #[test]
    fn a_statement_if_with_then_is_told_to_take_a_block() {
        let e = parse_script("if x > 0 then draw 1").unwrap_err();
        assert_eq!(
            e.help.as_deref(),
            Some("a statement `if` takes a block, `if C { ... }`; `if C then A else B` is a value, with an `else`")
        );
        let e = parse_script("if x > 0 {\n  draw 1\n} else if x < 0 then draw 2").unwrap_err();
        assert_eq!(
            e.help.as_deref(),
            Some("a statement `if` takes a block, `if C { ... }`; `if C then A else B` is a value, with an `else`")
        );
    }

    #[test]
    fn a_while_loop_is_told_what_loops_there_are() {
        let e = parse_script("while coins < 3 {\n  add 1 coins\n}").unwrap_err();
        assert!(e.help.as_deref().is_some_and(|h| h.starts_with("there is no `while` loop")), "{e:?}");
        // A modifier's `while` still parses.
        assert!(parse_script("modify cost of this by -1 while exists(cards in hand)").is_ok());
    }

    #[test]
    fn a_worked_out_amount_is_told_to_go_in_parentheses() {
        for (script, fix) in
            [("add 2 + bonus(1) wood", "add (2 + bonus(1)) wood"), ("add wood of you wood", "add (wood of you) wood")]
        {
            let e = parse_script(script).unwrap_err();
            assert_eq!(e.help.as_deref(), Some(format!("write `{fix}`").as_str()), "{script}");
        }
        // A call as the count of a verb that places or moves things; none where a clause
        // follows a worked-out amount (where it ends is not known).
        for (script, fix) in [
            (
                "if x {\n  place min(2, count(soldiers in barracks)) soldiers at c\n}",
                "place (min(2, count(soldiers in barracks))) soldiers",
            ),
            ("move max(1, n) cards from deck to hand", "move (max(1, n)) cards"),
        ] {
            let e = parse_script(script).unwrap_err();
            assert!(e.help.as_deref().is_some_and(|h| h.starts_with(&format!("write `{fix}"))), "{script}: {e:?}");
        }
        // A selection is no amount: no parentheses are offered around one.
        for script in ["discard all cards of you now", "place 1 + 1 coin wood"] {
            let e = parse_script(script).unwrap_err();
            assert!(!e.help.as_deref().unwrap_or_default().contains("write `"), "{script}: {e:?}");
        }
    }

    #[test]
    fn elif_is_told_to_be_else_if() {
        let e = parse_script("if x > 1 {\n  draw 1\n} elif x > 0 {\n  draw 2\n}").unwrap_err();
        assert_eq!(e.help.as_deref(), Some("write `else if CONDITION { ... }` instead of `elif`"));
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let src = format!("let x = {}1{}", "(".repeat(100_000), ")".repeat(100_000));
        let e = parse_script(&src).unwrap_err();
        assert!(e.code == "too-large" || e.code == "too-deep");
        let src = format!("let x = {}1{}", "(".repeat(1000), ")".repeat(1000));
        assert_eq!(parse_script(&src).unwrap_err().code, "too-deep");
    }
}
