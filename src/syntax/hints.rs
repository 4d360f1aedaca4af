//! Syntax errors whose cause lies before the place pest stops: an amount written after the
//! noun it counts (`add coins 2`), an amount that is a call or worked out written bare
//! (`add sum(...) penalty`, `add 2 + n wood`), and a body without `{ ... }` (`if coins > 1
//! draw 1`).
//! pest only knows where it could not go on; these name the construct at fault.

use super::ast::Verb;
use super::{guard, words, SyntaxError};

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `add coins 2`: a verb, a name and a number. The verb takes `coins` as its object, so the
/// number is left to start a statement that never comes, and pest stops after it (at the
/// end of the script, or on the next line), expecting `may`. Every verb of the grammar
/// counts its object the same way (`add 2 coins`, `move 2 soldier to ...`), so the rule
/// holds for each of them. Before a `;`, pest stops at the number itself.
pub(super) fn swapped_amount(src: &str, pos: usize) -> Option<SyntaxError> {
    let rest = src.get(pos..)?;
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let end = if rest[digits..].starts_with(is_word) { pos } else { pos + digits };
    // pest may stop past a comment that ends the line (`add coins 2  # the harvest`).
    let last = guard::code(src).take_while(|&(i, _)| i < end).filter(|(_, b)| !b.is_ascii_whitespace()).last();
    let before = &src[..last.map_or(0, |(i, _)| i + 1)];
    let head = before.trim_end_matches(|c: char| c.is_ascii_digit());
    let amount = &before[head.len()..];
    let named = head.trim_end_matches([' ', '\t']);
    if amount.is_empty() || named.len() == head.len() {
        return None;
    }
    let name_at = named.trim_end_matches(is_word).len();
    let name = &named[name_at..];
    let verbed = named[..name_at].trim_end_matches([' ', '\t']);
    if verbed.len() == name_at || !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    if words::is_reserved(name) {
        return None;
    }
    let verb_at = verbed.trim_end_matches(is_word).len();
    let verb = &verbed[verb_at..];
    if !words::is_verb(verb) {
        return None;
    }
    // `draw` counts cards itself: `draw 2 cards` would be the next error.
    let fix = match (verb, name) {
        ("draw", "card" | "cards") => format!("draw {amount}"),
        _ => format!("{verb} {amount} {name}"),
    };
    Some(SyntaxError {
        code: "syntax",
        span: verb_at..before.len(),
        message: format!("`{verb}` takes the amount first, not after `{name}`"),
        help: Some(format!("write `{fix}`")),
        fix: Some(fix),
    })
}

/// Where the first word of the statement pest failed in starts, and its length. pest may
/// stop on a later line (`}`, the next statement): the statement is the one before it.
fn statement_word(src: &str, pos: usize) -> (usize, usize) {
    let last = src[..pos.min(src.len())].trim_end().len();
    let line_at = src[..last].rfind(['\n', '{', ';']).map_or(0, |i| i + 1);
    let line = &src[line_at..];
    let at = line_at + (line.len() - line.trim_start().len());
    (at, src[at..].find(|c: char| !is_word(c)).unwrap_or(src.len() - at))
}

/// `add sum(cards in pile, points) penalty`: an amount that is a call, written bare. A verb
/// reads a bare word as its amount or its object, so the call is taken for the object and
/// pest stops further on. Only where the statement is a verb, a call and a name, and pest
/// stopped after the call.
pub(super) fn called_amount(src: &str, pos: usize) -> Option<SyntaxError> {
    let (verb_at, verb_len) = statement_word(src, pos);
    let verb = &src[verb_at..verb_at + verb_len];
    // The verbs whose amount comes before what they count (`add 2 coins`, `place 2
    // soldiers`): `draw` counts cards itself.
    if !Verb::from_word(verb).is_some_and(counts_before) {
        return None;
    }
    let call_at = verb_at + verb_len + (src[verb_at + verb_len..].len() - src[verb_at + verb_len..].trim_start().len());
    let fun_len = src[call_at..].find(|c: char| !is_word(c)).unwrap_or(0);
    if fun_len == 0 || !src[call_at + fun_len..].starts_with('(') || call_at == verb_at + verb_len {
        return None;
    }
    // The call's closing parenthesis, on the statement's line.
    let mut depth = 0usize;
    let close = src[call_at + fun_len..].char_indices().take_while(|&(_, c)| c != '\n').find_map(|(i, c)| {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            _ => {}
        }
        (c == ')' && depth == 0).then_some(call_at + fun_len + i + 1)
    })?;
    let after = src[close..].trim_start_matches([' ', '\t']);
    let name_len = after.find(|c: char| !is_word(c)).unwrap_or(after.len());
    let name = &after[..name_len];
    if pos < close
        || name.is_empty()
        || words::is_reserved(name)
        || !name.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    // A misspelled keyword after the call (`form` for `from`) is the error, said as such.
    if crate::diag::did_you_mean(name, words::RESERVED_WORDS.iter().copied()).is_some() {
        return None;
    }
    let call = &src[call_at..close];
    Some(SyntaxError {
        code: "syntax",
        span: verb_at..close,
        message: format!("an amount that is a call goes in parentheses after `{verb}`"),
        help: Some(format!("write `{verb} ({call}) {name}`")),
        fix: Some(format!("{verb} ({call})")),
    })
}

