//! Rendering diagnostics: human output through miette, or one JSON object per line.
//! The only place that turns `Diagnostic` data into text.

use std::fmt;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, NamedSource, SourceCode,
    SourceSpan, SpanContents,
};

use crate::diag::{abbreviate, chars, Diagnostic, FileId, Severity, SourceMap, BOM};

/// Output styles for diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Text for people (diagnostics as miette's graphical reports).
    Human,
    /// One JSON object per line, for editors and CI.
    Json,
}

/// A diagnostic bound to its source text, in the shape miette renders.
struct Report<'a> {
    diag: &'a Diagnostic,
    source: NamedSource<Shown>,
    related: Vec<Report<'a>>,
    /// Which labels of `diag` this report shows (those in its file), with their spans in
    /// `source` (which may be clipped).
    labels: Vec<(usize, std::ops::Range<usize>)>,
    /// A secondary location in another file, shown as a note under the main report.
    note: bool,
}

impl Report<'_> {
    fn message(&self) -> &str {
        match self.labels.first() {
            Some((i, _)) if self.note && !self.diag.labels[*i].message.is_empty() => &self.diag.labels[*i].message,
            _ => &self.diag.message,
        }
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&abbreviate(self.message()))
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&abbreviate(self.message()))
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        (!self.note).then(|| Box::new(&self.diag.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        if self.note {
            return Some(miette::Severity::Advice);
        }
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        if self.note {
            return None;
        }
        self.diag.help.as_ref().map(|h| Box::new(abbreviate(h)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let it = self.labels.iter().map(|(i, span)| {
            let l = &self.diag.labels[*i];
            let text = (!l.message.is_empty()).then(|| abbreviate(&l.message).into_owned());
            // The diagnostic's own location is the header's, not whichever label comes first.
            let at = (span.start, span.end - span.start);
            if Some(*i) == self.labels.first().map(|(f, _)| *f) {
                LabeledSpan::new_primary_with_span(text, at)
            } else {
                LabeledSpan::new_with_span(text, at)
            }
        });
        Some(Box::new(it))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
    }
}

/// The text miette shows (prepared and clipped), and where each label shown starts by the
/// one definition of line and column (`diag::line_col`, on the file's own text). miette
/// counts columns in bytes of the text it is given, which is clipped, so the header's
/// position is taken from here instead.
struct Shown {
    text: String,
    /// (offset in `text`, 0-based line, 0-based column) of each label's start.
    starts: Vec<(usize, usize, usize)>,
}

impl SourceCode for Shown {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // Without context lines miette asks for the header's position; with them, for the snippet.
        let at = self.starts.iter().find(|(o, ..)| *o == span.offset()).filter(|_| before == 0 && after == 0);
        match at {
            Some(&(_, line, col)) => {
                Ok(Box::new(MietteSpanContents::new(inner.data(), *inner.span(), line, col, inner.line_count())))
            }
            None => Ok(inner),
        }
    }
}

/// The file's text as miette can show it without changing a byte offset beyond the BOM:
/// the BOM dropped (spans moved back by its length), each lone CR made an LF (miette's
/// snippet breaks lines only at LF and CRLF), and each hidden character (invisible,
/// direction, control) replaced by a visible one of the same length in bytes, so that
/// the snippet never echoes it raw.
fn prepare(text: &str, spans: &mut [std::ops::Range<usize>]) -> String {
    let (text, shift) = match text.strip_prefix(BOM) {
        Some(rest) => (rest, BOM.len()),
        None => (text, 0),
    };
    for s in spans.iter_mut() {
        *s = s.start.saturating_sub(shift)..s.end.saturating_sub(shift);
    }
    let bytes = text.as_bytes();
    let plain = |c: char| c.is_ascii() && !c.is_ascii_control() || c == '\n' || c == '\t';
    if text.chars().all(|c| plain(c) || (c != '\r' && chars::odd(c).is_none_or(|o| !o.hidden()))) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        match c {
            '\r' if bytes.get(i + 1) == Some(&b'\n') => out.push(c),
            '\r' => out.push('\n'),
            _ if chars::odd(c).is_some_and(|o| o.hidden()) => out.push_str(match c.len_utf8() {
                1 => "?",
                2 => "¤",
                3 => "\u{FFFD}",
                _ => "¤¤",
            }),
            _ => out.push(c),
        }
    }
    out
}

