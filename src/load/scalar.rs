//! Scalars: the YAML scalar styles, `ScriptSrc` (a script-valued field that maps byte
//! offsets of its text back to the file) and the YAML 1.2 core-schema typing of plain
//! scalars (null, bool, int, float, string).
//!
//! Span rule: `ScriptSrc::file_span` is exact (character-precise) whenever every
//! non-blank run of the file's source lines reappears verbatim, in order, in the text
//! with only whitespace between them. That always holds for plain scalars and `|`
//! literal blocks; it fails for text changed by escapes (`''`, `\n`) and then the whole
//! scalar span is used.

use std::borrow::Cow;
use std::ops::Range;

use crate::diag::{FileId, Loc, Span};
use crate::text::Text;

/// How a scalar was written in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScalarStyle {
    /// `key: value`, possibly continued on more-indented lines.
    Plain,
    /// `'value'`; `''` is an escaped quote.
    SingleQuoted,
    /// `"value"` with backslash escapes.
    DoubleQuoted,
    /// `|` block: lines kept as written.
    Literal,
    /// `>` block: single line breaks folded into spaces.
    Folded,
}

/// A run of `len` bytes that starts at `text` in the script text and at `file` in the file
/// (32 bits each: files are capped far below 4 GiB, and a card keeps several of these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Seg {
    text: u32,
    file: u32,
    len: u32,
}

/// The source of one script-valued field: its text and how to map spans back to the file
/// (the fields of `ScriptField`, read through it). Boxed, so that a field slot costs one
/// pointer: most of an ability's optional scripts are absent, and abilities live as long
/// as the library.
#[derive(Clone, PartialEq, Eq)]
pub struct ScriptSrc(Box<ScriptField>);

/// What a `ScriptSrc` holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptField {
    /// The script text, after YAML processing (what the parser sees), shared with the
    /// other fields of the same text.
    pub text: Text,
    /// The file the scalar is in.
    pub file: FileId,
    /// The whole scalar in the file (quotes included; block scalars from their first content line).
    pub span: Loc,
    /// How the scalar was written.
    pub style: ScalarStyle,
    map: Map,
}

/// How a field's text maps back to the file. A card keeps several fields for as long as
/// the library lives, and nearly all are one line or a `|` block, whose runs follow from
/// the text: those keep 8 bytes and no list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Map {
    /// Not character-precise: every span maps to the whole scalar.
    Whole,
    /// Text offset `p` is at `file + p + indent * (line breaks before p)` in the file: each
    /// line of the text is a line of the file after `indent` more bytes. The runs are made
    /// again from the text (`line_runs`) when a span is mapped, which only a report does.
    Lines { file: u32, indent: u32 },
    /// Any other exact alignment, as its runs.
    Runs(Box<Runs>),
}

/// The runs of a `Map::Runs` behind one more pointer, so that the common `Map::Lines`
/// keeps the field 8 bytes smaller.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Runs(Box<[Seg]>);

impl std::ops::Deref for ScriptSrc {
    type Target = ScriptField;
    fn deref(&self) -> &ScriptField {
        &self.0
    }
}

impl std::fmt::Debug for ScriptSrc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl ScriptSrc {
    /// Builds a script source from a scalar's text, style and span in `source` (the file text).
    pub fn new(text: impl Into<Text>, file: FileId, span: Span, style: ScalarStyle, source: &str) -> Self {
        let text = text.into();
        let runs = align(&text, source, raw_region(source, &span, style)).unwrap_or_default();
        let map = match lines_of(&text, &runs) {
            Some((file, indent)) => Map::Lines { file, indent },
            None if runs.is_empty() => Map::Whole,
            None => Map::Runs(Box::new(Runs(runs))),
        };
        ScriptSrc(Box::new(ScriptField { text, file, span: span.into(), style, map }))
    }
}

/// The `Map::Lines` that reproduces `runs` exactly, if one does (checked by making its
/// runs and comparing, so mapping a span never depends on which form was kept).
fn lines_of(text: &str, runs: &[Seg]) -> Option<(u32, u32)> {
    let first = runs.first()?;
    let breaks = |s: &Seg| text.as_bytes()[..s.text as usize].iter().filter(|&&b| b == b'\n').count() as u64;
    // file = first.file - first.text - k0 * indent; the indent from any run on a later line.
    let k0 = breaks(first);
    let base = u64::from(first.file).checked_sub(u64::from(first.text))?;
    let indent = match runs.iter().find(|s| breaks(s) > k0) {
        Some(s) => {
            let lines = breaks(s) - k0;
            let grown = u64::from(s.file).checked_sub(u64::from(s.text))?.checked_sub(base)?;
            (grown % lines == 0).then_some(grown / lines)?
        }
        None => 0,
    };
    let file = base.checked_sub(k0 * indent)?;
    let (file, indent) = (u32::try_from(file).ok()?, u32::try_from(indent).ok()?);
    line_runs(text, file, indent).is_some_and(|made| *made == *runs).then_some((file, indent))
}