/// `add 2 + bonus() wood`, `add wood of you wood`: an amount worked out (arithmetic, `of`),
/// written bare. The verb takes what its amount starts with as the amount or the object,
/// and pest stops at the counter's name or after it. Only where the statement, on one line,
/// is a verb that counts, an amount that is not one word or number, and a name, and pest
/// stopped at or after that name.
pub(super) fn computed_amount(src: &str, pos: usize) -> Option<SyntaxError> {
    let (verb_at, verb_len) = statement_word(src, pos);
    let verb = &src[verb_at..verb_at + verb_len];
    if !Verb::from_word(verb).is_some_and(counts_before) {
        return None;
    }
    let from = verb_at + verb_len;
    let end = from + src[from..].find(['\n', ';', '#', '}']).unwrap_or(src.len() - from);
    let stmt = src[from..end].trim_end();
    let name_len = stmt.len() - stmt.trim_end_matches(is_word).len();
    let name = &stmt[stmt.len() - name_len..];
    let amount = stmt[..stmt.len() - name_len].trim();
    let name_at = from + stmt.len() - name_len;
    // `of` works an amount out only for a counter's verbs (`add cost of b wood`); after
    // `move` or `discard` it is a selection (`discard all cards of you`).
    let counts = Verb::from_word(verb).is_some_and(Verb::counts);
    let of = counts && amount.split_whitespace().any(|w| w == "of");
    let worked_out = amount.contains(['+', '-', '*', '/', '%']) || of;
    // A quantity starts a selection, not an amount (`all`, `each`, `top 2`, `a`, ...).
    let first = amount.split_whitespace().next().unwrap_or_default();
    let quantity = matches!(first, "all" | "each" | "top" | "bottom" | "a" | "an" | "up" | "any");
    // A word right after a number or a name (`1 + 1 coin wood`) counts a noun: the amount
    // is not what ends there.
    let words: Vec<&str> = amount.split_whitespace().collect();
    let counted = match words.as_slice() {
        [.., prev, last] => {
            last.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && last.starts_with(|c: char| c.is_ascii_alphabetic())
                && *prev != "of"
                && !prev.ends_with(['+', '-', '*', '/', '%', '(', ','])
        }
        _ => false,
    };
    // A clause after the counted name (`... wood to you`): where the amount ends is not
    // told by the last word.
    let clause = |w: &str| matches!(w, "to" | "from" | "into" | "onto" | "at" | "in" | "for" | "where");
    if pos < name_at
        || !worked_out
        || quantity
        || counted
        || amount.split_whitespace().any(clause)
        || amount.starts_with('(') && amount.ends_with(')')
        || !stmt[..stmt.len() - name_len].ends_with([' ', '\t'])
        || !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        || words::is_reserved(name)
    {
        return None;
    }
    Some(SyntaxError {
        code: "syntax",
        span: verb_at..from + stmt.len(),
        message: format!("an amount that is worked out goes in parentheses after `{verb}`"),
        help: Some(format!("write `{verb} ({amount}) {name}`")),
        fix: Some(format!("{verb} ({amount}) {name}")),
    })
}

/// Whether a verb takes its amount before what it counts (`add 2 coins`, `place 2
/// soldiers`, `move 2 cards`): `draw` counts cards itself (`draw 2`).
fn counts_before(v: Verb) -> bool {
    (v.counts() && v != Verb::Draw) || matches!(v, Verb::Place | Verb::Create | Verb::Move | Verb::Discard)
}