/// Files up to this size are shown whole to miette; larger ones through `window`.
const WHOLE_FILE: usize = 64 * 1024;
/// Lines of context kept around each label by `window`.
const CONTEXT_LINES: usize = 3;

/// The lines near the spans, the others emptied down to their line end (so every line
/// keeps its number), with `spans` moved to match: a diagnostic in a 10 MB file prepares
/// and clips kilobytes, not the whole text (300 diagnostics in such a file took seconds).
fn window<'t>(text: &'t str, spans: &mut [std::ops::Range<usize>]) -> std::borrow::Cow<'t, str> {
    if text.len() <= WHOLE_FILE || spans.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    // Each span's region: from the start of the line CONTEXT_LINES above it to the end of
    // the line CONTEXT_LINES below it.
    let up = |mut at: usize| {
        for _ in 0..=CONTEXT_LINES {
            match text[..at].rfind('\n') {
                Some(i) => at = i,
                None => return 0,
            }
        }
        at + 1
    };
    let down = |mut at: usize| {
        for _ in 0..=CONTEXT_LINES {
            match text[at..].find('\n') {
                Some(i) => at += i + 1,
                None => return text.len(),
            }
        }
        at
    };
    let mut regions: Vec<(usize, usize)> = spans
        .iter()
        .map(|s| {
            let (a, b) = (floor(text, s.start.min(text.len())), floor(text, s.end.min(text.len())));
            (up(a), down(b))
        })
        .collect();
    regions.sort_unstable();
    let mut merged: Vec<(usize, usize)> = vec![];
    for (a, b) in regions {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    // Rebuild: kept regions as they are, the text between them as its line ends only.
    let mut out = String::with_capacity(merged.iter().map(|(a, b)| b - a).sum::<usize>() + 4096);
    let mut moves: Vec<(usize, usize)> = vec![]; // (region start in text, its start in out)
    let mut at = 0;
    for (a, b) in merged {
        out.extend(std::iter::repeat_n('\n', text[at..a].matches('\n').count()));
        moves.push((a, out.len()));
        out.push_str(&text[a..b]);
        at = b;
    }
    out.extend(std::iter::repeat_n('\n', text[at..].matches('\n').count()));
    for s in spans.iter_mut() {
        let shift = |p: usize| {
            let k = moves.partition_point(|&(a, _)| a <= p).saturating_sub(1);
            let (a, o) = moves[k];
            o + p.saturating_sub(a)
        };
        *s = shift(s.start)..shift(s.end);
    }
    std::borrow::Cow::Owned(out)
}

/// Longest source line shown; longer lines are cut around the label so that a 10 MB
/// one-line value prints a short excerpt, not the whole line.
const MAX_LINE: usize = 160;

/// The file's text with over-long lines cut, and `spans` moved to match. Line numbers stay.
fn clip(text: &str, spans: &mut [std::ops::Range<usize>]) -> String {
    if !text.split('\n').any(|l| l.len() > MAX_LINE) {
        return text.to_string();
    }
    let original: Vec<std::ops::Range<usize>> = spans.to_vec();
    let mut out = String::with_capacity(text.len().min(1 << 20));
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let line_end = line_start + line.len();
        let body = line.trim_end_matches('\n');
        let anchor = original.iter().map(|s| s.start).find(|p| (line_start..line_end).contains(p));
        // Keep the line's start (so miette's column is right) unless the label lies far in.
        let far = anchor.filter(|a| body.len() > MAX_LINE && a - line_start > MAX_LINE - 40);
        let from = far.map_or(line_start, |a| floor(text, a - 40));
        let to = if body.len() > MAX_LINE {
            floor(text, (from + MAX_LINE).min(line_start + body.len()))
        } else {
            line_start + body.len()
        };
        if from > line_start {
            out.push('…');
        }
        let new_start = out.len();
        out.push_str(&text[from..to]);
        if body.len() > MAX_LINE {
            out.push('…');
        }
        for (s, o) in spans.iter_mut().zip(&original) {
            if (line_start..line_end.max(line_start + 1)).contains(&o.start) {
                let a = new_start + o.start.clamp(from, to) - from;
                let b = new_start + o.end.clamp(from, to) - from;
                *s = a..b.max(a);
            }
        }
        if line.ends_with('\n') {
            out.push('\n');
        }
        line_start = line_end;
    }
    out
}

