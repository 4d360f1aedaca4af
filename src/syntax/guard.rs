//! The limits on a script, checked where it enters: its size and bracket depth before
//! pest sees it, and the depth of everything else that nests (operator chains, `of`,
//! filters, `choose`, blocks) on the parsed pairs before the AST is built. Parsing is
//! recursive (pest's rules, the Pratt parser, the builder), and so are the checker and the
//! interpreter that walk the AST: these bounds, not the caller's stack size, keep them
//! from overflowing. A script with many nesting tokens is parsed on a thread of its own
//! with a large stack, so the library is safe on a small one (tested on 2 MiB).

use pest::iterators::Pair;

use super::grammar::Rule;
use super::SyntaxError;
use crate::limits::Limits;

/// Longest script accepted by default, in bytes (`Limits::script_bytes`); longer text is
/// refused before parsing.
pub const MAX_SCRIPT_LEN: usize = Limits::DEFAULT.script_bytes;
/// Deepest nesting of `( [ {` accepted (`Limits::script_brackets`, which can only be lowered).
pub const MAX_NESTING: usize = Limits::DEFAULT.script_brackets;
/// Deepest nesting of expressions and blocks accepted (`Limits::script_depth`, which can
/// only be lowered): every bracket, operator, `of`, filter, `choose`, `roll`, seat order,
/// `if` and block on the way to a token counts one.
pub const MAX_DEPTH: usize = Limits::DEFAULT.script_depth;
/// Scripts with at most this many nesting tokens are parsed on the caller's stack: they
/// cannot nest deeper than this, which a 2 MiB stack holds (tested).
const INLINE_TOKENS: usize = 128;
/// The stack of the thread that parses a script with more nesting tokens.
const PARSE_STACK: usize = 256 * 1024 * 1024;

/// Words that can open a level of nesting (filters, chains, operators, `if`).
const NESTING_WORDS: &[&str] = &[
    "not",
    "of",
    "and",
    "or",
    "table",
    "choose",
    "roll",
    "clockwise",
    "counterclockwise",
    "where",
    "with",
    "you",
    "controlled",
    "owned",
    "in",
    "at",
    "from",
    "on",
    "if",
];

/// What the scan before parsing found.
pub(super) struct Scan {
    /// Brackets, operator characters and nesting words outside strings and comments:
    /// no parse of the script nests deeper than this.
    pub nesting_tokens: usize,
}

/// The bytes of a script that are code: outside string literals and `#` comments. A
/// string ends at its closing quote or, unterminated, at the end of its line (strings
/// cannot span lines), so one stray quote never hides the rest of the script.
pub(super) fn code(src: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let (mut in_str, mut in_comment, mut escaped) = (false, false, false);
    src.bytes().enumerate().filter(move |&(_, b)| {
        if b == b'\n' {
            (in_str, in_comment, escaped) = (false, false, false);
            return true;
        }
        match b {
            _ if in_comment => false,
            _ if escaped => {
                escaped = false;
                false
            }
            b'\\' if in_str => {
                escaped = true;
                false
            }
            b'"' => {
                in_str = !in_str;
                false
            }
            _ if in_str => false,
            b'#' => {
                in_comment = true;
                false
            }
            _ => true,
        }
    })
}

/// Refuses text too long or too deeply bracketed to parse; counts the nesting tokens.
pub(super) fn guard(src: &str, limits: &Limits) -> Result<Scan, SyntaxError> {
    let max = limits.script_bytes;
    if src.len() > max {
        return Err(SyntaxError {
            fix: None,
            code: "too-large",
            // The first line only: the whole script would be echoed line by line.
            span: 0..src.find(['\n', '\r']).unwrap_or(src.len()),
            message: format!("script is {} bytes; the limit is {max}", src.len()),
            help: Some(format!("split it into procedures in the game file ({})", Limits::advice("script_bytes"))),
        });
    }
    let max_nesting = limits.script_brackets.min(MAX_NESTING);
    let (mut depth, mut tokens) = (0usize, 0usize);
    // The word being read: where it starts and where it ends so far (code bytes only, so a
    // comment or string right after a word ends it).
    let mut word: Option<(usize, usize)> = None;
    let is_nesting = |w: &str| usize::from(NESTING_WORDS.contains(&w));
    for (i, b) in code(src) {
        let in_word = b.is_ascii_alphanumeric() || b == b'_';
        word = match word {
            Some((s, e)) if in_word && e == i => Some((s, i + 1)),
            Some((s, e)) => {
                tokens += is_nesting(&src[s..e]);
                in_word.then_some((i, i + 1))
            }
            None => in_word.then_some((i, i + 1)),
        };
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                tokens += 1;
                if depth > max_nesting {
                    return Err(too_deep(
                        i..i + 1,
                        &format!("nesting deeper than {max_nesting} levels"),
                        "script_brackets",
                    ));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'+' | b'-' | b'*' | b'/' | b'%' | b'<' | b'>' | b'=' | b'!' => tokens += 1,
            _ => {}
        }
    }
    if let Some((s, e)) = word {
        tokens += is_nesting(&src[s..e]);
    }
    Ok(Scan { nesting_tokens: tokens })
}

