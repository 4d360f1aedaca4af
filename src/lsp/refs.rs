//! Where a game's names are used, for "find references": every name token of its scripts
//! (read by the grammar, `syntax::names::names_in`, so reserved words and string literals
//! never count), the property keys of its cards and their enum values, and the id-valued
//! fields of its scenarios (`put:`, `in:`, `counter:`, `phase:`, `play:`, `use:`, `choose:`,
//! `advance:`). A script that does not parse (half-typed) is searched word by word instead,
//! whole words only, outside double quotes: a guess, but only until it parses again.

use lsp_types::{Location, Position};

use super::state::{Doc, Game};
use super::text;
use crate::check::env::Sym;
use crate::check::fields::each_script;
use crate::check::scripts::Entry;
use crate::diag::{FileId, Span};
use crate::load::{Act, GameBundle, ScriptSrc, SetupItem, Sp, Step, Value};
use crate::syntax::names::{names_in, NameEntry};

/// One use of a name.
#[derive(Debug, Clone)]
pub struct Use {
    /// The name as written.
    pub name: String,
    pub file: FileId,
    /// Where, in the file.
    pub at: Span,
}

/// Every place the name at `pos` is used in the document's game, and its definitions too
/// when `declaration` is asked for. A plural (`cards`) counts as its singular's use.
pub fn references(game: &Game, doc: &Doc, pos: Position, declaration: bool) -> Vec<Location> {
    let Some((word, _)) = text::word_at(&doc.text, text::offset(&doc.text, pos)) else { return vec![] };
    let defs = game.index.named(word);
    let target = defs.first().map_or(word, |d| d.name.as_str());
    let refers = |used: &str| used == target || game.index.named(used).iter().any(|d| d.name == target);
    let uses = game.uses.get_or_init(|| game.bundle().map(|b| uses(b, game)).unwrap_or_default());
    let mut out: Vec<(FileId, Span)> = Vec::new();
    if declaration {
        out.extend(defs.iter().map(|d| (d.file, d.at.clone())));
        if let Some(b) = game.bundle() {
            out.extend(value_declarations(b, target));
        }
    }
    for u in uses.iter().filter(|u| refers(&u.name)) {
        if !out.iter().any(|(f, s)| *f == u.file && *s == u.at) {
            out.push((u.file, u.at.clone()));
        }
    }
    out.sort_by_key(|(f, s)| (*f, s.start));
    out.into_iter().filter_map(|(f, s)| game.location(f, s)).collect()
}

/// Every script field of a game, its scenarios' included, with how it parses.
pub fn scripts(bundle: &GameBundle) -> Vec<(&ScriptSrc, Entry)> {
    let mut out = Vec::new();
    each_script(bundle, &mut |src, entry, _| out.push((src, entry)));
    for s in &bundle.scenarios {
        for item in &s.setup {
            if let SetupItem::Script(src) = item {
                out.push((src, Entry::Script));
            }
        }
        for step in &s.steps {
            match step {
                Step::Act { action: Act::Script(src), .. } => out.push((src, Entry::Script)),
                Step::Expect(src) => out.push((src, Entry::Condition)),
                _ => {}
            }
        }
    }
    out
}

/// Where an enum value is declared: in a property's `values:`.
fn value_declarations(bundle: &GameBundle, value: &str) -> Vec<(FileId, Span)> {
    let game = bundle.game.iter().flat_map(|g| &g.properties);
    let props = game.chain(bundle.factions.iter().flat_map(|f| &f.properties));
    props.flat_map(|p| &p.values).filter(|v| v.value == value).map(|v| (v.file, v.span.range())).collect()
}

/// The uses of names in a game's files.
fn uses(bundle: &GameBundle, game: &Game) -> Vec<Use> {
    let limits = bundle.limits;
    let mut out = Vec::new();
    for (src, entry) in scripts(bundle) {
        let e = match entry {
            Entry::Script => NameEntry::Script,
            Entry::Condition | Entry::Expr => NameEntry::Expr,
            Entry::Event => NameEntry::Event,
        };
        script_uses(game, src, e, &limits, &mut out);
    }
    let cards = bundle.cards.iter().chain(bundle.factions.iter().flat_map(|f| f.cards.iter()));
    for c in cards {
        for (k, v) in c.props.iter() {
            out.push(Use { name: k.value.to_string(), file: k.file, at: k.span.range() });
            enum_values(game, v, &mut out);
        }
    }
    for s in &bundle.scenarios {
        scenario_uses(s, &mut out);
    }
    out
}

/// The values of a card's property that are values of an enum (`moria` of `culture: moria`),
/// a list's included; a quoted one is left out (its span holds the quotes).
fn enum_values(game: &Game, v: &Sp<Value>, out: &mut Vec<Use>) {
    match &v.value {
        Value::Str(t) if matches!(game.env.lookup(t), Some(Sym::EnumValue(_))) => {
            let text = game.sources().get(v.file).text().unwrap_or("");
            if text.get(v.span.range()) == Some(&**t) {
                out.push(Use { name: t.to_string(), file: v.file, at: v.span.range() });
            }
        }
        Value::List(items) => items.iter().for_each(|i| enum_values(game, i, out)),
        _ => {}
    }
}