/// The runs of `Map::Lines { file, indent }`: each line's non-blank part, as `align` finds
/// them. `None` if an offset does not fit in 32 bits.
fn line_runs(text: &str, file: u32, indent: u32) -> Option<Vec<Seg>> {
    let mut runs = Vec::new();
    let mut start = 0;
    for (k, line) in text.split('\n').enumerate() {
        let trimmed = line.trim_start_matches(is_blank);
        let lead = line.len() - trimmed.len();
        let content = trimmed.trim_end_matches(is_blank);
        if !content.is_empty() {
            let at = start + lead;
            let in_file = (file as usize).checked_add(at)?.checked_add(k.checked_mul(indent as usize)?)?;
            let seg = (u32::try_from(at), u32::try_from(in_file), u32::try_from(content.len()));
            let (Ok(text), Ok(file), Ok(len)) = seg else { return None };
            runs.push(Seg { text, file, len });
        }
        start += line.len() + 1;
    }
    Some(runs)
}

impl ScriptField {
    /// Whether `file_span` is character-precise (false: it returns the whole scalar).
    pub fn is_exact(&self) -> bool {
        !matches!(self.map, Map::Whole)
    }

    /// The runs that map text offsets to file offsets (empty when not exact).
    fn runs(&self) -> Cow<'_, [Seg]> {
        match &self.map {
            Map::Whole => Cow::Borrowed(&[]),
            Map::Lines { file, indent } => Cow::Owned(line_runs(&self.text, *file, *indent).unwrap_or_default()),
            Map::Runs(runs) => Cow::Borrowed(&runs.0),
        }
    }

    /// Maps a byte range of `text` to a byte range of the file (see the module docs).
    pub fn file_span(&self, r: Range<usize>) -> Span {
        let runs = self.runs();
        if runs.is_empty() {
            return self.span.range();
        }
        let start = map_pos(&runs, r.start, true);
        let end = map_pos(&runs, r.end.max(r.start), false);
        start..end.max(start)
    }
}

/// The file offset of text offset `p` (`runs` not empty); positions between runs go to the
/// next run's start (`start` bias) or the previous run's end.
fn map_pos(runs: &[Seg], p: usize, start: bool) -> usize {
    let at = |x: u32| x as usize;
    let idx = runs.partition_point(|s| at(s.text) <= p);
    if idx == 0 {
        return at(runs[0].file);
    }
    let s = runs[idx - 1];
    if p <= at(s.text) + at(s.len) {
        return at(s.file) + (p - at(s.text));
    }
    match runs.get(idx) {
        Some(next) if start => at(next.file),
        _ => at(s.file) + at(s.len),
    }
}

/// The part of the file holding the scalar's characters (inside the quotes, if any).
fn raw_region(source: &str, span: &Span, style: ScalarStyle) -> Option<Range<usize>> {
    if span.end > source.len() || span.start > span.end {
        return None;
    }
    match style {
        ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
            (span.len() >= 2).then(|| span.start + 1..span.end - 1)
        }
        _ => Some(span.clone()),
    }
}

fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// Finds each non-blank run of each source line in `text`, in order, allowing only
/// whitespace between them. `None` when the text was transformed beyond that.
fn align(text: &str, source: &str, region: Option<Range<usize>>) -> Option<Box<[Seg]>> {
    let region = region?;
    let raw = source.get(region.clone())?;
    let mut segs = Vec::new();
    let mut cursor = 0;
    for (here, line) in source_lines(raw) {
        let trimmed = line.trim_start_matches(is_blank);
        let lead = line.len() - trimmed.len();
        let content = trimmed.trim_end_matches(is_blank);
        if content.is_empty() {
            continue;
        }
        let skip = text[cursor..].len() - text[cursor..].trim_start_matches(is_blank).len();
        if skip == text.len() - cursor {
            break; // the text is used up: what follows is not part of it
        }
        cursor += skip;
        if !text[cursor..].starts_with(content) {
            return None;
        }
        let seg = (u32::try_from(cursor), u32::try_from(region.start + here + lead), u32::try_from(content.len()));
        let (Ok(text), Ok(file), Ok(len)) = seg else { return None };
        segs.push(Seg { text, file, len });
        cursor += content.len();
    }
    // Kept as long as the library: no spare capacity.
    text[cursor..].chars().all(is_blank).then(|| segs.into_boxed_slice())
}