fn too_deep(span: std::ops::Range<usize>, message: &str, limit: &str) -> SyntaxError {
    let advice = Limits::advice(limit);
    SyntaxError {
        fix: None,
        code: "too-deep",
        span,
        message: message.to_string(),
        help: Some(format!("name intermediate values with `let`, or move parts into procedures ({advice})")),
    }
}

/// Runs `parse` on the caller's stack when the script cannot nest deeper than
/// `INLINE_TOKENS`, else on a thread with a large stack (where the depth is then checked
/// by `check_depth` before any AST is built).
pub(super) fn on_safe_stack<T: Send>(
    scan: &Scan,
    max_depth: usize,
    parse: impl FnOnce(bool) -> Result<T, SyntaxError> + Send,
) -> Result<T, SyntaxError> {
    let deep = scan.nesting_tokens > max_depth;
    if scan.nesting_tokens <= INLINE_TOKENS {
        return parse(deep);
    }
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new().stack_size(PARSE_STACK).spawn_scoped(s, move || parse(deep));
        match worker.map(|h| h.join()) {
            Ok(Ok(result)) => result,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(e) => Err(SyntaxError {
                fix: None,
                code: "too-large",
                span: 0..0,
                message: format!("cannot start a thread to parse this long script: {e}"),
                help: Some("split it into procedures in the game file".into()),
            }),
        }
    })
}

/// Refuses a parse that nests deeper than `max_depth` (walked without recursion).
pub(super) fn check_depth(root: &Pair<Rule>, max_depth: usize) -> Result<(), SyntaxError> {
    let max_depth = max_depth.min(MAX_DEPTH);
    let mut stack = vec![(root.clone(), 0usize)];
    while let Some((p, above)) = stack.pop() {
        let depth = above + weight(&p);
        if depth > max_depth {
            // Point at the token one level too deep: in a chain, its operator or `of`.
            let nth = max_depth - above;
            let at = p
                .clone()
                .into_inner()
                .filter(|c| counts(c.as_rule()))
                .nth(nth)
                .map_or(p.as_span().start(), |c| c.as_span().start());
            let message =
                format!("nested deeper than {max_depth} levels (brackets, operators, `of`, filters and blocks)");
            return Err(too_deep(
                at..at + p.get_input()[at..].chars().next().map_or(0, char::len_utf8),
                &message,
                "script_depth",
            ));
        }
        stack.extend(p.into_inner().map(|c| (c, depth)));
    }
    Ok(())
}

/// How many levels a pair adds to what it holds (one source token each, see `Scan`).
fn weight(p: &Pair<Rule>) -> usize {
    use Rule::*;
    match p.as_rule() {
        paren | list | call_args | keyword_call | block | table | choose | roll | seat_order | filter | if_stmt => 1,
        // Operators and `of` are flat in the pairs and nest in the AST, one level each.
        expr | of_chain | paren_count => p.clone().into_inner().filter(|c| counts(c.as_rule())).count(),
        _ => 0,
    }
}

/// The children of a flat chain that each nest one level: operators and `of` steps.
fn counts(r: Rule) -> bool {
    use Rule::*;
    matches!(
        r,
        of_rhs
            | op_not
            | op_neg
            | op_pos
            | op_or
            | op_and
            | op_eq
            | op_ne
            | op_le
            | op_ge
            | op_lt
            | op_gt
            | op_add
            | op_sub
            | op_mul
            | op_div
            | op_rem
    )
}

/// An unclosed or stray bracket explains a parse failure better than the parser can.
/// (Every rule consumes brackets in pairs, so such a script never parses.) The flag says
/// the bracket is a closing one after balanced text, which pest can parse up to it in the
/// usual time: an error it finds before the bracket is the cause (`if x > 1` with its
/// `{` left out, then the body and its `}`).
pub(super) fn unbalanced(src: &str) -> Option<(SyntaxError, bool)> {
    let mut stack: Vec<(usize, u8)> = vec![];
    for (i, b) in code(src) {
        match b {
            b'(' | b'[' | b'{' => stack.push((i, b)),
            b')' | b']' | b'}' => {
                let want = match b {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                let popped = stack.pop();
                match popped {
                    Some((_, open)) if open == want => {}
                    _ => {
                        let err = SyntaxError {
                            fix: None,
                            code: "syntax",
                            span: i..i + 1,
                            message: format!("unexpected `{}`", b as char),
                            help: Some(format!("remove it, or add the matching `{}` before it", want as char)),
                        };
                        return Some((err, popped.is_none()));
                    }
                }
            }
            _ => {}
        }
    }
    let (i, open) = stack.pop()?;
    let close = match open {
        b'(' => ')',
        b'[' => ']',
        _ => '}',
    };
    let what = if open == b'{' { "block" } else { "bracket" };
    let err = SyntaxError {
        fix: None,
        code: "unclosed",
        span: i..i + 1,
        message: format!("unclosed {what}: this `{}` is never closed", open as char),
        help: Some(format!("add `{close}` where the {what} ends")),
    };
    Some((err, false))
}