fn floor(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The report miette renders; `None` without a label or when the primary label's file has
/// no text any more (see `SourceFile::text`). A note in such a file is left out.
fn build<'a>(d: &'a Diagnostic, sources: &SourceMap) -> Option<Report<'a>> {
    let primary = d.primary()?;
    if d.code == super::scope::NOT_CHECKED {
        // About a whole file: named, not quoted (its error, quoted just before, says where).
        let shown = Shown { text: String::new(), starts: vec![(0, 0, 0)] };
        let source = NamedSource::new(sources.get(primary.file).path.display().to_string(), shown);
        return Some(Report { diag: d, source, related: vec![], labels: vec![(0, 0..0)], note: false });
    }
    sources.get(primary.file).text()?;
    let mut related = vec![];
    let quotable = |l: &&crate::diag::Label| l.file != primary.file && sources.get(l.file).text().is_some();
    for (i, l) in d.labels.iter().enumerate().filter(|(_, l)| quotable(l)) {
        let (source, spans) = clipped(sources, l.file, &[i], d);
        related.push(Report { diag: d, source, related: vec![], labels: spans, note: true });
    }
    let mine: Vec<usize> = (0..d.labels.len()).filter(|i| d.labels[*i].file == primary.file).collect();
    let (source, labels) = clipped(sources, primary.file, &mine, d);
    Some(Report { diag: d, source, related, labels, note: false })
}

/// The named (prepared and clipped) source of `file` with the spans of the chosen labels.
fn clipped(
    sources: &SourceMap,
    file: FileId,
    which: &[usize],
    d: &Diagnostic,
) -> (NamedSource<Shown>, Vec<(usize, std::ops::Range<usize>)>) {
    let f = sources.get(file);
    let source = f.text().unwrap_or_default();
    let mut spans: Vec<std::ops::Range<usize>> = which.iter().map(|i| d.labels[*i].span.clone()).collect();
    let near = window(source, &mut spans);
    let prepared = prepare(&near, &mut spans);
    let text = clip(&prepared, &mut spans);
    let starts = which
        .iter()
        .zip(&spans)
        .map(|(i, s)| {
            let (line, col) = crate::diag::line_col(source, d.labels[*i].span.start);
            (s.start, line - 1, col - 1)
        })
        .collect();
    let shown = Shown { text, starts };
    (NamedSource::new(f.path.display().to_string(), shown), which.iter().copied().zip(spans).collect())
}

/// Renders one diagnostic for people; `color` picks the theme, `width` wraps.
pub fn human(d: &Diagnostic, sources: &SourceMap, color: bool, width: usize) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(width).with_links(false);
    let mut out = String::new();
    match build(d, sources) {
        Some(r) => {
            if handler.render_report(&mut out, &r).is_err() {
                out = format!("{}: {}\n", d.code, abbreviate(&d.message));
            }
        }
        None => out = unquoted(d, sources),
    }
    out
}

/// A diagnostic whose file cannot be quoted: it changed on disk after it was checked (its
/// text is not kept in memory, see `SourceFile::text`), so its spans may no longer fit it.
/// Says where by byte offsets, which stay true of the text that was checked.
fn unquoted(d: &Diagnostic, sources: &SourceMap) -> String {
    let mut out = format!("{}: {}\n", d.code, abbreviate(&d.message));
    if let Some(l) = d.primary() {
        let path = sources.get(l.file).path.display();
        let (start, end) = (l.span.start, l.span.end);
        out +=
            &format!("  at {path}, bytes {start}..{end} (the file changed after it was read, so it is not quoted)\n");
    }
    if let Some(h) = &d.help {
        out += &format!("  help: {}\n", abbreviate(h));
    }
    out
}