/// The lines of a file region with their start offsets, ended by LF, CRLF or a lone CR
/// (YAML reads all three as a line break, and gives the scalar's text LFs).
fn source_lines(raw: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start > raw.len() {
            return None;
        }
        let rest = &raw[start..];
        let here = start;
        match rest.find(['\n', '\r']) {
            Some(i) => {
                let crlf = rest[i..].starts_with("\r\n");
                start += i + if crlf { 2 } else { 1 };
                Some((here, &rest[..i]))
            }
            None => {
                start = raw.len() + 1;
                Some((here, rest))
            }
        }
    })
}

/// A plain scalar's type under the YAML 1.2 core schema.
#[derive(Debug, Clone, PartialEq)]
pub enum Plain {
    /// `~`, `null` or nothing.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A decimal, `0x` or `0o` integer that fits in `i64`.
    Int(i64),
    /// A float, or an integer too large for `i64`.
    Float(f64),
    /// Anything else.
    Str,
}

/// Types a plain scalar's text (quoted and block scalars are always strings).
pub fn resolve_plain(s: &str) -> Plain {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Plain::Null,
        "true" | "True" | "TRUE" => return Plain::Bool(true),
        "false" | "False" | "FALSE" => return Plain::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Plain::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Plain::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Plain::Float(f64::NAN),
        _ => {}
    }
    if let Some(hex) = s.strip_prefix("0x") {
        return radix(hex, 16);
    }
    if let Some(oct) = s.strip_prefix("0o") {
        return radix(oct, 8);
    }
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return s.parse::<i64>().map_or_else(|_| float(s), Plain::Int);
    }
    if looks_like_float(digits) {
        return float(s);
    }
    Plain::Str
}

fn radix(digits: &str, base: u32) -> Plain {
    let ok = !digits.is_empty() && digits.chars().all(|c| c.is_digit(base));
    match i64::from_str_radix(digits, base) {
        Ok(n) if ok => Plain::Int(n),
        _ if ok => Plain::Float(f64::INFINITY),
        _ => Plain::Str,
    }
}

fn float(s: &str) -> Plain {
    s.parse::<f64>().map_or(Plain::Str, Plain::Float)
}

