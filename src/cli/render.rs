//! Rendering diagnostics: human output through miette, or one JSON object per line.
//! The only place that turns `Diagnostic` data into text.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode};

use crate::diag::{Diagnostic, Severity, SourceMap};

/// Output styles for diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// miette's graphical report, for people.
    Human,
    /// One JSON object per line, for editors and CI.
    Json,
}

/// A diagnostic bound to its source text, in the shape miette renders.
struct Report<'a> {
    diag: &'a Diagnostic,
    source: NamedSource<String>,
    related: Vec<Report<'a>>,
    /// Which labels of `diag` this report shows (those in its file).
    labels: Vec<usize>,
    /// A secondary location in another file, shown as a note under the main report.
    note: bool,
}

impl Report<'_> {
    fn message(&self) -> &str {
        match self.labels.first() {
            Some(i) if self.note && !self.diag.labels[*i].message.is_empty() => &self.diag.labels[*i].message,
            _ => &self.diag.message,
        }
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
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
        self.diag.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let it = self.labels.iter().map(|i| {
            let l = &self.diag.labels[*i];
            let text = (!l.message.is_empty()).then(|| l.message.clone());
            LabeledSpan::new(text, l.span.start, l.span.end - l.span.start)
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

fn build<'a>(d: &'a Diagnostic, sources: &SourceMap) -> Option<Report<'a>> {
    let primary = d.primary()?;
    let file = sources.get(primary.file);
    let source = NamedSource::new(file.path.display().to_string(), file.text.clone());
    let mut labels = vec![];
    let mut related = vec![];
    for (i, l) in d.labels.iter().enumerate() {
        if l.file == primary.file {
            labels.push(i);
        } else {
            let f = sources.get(l.file);
            related.push(Report {
                diag: d,
                source: NamedSource::new(f.path.display().to_string(), f.text.clone()),
                related: vec![],
                labels: vec![i],
                note: true,
            });
        }
    }
    Some(Report { diag: d, source, related, labels, note: false })
}

/// Renders one diagnostic for people; `color` picks the theme, `width` wraps.
pub fn human(d: &Diagnostic, sources: &SourceMap, color: bool, width: usize) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(width).with_links(false);
    let mut out = String::new();
    match build(d, sources) {
        Some(r) => {
            if handler.render_report(&mut out, &r).is_err() {
                out = format!("{}: {}\n", d.code, d.message);
            }
        }
        None => out = format!("{}: {}\n", d.code, d.message),
    }
    out
}

/// Renders one diagnostic as a single line of JSON.
pub fn json(d: &Diagnostic, sources: &SourceMap) -> String {
    let (file, start, end, line, column) = match d.primary() {
        Some(l) => {
            let (line, col) = sources.line_col(l.file, l.span.start);
            (sources.get(l.file).path.display().to_string(), l.span.start, l.span.end, line, col)
        }
        None => (String::new(), 0, 0, 0, 0),
    };
    serde_json::json!({
        "file": file,
        "byte_start": start,
        "byte_end": end,
        "line": line,
        "column": column,
        "code": d.code,
        "severity": d.severity.as_str(),
        "message": d.message,
        "help": d.help,
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