/// The id-valued fields of a scenario.
fn scenario_uses(s: &crate::load::Scenario, out: &mut Vec<Use>) {
    let mut push = |v: &Sp<String>| out.push(Use { name: v.value.clone(), file: v.file, at: v.span.range() });
    for item in &s.setup {
        match item {
            SetupItem::Put { put, zone, home, .. } => {
                put.iter().for_each(&mut push);
                push(zone);
                home.iter().for_each(&mut push);
            }
            SetupItem::Order { order, zone, .. } => {
                order.iter().for_each(&mut push);
                push(zone);
            }
            SetupItem::Counter { counter, .. } => push(counter),
            SetupItem::Phase(p) => push(p),
            SetupItem::Script(_) | SetupItem::StartGame(_) | SetupItem::Generator(_) | SetupItem::Clock { .. } => {}
        }
    }
    for step in &s.steps {
        match step {
            Step::Act { action: Act::Play(c) | Act::Use(c), .. } => push(c),
            Step::Choose(c) => {
                c.pick.value.iter().for_each(&mut push);
                c.among.iter().flat_map(|a| a.value.iter()).for_each(&mut push);
            }
            Step::Advance(p) => push(p),
            _ => {}
        }
    }
}

/// The names of one script, where they are in its file. A token whose place in the file
/// does not hold it (a scalar with escapes maps only as a whole) is left out.
fn script_uses(game: &Game, src: &ScriptSrc, entry: NameEntry, limits: &crate::limits::Limits, out: &mut Vec<Use>) {
    let text: &str = &src.text;
    let names = names_in(text, entry, limits).unwrap_or_else(|| words_outside_quotes(text));
    let file_text = game.sources().get(src.file).text().unwrap_or("");
    // The loader maps a scalar with escapes only as a whole; a one-line double-quoted one
    // is decoded again here to place each name exactly.
    let whole = src.span.range();
    let decoded = (!src.is_exact()).then(|| file_text.get(whole.clone()).and_then(|raw| unescape_map(raw, text)));
    for (name, r) in names {
        let at = match &decoded {
            Some(Some(map)) => match (map.get(r.start), map.get(r.end)) {
                (Some(a), Some(b)) => whole.start + a..whole.start + b,
                _ => continue,
            },
            _ => src.file_span(r),
        };
        if file_text.get(at.clone()) == Some(name.as_str()) {
            out.push(Use { name, file: src.file, at });
        }
    }
}

/// For a one-line double-quoted YAML scalar `raw` (quotes included) that decodes to
/// `text`: the offset in `raw` of each byte offset of `text` (and of its end). `None` when
/// it is not one, or decodes to something else.
fn unescape_map(raw: &str, text: &str) -> Option<Vec<usize>> {
    let body = raw.strip_prefix('"')?.strip_suffix('"')?;
    if body.contains(['\n', '\r']) {
        return None;
    }
    let mut decoded = String::with_capacity(body.len());
    let mut map = Vec::with_capacity(body.len() + 1);
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let ch = if c == '\\' {
            let (_, e) = chars.next()?;
            let hex = |n: usize, chars: &mut std::iter::Peekable<std::str::CharIndices>| {
                let digits: String = (0..n).filter_map(|_| chars.next().map(|(_, d)| d)).collect();
                u32::from_str_radix(&digits, 16).ok().and_then(char::from_u32)
            };
            match e {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '0' => '\0',
                'x' => hex(2, &mut chars)?,
                'u' => hex(4, &mut chars)?,
                'U' => hex(8, &mut chars)?,
                '"' | '\\' | '/' | ' ' => e,
                _ => return None,
            }
        } else {
            c
        };
        // Each byte of the decoded character starts where its escape starts (1 for the quote).
        map.extend(std::iter::repeat_n(i + 1, ch.len_utf8()));
        decoded.push(ch);
    }
    map.push(raw.len() - 1);
    (decoded == text).then_some(map)
}

/// The whole words of a text that does not parse, outside double-quoted strings.
fn words_outside_quotes(text: &str) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    let mut quoted = false;
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let word = (c.is_alphanumeric() || c == '_') && !quoted;
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let w = &text[s..i];
                if !w.starts_with(|c: char| c.is_ascii_digit()) {
                    out.push((w.to_string(), s..i));
                }
                start = None;
            }
            _ => {}
        }
        if c == '"' {
            quoted = !quoted;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_typed_scripts_give_whole_words_outside_strings() {
        let got = words_outside_quotes("draw 2 \"hand x\" from hand_2 if");
        let words: Vec<&str> = got.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(words, ["draw", "from", "hand_2", "if"]);
        assert_eq!(got[2].1, 21..27);
    }

    #[test]
    fn escaped_scalars_map_each_byte_to_its_place() {
        let raw = r#""set x\nmove \"y\" z""#;
        let text = "set x\nmove \"y\" z";
        let map = unescape_map(raw, text).unwrap_or_default();
        let at = |w: &str| {
            let i = text.find(w).unwrap_or(0);
            &raw[map[i]..map[i + w.len()]]
        };
        assert_eq!(at("move"), "move");
        assert_eq!(at("z"), "z");
        assert_eq!(unescape_map(raw, "other"), None);
    }
}