/// The words a statement starts with (`stmt_word` in the grammar), besides the verbs.
const STATEMENT_WORDS: [&str; 17] = [
    "require",
    "forbid",
    "repeat",
    "choose",
    "modify",
    "draft",
    "fail",
    "pass",
    "let",
    "for",
    "any",
    "set",
    "if",
    "as",
    "simultaneously",
    "end",
    "eliminate",
];

/// `elminate you`: a statement whose first word is a misspelled statement word or verb.
/// Read as the start of an expression (`X may { ... }`), it fails further on, often on
/// the next line, with an expectation that says nothing of the word.
pub(super) fn misspelled_statement(src: &str, pos: usize) -> Option<SyntaxError> {
    let (word_at, len) = statement_word(src, pos);
    let word = &src[word_at..word_at + len];
    // A call or a keyword's call (`battle(`, `Add[`) is a statement of its own; a name
    // before `may` (`dealer may { ... }`), an operator or `of` starts one too, or is a line
    // of a condition that goes on (`foe == you`).
    let next = src[word_at + len..].trim_start_matches([' ', '\t']);
    let goes_on = ["(", "[", "=", "!", "<", ">", "+", "-", "*", "/", "%", ",", "may ", "of ", "or ", "and "];
    if len < 3 || words::is_reserved(word) || goes_on.iter().any(|g| next.starts_with(g)) {
        return None;
    }
    let candidates = STATEMENT_WORDS.iter().chain(words::VERB_WORDS).copied();
    let best = crate::diag::did_you_mean(word, candidates)?;
    // One letter off is surely the word; further, it is only a guess.
    let sure = crate::diag::edit_distance(word, best) <= 1;
    Some(SyntaxError {
        code: "syntax",
        span: word_at..word_at + len,
        message: format!("`{word}` starts no statement"),
        help: Some(format!("did you mean `{best}`?")),
        fix: sure.then(|| best.to_string()),
    })
}

/// `end phse`: `end` starts only `end phase` and `end game`, so pest stops at `end`
/// itself, which says nothing of the word after it.
pub(super) fn end_without_phase(src: &str, pos: usize) -> Option<SyntaxError> {
    // Pest may stop at the word after `end` (`phase` and `game` are atomic words): go back
    // to the `end` before it.
    let before_word = src.get(..pos)?.trim_end_matches([' ', '\t']);
    let pos = match before_word.strip_suffix("end") {
        Some(head) if pos >= before_word.len() && !head.ends_with(is_word) => head.len(),
        _ => pos,
    };
    let rest = src.get(pos..)?;
    let after = rest.strip_prefix("end")?;
    // Only `end` that starts a statement (not `until end of turn`).
    let before = src[..pos].trim_end_matches([' ', '\t']);
    if after.starts_with(is_word) || !(before.is_empty() || before.ends_with(['\n', '{', ';'])) {
        return None;
    }
    let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
    let at = pos + 3 + gap;
    let len = src[at..].find(|c: char| !is_word(c)).unwrap_or(src.len() - at);
    let found = match (len, src[at..].chars().next()) {
        (0, None | Some('\n' | '\r')) => "the end of the line".to_string(),
        (0, Some(c)) => format!("`{c}`"),
        _ => format!("`{}`", &src[at..at + len]),
    };
    Some(SyntaxError {
        fix: None,
        code: "syntax",
        span: if len == 0 { pos..pos + 3 } else { at..at + len },
        message: format!("expected `phase` or `game` after `end`, found {found}"),
        help: Some(
            "write `end phase` (it ends the current phase or step) or `end game` (it ends the game at once)".into(),
        ),
    })
}

/// `choose one "Draw": draw 1 ...`: options left without their braces, where the first
/// label reads as the question (`choose one "Which?": { ... }`) and the `{` is missed
/// after it. The mistake is the missing brace before the label, so the error goes there
/// (the label's quote), as it did before questions were written.
pub(super) fn options_as_question(src: &str, pos: usize) -> Option<usize> {
    let before = src.get(..pos)?.trim_end().strip_suffix(':')?;
    let (quote, opener) = text_after_opener(src, before)?;
    (opener == "choose one").then_some(quote)
}

