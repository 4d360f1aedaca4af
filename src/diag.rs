//! Diagnostics as data: every problem Twilit finds is a `Diagnostic` with byte spans into
//! a file of the `SourceMap`. Nothing here renders; rendering lives in `cli`.

pub mod chars;
mod source;

pub use source::{text_hash, SourceFile, SourceMap};

use std::borrow::Cow;
use std::ops::Range;

/// Index of a file in the [`SourceMap`]. 32 bits: every located value of a library (a
/// card keeps dozens) holds one, and a run never reads four billion files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    /// The id of the `i`th file (saturating: no run reads `u32::MAX` files).
    pub fn of(i: usize) -> Self {
        FileId(u32::try_from(i).unwrap_or(u32::MAX))
    }

    /// The file's index in the source map.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A byte range inside one file.
pub type Span = Range<usize>;

/// A `Span` as the loaded definitions keep it: two 32-bit offsets, half the size of a
/// `Range<usize>`, since the definitions live as long as the library and a card holds
/// dozens of spans. Files are capped far below 4 GiB (`load::MAX_FILE_BYTES`); an offset
/// that did not fit would saturate rather than wrap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Loc {
    start: u32,
    end: u32,
}

impl Loc {
    /// The byte range.
    pub fn range(self) -> Span {
        self.start as usize..self.end as usize
    }

    /// The first byte.
    pub fn start(self) -> usize {
        self.start as usize
    }

    /// The byte after the last.
    pub fn end(self) -> usize {
        self.end as usize
    }
}

impl From<Span> for Loc {
    fn from(r: Span) -> Self {
        let at = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Loc { start: at(r.start), end: at(r.end) }
    }
}

impl From<&Span> for Loc {
    fn from(r: &Span) -> Self {
        Loc::from(r.clone())
    }
}

impl From<Loc> for Span {
    fn from(l: Loc) -> Self {
        l.range()
    }
}

/// Written like the `Range` it stands for, so debug output reads the same.
impl std::fmt::Debug for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.range(), f)
    }
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file is invalid; `check` exits 1.
    Error,
    /// Suspicious but valid.
    Warning,
}

impl Severity {
    /// The lower-case name used in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A labelled span; the first label of a diagnostic is its primary location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The file the span lies in.
    pub file: FileId,
    /// Byte offsets into that file.
    pub span: Span,
    /// Short text shown under the span.
    pub message: String,
}

/// One problem: code, severity, message, labelled spans and an optional fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code such as `twilit::unknown-keyword`.
    pub code: String,
    /// Error or warning.
    pub severity: Severity,
    /// One-line summary.
    pub message: String,
    /// Primary label first; others may point into other files.
    pub labels: Vec<Label>,
    /// The likely fix ("did you mean `Add`?").
    pub help: Option<String>,
    /// The text the help suggests in place of the primary label's span (the `Add` of a
    /// did-you-mean), for editors to apply; never rendered. (Boxed: a diagnostic stays
    /// small enough to be an `Err` by value.)
    pub fix: Option<Box<String>>,
}

impl Diagnostic {
    /// An error with a primary label.
    pub fn error(code: &str, message: impl Into<String>, file: FileId, span: impl Into<Span>) -> Self {
        Self::new(Severity::Error, code, message, file, span.into())
    }

    /// A warning with a primary label.
    pub fn warning(code: &str, message: impl Into<String>, file: FileId, span: impl Into<Span>) -> Self {
        Self::new(Severity::Warning, code, message, file, span.into())
    }

    fn new(sev: Severity, code: &str, message: impl Into<String>, file: FileId, span: Span) -> Self {
        Diagnostic {
            code: format!("twilit::{code}"),
            severity: sev,
            message: message.into(),
            labels: vec![Label { file, span, message: String::new() }],
            help: None,
            fix: None,
        }
    }