/// `[0-9]*(\.[0-9]*)?([eE][-+]?[0-9]+)?` with at least one digit before the exponent.
fn looks_like_float(s: &str) -> bool {
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let mant_ok = digits(int) && digits(frac) && !(int.is_empty() && frac.is_empty());
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mant_ok && exp_ok && (mant.contains('.') || exp.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The script of key `key` in `src`, built the way the loader builds it.
    fn script(src: &str, key: &str) -> ScriptSrc {
        let root = crate::load::yaml::parse(FileId(0), src).0.expect("parses");
        let crate::load::yaml::NodeKind::Map(entries) = &root.kind else { panic!("map") };
        let (_, v) = entries.iter().find(|(k, _)| k.text() == Some(key)).expect("key");
        let crate::load::yaml::NodeKind::Scalar(s) = &v.kind else { panic!("scalar") };
        ScriptSrc::new(s.text.clone(), FileId(0), v.span.clone(), s.style, src)
    }

    /// Maps the `nth` occurrence of `word` in the script text and returns the file slice.
    fn marker<'a>(src: &'a str, s: &ScriptSrc, word: &str, nth: usize) -> &'a str {
        let at = s.text.match_indices(word).nth(nth).expect("marker in text").0;
        &src[s.file_span(at..at + word.len())]
    }

    const SRC: &str = "plain: draw 1; MARK\nmulti: draw 1\n  and MARK\n\n   then MARK\n\
        single: 'one MARK'\nsingle_esc: 'it''s MARK'\ndouble: \"two MARK\"\n\
        double_esc: \"a\\tMARK\"\nlit: |\n  if x {\n    MARK 1\n  }\n\nstrip: |-\n  MARK\n\
        keep: |+\n  a MARK\n\nind: |2\n    deep MARK\nfold: >\n  folded MARK\n  next\n\
        fold_esc: \"x\\\n  MARK\"\nseq:\n  - |\n      in MARK\nlead: |\n\n  after MARK\n";

    #[test]
    fn plain_scalars_map_exactly() {
        let s = script(SRC, "plain");
        assert_eq!(s.style, ScalarStyle::Plain);
        assert!(s.is_exact());
        let at = s.text.find("MARK").unwrap();
        let f = s.file_span(at..at + 4);
        assert_eq!(f.start, SRC.find("MARK").unwrap());
        assert_eq!(&SRC[f], "MARK");
        let m = script(SRC, "multi");
        assert_eq!(m.text, "draw 1 and MARK\nthen MARK");
        assert_eq!(marker(SRC, &m, "MARK", 0), "MARK");
        assert_eq!(marker(SRC, &m, "then MARK", 0), "then MARK");
        let across = m.file_span(0..m.text.len());
        assert_eq!(&SRC[across], "draw 1\n  and MARK\n\n   then MARK");
    }

    #[test]
    fn literal_blocks_map_exactly_with_indicators() {
        for key in ["lit", "strip", "keep", "ind", "lead"] {
            let s = script(SRC, key);
            assert_eq!(s.style, ScalarStyle::Literal, "{key}");
            assert!(s.is_exact(), "{key}");
            let at = s.text.find("MARK").unwrap();
            let f = s.file_span(at..at + 4);
            assert_eq!(&SRC[f.clone()], "MARK", "{key}");
            let before_file = SRC[..f.start].rsplit('\n').next().unwrap().trim();
            let before_text = s.text[..at].rsplit('\n').next().unwrap().trim();
            assert_eq!(before_file, before_text, "{key}");
        }
        let ind = script(SRC, "ind");
        assert_eq!(ind.text, "  deep MARK\n");
    }

    #[test]
    fn line_maps_give_the_runs_align_finds() {
        // One-line scalars and `|` blocks keep `Map::Lines`; a plain scalar folded over
        // lines of other indents keeps its runs. Either way every offset maps as `align` said.
        let lines = ["plain", "single", "double", "lit", "strip", "keep", "ind", "lead"];
        for key in lines.into_iter().chain(["multi", "fold"]) {
            let s = script(SRC, key);
            let found = align(&s.text, SRC, raw_region(SRC, &s.span.range(), s.style)).unwrap();
            assert_eq!(*s.runs(), *found, "{key}");
            assert_eq!(matches!(s.map, Map::Lines { .. }), lines.contains(&key), "{key}");
        }
        // The common form keeps a field in 48 bytes.
        assert!(std::mem::size_of::<ScriptField>() <= 48);
    }

    #[test]
    fn literal_in_a_sequence_maps_exactly() {
        let root = crate::load::yaml::parse(FileId(0), SRC).0.unwrap();
        let crate::load::yaml::NodeKind::Map(entries) = &root.kind else { panic!() };
        let (_, seq) = entries.iter().find(|(k, _)| k.text() == Some("seq")).unwrap();
        let crate::load::yaml::NodeKind::Seq(items) = &seq.kind else { panic!() };
        let crate::load::yaml::NodeKind::Scalar(sc) = &items[0].kind else { panic!() };
        let s = ScriptSrc::new(sc.text.clone(), FileId(0), items[0].span.clone(), sc.style, SRC);
        assert_eq!(marker(SRC, &s, "MARK", 0), "MARK");
    }

    #[test]
    fn quoted_and_folded_map_exactly_or_to_the_whole_scalar() {
        // Untransformed quoted and folded text still maps exactly.
        for key in ["single", "double", "fold"] {
            let s = script(SRC, key);
            assert_eq!(marker(SRC, &s, "MARK", 0), "MARK", "{key}");
        }
        // Escapes change the text: the whole scalar is used.
        for (key, whole) in
            [("single_esc", "'it''s MARK'"), ("double_esc", "\"a\\tMARK\""), ("fold_esc", "\"x\\\n  MARK\"")]
        {
            let s = script(SRC, key);
            assert!(!s.is_exact(), "{key}");
            assert_eq!(marker(SRC, &s, "MARK", 0), whole, "{key}");
        }
        assert_eq!(script(SRC, "fold").style, ScalarStyle::Folded);
        assert_eq!(script(SRC, "single_esc").style, ScalarStyle::SingleQuoted);
        assert_eq!(script(SRC, "double_esc").style, ScalarStyle::DoubleQuoted);
    }

    #[test]
    fn crlf_and_empty_ranges_stay_inside_the_scalar() {
        let src = "a: draw 1\r\n  MARK\r\nb: x\r\n";
        let s = script(src, "a");
        assert_eq!(marker(src, &s, "MARK", 0), "MARK");
        let f = s.file_span(6..6); // the folded space between the lines
        assert!(f.start >= s.span.start() && f.end <= s.span.end());
        let f = s.file_span(0..10_000);
        assert!(f.end <= s.span.end());
    }

    #[test]
    fn plain_scalars_are_typed_by_the_core_schema() {
        assert_eq!(resolve_plain("~"), Plain::Null);
        assert_eq!(resolve_plain("True"), Plain::Bool(true));
        assert_eq!(resolve_plain("-12"), Plain::Int(-12));
        assert_eq!(resolve_plain("0x1F"), Plain::Int(31));
        assert_eq!(resolve_plain("0o17"), Plain::Int(15));
        assert_eq!(resolve_plain("1.5"), Plain::Float(1.5));
        assert_eq!(resolve_plain("1e3"), Plain::Float(1000.0));
        assert_eq!(resolve_plain("99999999999999999999"), Plain::Float(1e20));
        for s in ["three", "1.2.3", "e5", ".", "0x", "+", "1_000", "yes"] {
            assert_eq!(resolve_plain(s), Plain::Str, "{s}");
        }
    }
}