/// Where `before` (a start of `src`) ends with a text written right after `choose`,
/// `choose one`, `may` or `any number of times`: the text's opening quote and the words.
fn text_after_opener(src: &str, before: &str) -> Option<(usize, &'static str)> {
    let quote = before.trim_end().strip_suffix('"')?.rfind('"')?;
    let mut head = src[..quote].split_whitespace().rev();
    let opener = match (head.next()?, head.next()) {
        ("choose", _) => "choose",
        ("one", Some("choose")) => "choose one",
        ("may", _) => "may",
        ("times", Some("of")) => "any number of times",
        _ => return None,
    };
    Some((quote, opener))
}

/// `may "Draw one more?" { ... }`: a question without its colon. After `choose`, the
/// text parses as the one thing to choose and the error comes later (`choose "Which?"
/// unit you control` then `draw 1` fails at `draw`): any such text before the error is
/// the mistake.
pub(super) fn question_without_colon(src: &str, pos: usize) -> Option<SyntaxError> {
    let before = src.get(..pos)?;
    let mut from = 0;
    while let Some(k) = before[from..].find("choose \"") {
        // Only `choose` written as code, not in a comment or a string.
        if !guard::code(src).any(|(i, _)| i == from + k) {
            from += k + 1;
            continue;
        }
        let quote = from + k + "choose ".len();
        let end = quote + 1 + before[quote + 1..].find('"')?;
        let rest = &before[end + 1..];
        if rest.starts_with([' ', '\t']) && rest.trim_start().starts_with(|c: char| c.is_ascii_alphabetic()) {
            let at = end + 1;
            return Some(no_colon("choose", &src[quote..=end], at..at + 1));
        }
        from = end + 1;
    }
    let (quote, opener) = text_after_opener(src, before)?;
    let end = before.trim_end().len();
    Some(no_colon(opener, &src[quote..end], pos..super::token_end(src, pos)))
}

fn no_colon(opener: &str, question: &str, span: std::ops::Range<usize>) -> SyntaxError {
    SyntaxError {
        fix: None,
        code: "syntax",
        span,
        message: format!("expected `:` after the question {question}"),
        help: Some(format!("a question is followed by a colon: `{opener} {question}: ...`")),
    }
}

/// A construct that opens with `{`, as the message names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Opener {
    /// Its words: `if`, `for each`, `choose one`.
    pub words: &'static str,
    /// What its braces hold: `body`, `options`, `rows`.
    pub holds: &'static str,
}

impl Opener {
    /// The fix, with an example of the braces.
    pub fn help(self) -> String {
        match self.words {
            "choose one" => "put the options in `{ ... }`: `choose one { \"A\": draw 1 \"B\": draw 2 }`".into(),
            "table" => "put the rows in `{ ... }`: `table n { 1: 1, 2..: 2 }`".into(),
            w => {
                let shape = match w {
                    "else" | "any number of times" => format!("{w} {{ ... }}"),
                    "may" => "... may { ... }".into(),
                    _ => format!("{w} ... {{ ... }}"),
                };
                format!("put the body in `{{ ... }}`, even a single statement: `{shape}`")
            }
        }
    }
}

/// Which construct wants the `{` that pest expected at `pos`: the last one on the same
/// bracket level that has not had its `{` yet (`if`, `for each`, `repeat`, `else`,
/// `choose one`, ...). Found by reading the words before `pos`, since a line break between
/// the condition and the body (where the `{` belongs) leaves no trace in pest's error.
pub(super) fn block_opener(src: &str, pos: usize) -> Option<Opener> {
    // One list of tokens per open bracket level (a word, or "{" for a brace opened on
    // that level); the last is the level at `pos`.
    let mut levels: Vec<Vec<&str>> = vec![vec![]];
    let mut word: Option<(usize, usize)> = None;
    for (i, b) in guard::code(src).take_while(|&(i, _)| i < pos) {
        let in_word = b.is_ascii_alphanumeric() || b == b'_';
        word = match word {
            Some((s, e)) if in_word && e == i => Some((s, i + 1)),
            Some((s, e)) => {
                levels.last_mut()?.push(&src[s..e]);
                in_word.then_some((i, i + 1))
            }
            None => in_word.then_some((i, i + 1)),
        };
        match b {
            b'{' => {
                levels.last_mut()?.push("{");
                levels.push(vec![]);
            }
            b'(' | b'[' => levels.push(vec![]),
            b')' | b']' | b'}' if levels.len() > 1 => {
                levels.pop();
            }
            _ => {}
        }
    }
    if let Some((s, e)) = word {
        levels.last_mut()?.push(&src[s..e]);
    }
    let words = levels.pop()?;
    // Read back: each `{` belongs to the nearest opener before it, so skip that many.
    let mut braces = 0usize;
    for i in (0..words.len()).rev() {
        let next = |k: usize| words.get(i + k).copied().unwrap_or_default();
        let opener = match words[i] {
            "{" => {
                braces += 1;
                continue;
            }
            "if" => ("if", "body"),
            "else" => ("else", "body"),
            "repeat" => ("repeat", "body"),
            "may" => ("may", "body"),
            "as" => ("as", "body"),
            "for" if next(1) == "each" => ("for each", "body"),
            "any" if next(1) == "number" && next(2) == "of" && next(3) == "times" => ("any number of times", "body"),
            "choose" if next(1) == "one" => ("choose one", "options"),
            "table" => ("table", "rows"),
            _ => continue,
        };
        if braces == 0 {
            return Some(Opener { words: opener.0, holds: opener.1 });
        }
        braces -= 1;
    }
    None
}