    /// Sets the text under the primary label.
    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        if let Some(l) = self.labels.first_mut() {
            l.message = message.into();
        }
        self
    }

    /// Adds a secondary label, possibly in another file.
    pub fn with_secondary(mut self, file: FileId, span: impl Into<Span>, message: impl Into<String>) -> Self {
        self.labels.push(Label { file, span: span.into(), message: message.into() });
        self
    }

    /// Sets the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line only when there is one.
    pub fn with_help_opt(mut self, help: Option<String>) -> Self {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Suggests `name` for the primary span: the help "did you mean `name`?" and the fix.
    pub fn suggest(&mut self, name: &str) -> &mut Self {
        self.help = Some(format!("did you mean `{name}`?"));
        self.fix = Some(Box::new(name.to_string()));
        self
    }

    /// `suggest`, when there is a suggestion (the help stays as it was when there is none).
    pub fn suggest_opt(&mut self, name: Option<&str>) -> &mut Self {
        if let Some(n) = name {
            self.suggest(n);
        }
        self
    }

    /// Sets the help line of a diagnostic being built in place.
    pub fn with_help_mut(&mut self, help: impl Into<String>) -> &mut Self {
        self.help = Some(help.into());
        self
    }

    /// `suggest`, when there is a suggestion.
    pub fn with_suggestion(mut self, name: Option<&str>) -> Self {
        if let Some(n) = name {
            self.suggest(n);
        }
        self
    }

    /// The primary label.
    pub fn primary(&self) -> Option<&Label> {
        self.labels.first()
    }
}

/// The byte-order mark some editors put at the start of a UTF-8 file.
pub const BOM: &str = "\u{FEFF}";

/// 1-based line and column of a byte offset in `text`, the one definition every output
/// uses (the human header, the snippet's line numbers, JSON, `twilit test`): a line ends
/// at LF, CRLF or a lone CR (as editors and the Language Server Protocol break lines);
/// the column counts characters (Unicode scalar values) from the line's start, so `ü`
/// is one column and a tab is one; a byte-order mark at the start of the file is not
/// counted. (LSP's default unit, UTF-16, differs only after characters beyond U+FFFF,
/// which count one here and two there.)
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut off = offset.min(text.len());
    while !text.is_char_boundary(off) {
        off -= 1;
    }
    let bytes = text.as_bytes();
    let (mut line, mut line_start) = (1, 0);
    for (i, b) in bytes[..off].iter().enumerate() {
        // A CR followed by LF ends its line at the LF.
        if *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
            line_start = i + 1;
        }
    }
    let mut end = off;
    // An offset on the LF of a CRLF is the end of the line, after its last character.
    if end > line_start && bytes[end - 1] == b'\r' {
        end -= 1;
    }
    let mut col = text[line_start..end].chars().count() + 1;
    if line_start == 0 && text.starts_with(BOM) && end > 0 {
        col -= 1;
    }
    (line, col)
}

/// Longest quoted text a message shows whole; longer is cut in the middle.
const MAX_QUOTED: usize = 80;
/// Longest message shown whole (after quotes are cut); longer keeps its start and end.
const MAX_MESSAGE: usize = 400;

/// A message with every `` `quoted` `` run longer than 80 characters cut to its start and
/// end, any message still longer than 400 characters cut in its middle (a 65 KB expression
/// that failed is named, not printed), and hidden characters written as `<U+200D>` (never
/// echoed raw).
pub fn abbreviate(message: &str) -> Cow<'_, str> {
    let quoted = abbreviate_quotes(message);
    let n = quoted.chars().count();
    if n <= MAX_MESSAGE {
        return quoted;
    }
    let head: String = quoted.chars().take(MAX_MESSAGE - 100).collect();
    let tail: String = quoted.chars().skip(n - 80).collect();
    Cow::Owned(format!("{head} … {tail}"))
}

fn abbreviate_quotes(message: &str) -> Cow<'_, str> {
    let long = message.split('`').skip(1).step_by(2).any(|q| q.chars().count() > MAX_QUOTED);
    let escaped = chars::escape_hidden(message);
    if !long {
        return escaped;
    }
    let mut out = String::with_capacity(256);
    let mut cut = None;
    for (i, part) in escaped.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // The length goes after the closing quote of the run it measures.
        if let Some(n) = cut.take() {
            out.push_str(&format!(" ({n} characters)"));
        }
        let n = part.chars().count();
        // A command to run (`twilit test PATH --transcript`) is copied as it is: cut, it
        // would not run. The whole message's limit still holds.
        let command = part.starts_with("twilit ");
        if i % 2 == 1 && n > MAX_QUOTED && !command {
            let head: String = part.chars().take(50).collect();
            let tail: String = part.chars().skip(n - 20).collect();
            out.push_str(&format!("{head} … {tail}"));
            cut = Some(n);
        } else {
            out.push_str(part);
        }
    }
    Cow::Owned(out)
}