/// Renders one diagnostic as a single line of JSON.
pub fn json(d: &Diagnostic, sources: &SourceMap) -> String {
    let (file, start, end, line, column) = match d.primary() {
        Some(l) => {
            // No line and column when the file changed after it was checked.
            let (line, col) = sources.line_col(l.file, l.span.start).unzip();
            (sources.get(l.file).path.display().to_string(), l.span.start, l.span.end, line, col)
        }
        None => (String::new(), 0, 0, Some(0), Some(0)),
    };
    serde_json::json!({
        "file": file,
        "byte_start": start,
        "byte_end": end,
        "line": line,
        "column": column,
        "code": d.code,
        "severity": d.severity.as_str(),
        "message": abbreviate(&d.message),
        "help": d.help.as_deref().map(abbreviate),
    })
    .to_string()
}

/// Whether to color: never under NO_COLOR or when either stream is not a terminal.
pub fn want_color() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::io::stdout().is_terminal()
        && std::io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_changed_after_checking_is_named_but_not_quoted() {
        let mut sources = SourceMap::default();
        let gone = sources.add_on_disk("/nonexistent/twilit/cards.yaml", 40, 7);
        let kept = sources.add("game.yaml", "game: g\n".into());
        let d = Diagnostic::error("unknown-name", "no `gizmo`", gone, 10..13)
            .with_secondary(kept, 0..4, "declared here")
            .with_help("did you mean `gizmos`?");
        assert_eq!(
            human(&d, &sources, false, 100),
            "twilit::unknown-name: no `gizmo`\n  at /nonexistent/twilit/cards.yaml, bytes 10..13 \
             (the file changed after it was read, so it is not quoted)\n  help: did you mean `gizmos`?\n"
        );
        let j: serde_json::Value = serde_json::from_str(&json(&d, &sources)).unwrap();
        assert_eq!((j["line"].is_null(), j["column"].is_null(), &j["byte_start"]), (true, true, &10.into()));
        // A note in such a file is left out; the rest is quoted as usual.
        let d = Diagnostic::error("unknown-name", "no `g`", kept, 6..7).with_secondary(gone, 0..4, "used here");
        let shown = human(&d, &sources, false, 100);
        assert!(shown.contains("game.yaml:1:7") && !shown.contains("cards.yaml"), "{shown}");
    }

    /// A large file is shown through a window of lines around the labels; the snippet is
    /// the one the whole file would give (same lines, same numbers, same columns).
    #[test]
    fn a_diagnostic_in_a_large_file_shows_the_same_snippet_as_in_a_small_one() {
        let line = |i: usize| format!("line_{i:05}: {}\n", "x".repeat(60));
        let small: String = (0..50).map(line).collect();
        let large: String = (0..5000).map(line).collect();
        assert!(large.len() > super::WHOLE_FILE && small.len() < super::WHOLE_FILE);
        let mut sources = SourceMap::default();
        let (a, b) = (sources.add("f.yaml", small.clone()), sources.add("f.yaml", large.clone()));
        let at = |text: &str, i: usize| text.find(&format!("line_{i:05}")).unwrap();
        let render = |file, text: &str| {
            let (s, t) = (at(text, 40), at(text, 42));
            let d = Diagnostic::error("unknown-name", "here", file, s + 5..s + 10).with_secondary(
                file,
                t..t + 4,
                "and here",
            );
            human(&d, &sources, false, 100)
        };
        let (shown_small, shown_large) = (render(a, &small), render(b, &large));
        assert!(shown_large.contains("f.yaml:41:6") && shown_large.contains(" 41 │ line_00040"), "{shown_large}");
        assert_eq!(shown_small, shown_large);
    }
}