/// `destroy b9#2`: a card's label written in a script. `#` starts a comment, so the script
/// reads `destroy b9` (every copy) or fails further on (`move b9#2 to pile` has no
/// destination). Only the game knows which words are its cards and pieces (`points#2` may
/// be a counter and a comment): `is_thing` says.
pub(crate) fn label_in_script(src: &str, is_thing: impl Fn(&str) -> bool) -> Option<SyntaxError> {
    let bytes = src.as_bytes();
    let (start, i) = guard::code(src).find_map(|(i, b)| {
        let labelled =
            is_word(b as char) && bytes.get(i + 1) == Some(&b'#') && bytes.get(i + 2).is_some_and(u8::is_ascii_digit);
        if !labelled {
            return None;
        }
        let start = src[..=i].trim_end_matches(is_word).len();
        is_thing(&src[start..=i]).then_some((start, i))
    })?;
    let end = i + 2 + src[i + 2..].find(|c: char| !c.is_ascii_digit()).unwrap_or(src.len() - i - 2);
    let label = &src[start..end];
    let id = &src[start..=i];
    Some(SyntaxError {
        code: "label-in-script",
        span: start..end,
        message: format!("`{label}` is a copy's label, which a script cannot name: `#` starts a comment, so this reads `{id}`"),
        help: Some(format!(
            "`{id}` names every copy of the card; to name one copy, select it by its label: `first(cards where id of it == \"{label}\")`"
        )),
        fix: None,
    })
}

/// `choose 1 places`: a name spelled like a trigger pattern's verb (`places`, `moves`,
/// `draws`) after a count is read as that verb, so the count counts nothing and pest stops
/// further on (often the next line). The last such name before the stop is pointed at,
/// with the bracket that counts it.
pub(super) fn counted_verb(src: &str, pos: usize) -> Option<SyntaxError> {
    let code: Vec<(usize, u8)> = guard::code(src).take_while(|&(i, _)| i < pos).collect();
    let words: Vec<(usize, usize)> = code
        .split(|&(_, b)| !is_word(b as char))
        .filter(|w| !w.is_empty())
        .map(|w| (w[0].0, w[w.len() - 1].0 + 1))
        .collect();
    let (count, name) = words.windows(2).rev().find_map(|pair| {
        let [(a0, a1), (b0, b1)] = [pair[0], pair[1]];
        let (count, name, gap) = (&src[a0..a1], &src[b0..b1], &src[a1..b0]);
        let spaced = !gap.is_empty() && gap.chars().all(|c| c == ' ' || c == '\t');
        // A number counts; a name a statement's verb could be (`move`) is reserved, so only
        // the pattern's forms (`moves`) can be a binding's name.
        let counts = count.bytes().all(|b| b.is_ascii_digit());
        let named = super::words::is_event_verb(name) && !super::words::is_reserved(name);
        (spaced && counts && named).then_some(((a0, a1), (b0, b1)))
    })?;
    let (count, (start, end)) = (&src[count.0..count.1], name);
    let name = &src[start..end];
    Some(SyntaxError {
        code: "syntax",
        span: start..end,
        message: format!(
            "`{name}` after a count reads as the verb of a trigger pattern (`a player {name} ...`), so `{count}` counts nothing"
        ),
        help: Some(format!("put the name in brackets to count it: `{count} ({name})`, or rename it")),
        fix: Some(format!("({name})")),
    })
}