/// The closest candidate to `name` by edit distance, if it is close enough to be a typo.
/// Failing that, the one candidate of which `name` is a whole word (`active` for
/// `active_player`), when only one is.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    let limit = (len / 3).max(1);
    let candidates: Vec<&'a str> = candidates.into_iter().collect();
    // Two names whose lengths differ by more than `limit` are further apart than that, and
    // a name longer than any a designer types is not a typo: neither is measured (each
    // measure costs the product of the lengths).
    let near = |c: &&str| len <= MAX_TYPO_LEN && c.chars().count().abs_diff(len) <= limit;
    let close = (candidates.iter().copied())
        .filter(near)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= limit && *c != name)
        .min_by_key(|(d, c)| (*d, c.len()))
        .map(|(_, c)| c);
    if close.is_some() || name.chars().count() < 3 {
        return close;
    }
    let mut words =
        candidates.iter().copied().filter(|c| *c != name && c.split('_').any(|w| w.eq_ignore_ascii_case(name)));
    match (words.next(), words.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The longest name a did-you-mean is worked out for.
const MAX_TYPO_LEN: usize = 200;

/// Edit distance over characters, case-insensitive, counting a swap of two neighbouring
/// characters as one edit (`mian` is one edit from `main`). Three rows of the table are
/// kept (a swap looks two back), not the whole of it.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let w = b.len() + 1;
    let (mut two_back, mut prev, mut row) = (vec![0usize; w], (0..w).collect::<Vec<_>>(), vec![0usize; w]);
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(two_back[j - 2] + 1);
            }
            row[j] = best;
        }
        std::mem::swap(&mut two_back, &mut prev);
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncdé f", 7), (2, 4));
        assert_eq!(line_col("ab\ncdé f", 8), (2, 5));
        assert_eq!(line_col("x", 0), (1, 1));
    }

    #[test]
    fn line_col_agrees_under_every_line_ending_and_a_bom() {
        // The same `x` at line 3, column 3 whatever ends the lines.
        for text in ["a\nbb\ncdx\n", "a\r\nbb\r\ncdx\r\n", "a\rbb\rcdx\r", "\u{FEFF}a\nbb\ncdx"] {
            assert_eq!(line_col(text, text.find('x').unwrap()), (3, 3), "{text:?}");
        }
        assert_eq!(line_col("\u{FEFF}abc", 4), (1, 2), "the BOM is not a column");
        assert_eq!(line_col("ab\r\ncd", 3), (1, 3), "the LF of a CRLF ends line 1");
        assert_eq!(line_col("ab\r\ncd", 4), (2, 1));
        let text = "name: \"üüüü\" x";
        assert_eq!(line_col(text, text.find('x').unwrap()), (1, 14), "characters, not bytes");
    }

    #[test]
    fn long_quotes_are_cut_and_hidden_characters_named() {
        let long = format!("expected `{}` to hold", "x + ".repeat(100));
        let short = abbreviate(&long);
        assert!(short.len() < 160, "{short}");
        assert!(short.starts_with("expected `x + x") && short.ends_with("characters) to hold"), "{short}");
        // A command is never cut: it is there to be copied and run.
        let long_path = format!("run `twilit test {}/s.yaml --transcript` to see", "dir/".repeat(30));
        assert_eq!(abbreviate(&long_path), long_path);
        assert_eq!(abbreviate("found `a\u{200D}`"), "found `a<U+200D>`");
        assert_eq!(abbreviate("plain `text`"), "plain `text`");
        let unquoted = format!("expected {} is 3", "1, ".repeat(1000));
        let short = abbreviate(&unquoted);
        assert!(short.chars().count() < 400 && short.ends_with(", 1,  is 3"), "{short}");
    }

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("Ad", ["Add", "Remove"]), Some("Add"));
        assert_eq!(did_you_mean("mian", ["main", "combat"]), Some("main"));
        assert_eq!(edit_distance("mian", "main"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abcdef", "badcfe"), 3);
        // Names far longer than a designer types are not measured (each measure costs the
        // product of the lengths): a 30,000-letter name once took gigabytes.
        let long = "x".repeat(30_000);
        let near_long = format!("{long}y");
        assert_eq!(did_you_mean(&long, [near_long.as_str()]), None);
        assert_eq!(did_you_mean("xyzzy", ["Add", "Remove"]), None);
        // A whole word of one candidate only.
        let actions = ["until_all_pass", "active_player", "one_each", "none"];
        assert_eq!(did_you_mean("active", actions), Some("active_player"));
        assert_eq!(did_you_mean("pass", actions), Some("until_all_pass"));
        assert_eq!(did_you_mean("turn", ["start_of_turn", "end_of_turn"]), None, "two candidates: no guess");
        assert_eq!(did_you_mean("of", ["start_of_turn"]), None, "too short to tell");
    }
}