/// `turn mod 2`: the remainder spelled as a word, as some languages spell it. The word
/// reads as a noun after `turn`, so the parse fails at the number after it.
pub(super) fn remainder_word(src: &str, pos: usize) -> Option<SyntaxError> {
    let before = src.get(..pos)?.trim_end_matches([' ', '\t']);
    let word = ["mod", "modulo", "rem"].into_iter().find(|w| before.ends_with(w))?;
    let at = before.len() - word.len();
    let operand = src[..at].trim_end_matches([' ', '\t']);
    let word_alone = operand.len() < at && !src[..at].ends_with(is_word);
    if !word_alone || !operand.ends_with(|c: char| is_word(c) || c == ')') {
        return None;
    }
    Some(SyntaxError {
        fix: Some("%".into()),
        code: "syntax",
        span: at..at + word.len(),
        message: format!("`{word}` is not an operator: the remainder is written `%`"),
        help: Some(format!("write `%` in place of `{word}`: `a % b` is what is left of a divided by b")),
    })
}

#[cfg(test)]
#[path = "hints_tests.rs"]
mod tests;

/// `line` with the text of its strings blanked: a word of a message (`"the gem
/// must be played"`) is no misspelled keyword.
pub(super) fn outside_strings(line: &str) -> String {
    let (mut inside, mut escaped) = (false, false);
    line.chars()
        .map(|c| {
            let blank = inside && c != '"';
            match c {
                '"' if !escaped => inside = !inside,
                _ => {}
            }
            escaped = inside && c == '\\' && !escaped;
            if blank {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// `forbid you to play gem or pawn`: an `or` (or `and`) right after the thing a
/// prohibition names ends it; a choice of things is bracketed.
pub(super) fn bracketed_choice(src: &str, pos: usize) -> Option<String> {
    let pos = pos.min(src.len());
    let rest = &src[pos..];
    let joins = ["or ", "and "].iter().any(|w| rest.starts_with(w));
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let before = src[line_start..pos].trim_start();
    (joins && before.starts_with("forbid ")).then(|| {
        "a prohibition names one thing or one bracketed choice: `forbid you to play (gem or pawn)`".to_string()
    })
}

/// `flip x to face down`: a face is no side to flip `to`; the clause stands alone.
pub(super) fn to_face(src: &str, pos: usize) -> Option<String> {
    let pos = pos.min(src.len());
    let at_face = src[pos..].starts_with("face") && !src[pos + 4..].starts_with(is_word);
    let after_to = src[..pos].trim_end().strip_suffix("to").is_some_and(|b| !b.ends_with(is_word));
    (at_face && after_to).then(|| {
        "`face up` and `face down` stand without `to`: `flip x face down`, `move x to bids face down` \
         (`to` names a place, or the side a piece flips to: `flip x to closed`)"
            .to_string()
    })
}

/// A line that is a number alone (`effect: 5`): pest reads the number as the start of a
/// statement (`2 may ...`) and stops at its end, expecting `may`. A number is no
/// statement: it goes where a statement takes one.
pub(super) fn bare_number(src: &str, pos: usize) -> Option<SyntaxError> {
    // pest stops at the number's end, or past the line breaks after it.
    let upto = src[..pos.min(src.len())].trim_end().len();
    let start = src[..upto].rfind('\n').map_or(0, |i| i + 1);
    let end = src[start..].find('\n').map_or(src.len(), |i| start + i);
    let line = &src[start..end];
    let text = line.trim();
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // Inside a list, a call or a table (`[1,\n 2\n 3]`), the number is an item whose comma
    // or colon is missing: pest's own message says so better.
    let depth: i32 = guard::code(&src[..start])
        .map(|(_, b)| match b {
            b'(' | b'[' | b'{' => 1,
            b')' | b']' | b'}' => -1,
            _ => 0,
        })
        .sum();
    if depth > 0 {
        return None;
    }
    let at = start + (line.len() - line.trim_start().len());
    Some(SyntaxError {
        code: "syntax",
        span: at..at + text.len(),
        message: format!("`{text}` alone is no statement: a script does things"),
        help: Some(format!("write what the number is for: `add {text} vp to you`, `draw {text}`, `score {text}`")),
        fix: None,
    })
}
