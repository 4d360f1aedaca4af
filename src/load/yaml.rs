//! The spanned YAML tree: one file's text parsed (with the event parser that
//! serde-saphyr re-exports) into `Node`s carrying exact byte spans and scalar styles.
//! Built iteratively, so no input can overflow the stack. Owns the resource limits
//! (nesting depth, scalar length, node count including alias expansion) and the
//! file-level YAML diagnostics: syntax errors, duplicate keys, empty files.
//!
//! This is the only file that touches the YAML crate.

use std::collections::HashMap;

use serde_saphyr::granit_parser::{ErrorKind, Event, Options, Parser, ScalarStyle as Style, ScanError};

use super::scalar::{resolve_plain, Plain, ScalarStyle};
use crate::diag::{Diagnostic, FileId, Span};
use crate::limits::Limits;

/// Deepest nesting of mappings and sequences a file may have (`Limits::yaml_depth`, which
/// can only be lowered: the converters walk the tree recursively).
pub const MAX_DEPTH: usize = Limits::DEFAULT.yaml_depth;

/// One YAML node with its byte span in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What the node holds.
    pub kind: NodeKind,
    /// Where it is (for block mappings and sequences: first entry to end of the last).
    pub span: Span,
}

/// The shape of a node.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// A mapping, entries in file order (duplicate keys already removed and reported).
    Map(Vec<(Node, Node)>),
    /// A sequence.
    Seq(Vec<Node>),
    /// A scalar.
    Scalar(Scalar),
    /// A node already reported as broken (e.g. too large); converters skip it silently.
    Invalid,
}

/// A scalar's text (after YAML escapes and folding) and how it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Scalar {
    /// The value after YAML processing.
    pub text: String,
    /// Plain, quoted or block.
    pub style: ScalarStyle,
}

impl Node {
    /// The text of a scalar node.
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Scalar(s) => Some(&s.text),
            _ => None,
        }
    }

    /// True for `~`, `null` and empty values (plain only).
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, NodeKind::Scalar(s) if s.style == ScalarStyle::Plain
            && resolve_plain(&s.text) == Plain::Null)
    }

    /// Short description of the node's type for messages ("a mapping", "text `x`").
    pub fn describe(&self) -> String {
        match &self.kind {
            NodeKind::Map(_) => "a mapping".into(),
            NodeKind::Seq(_) => "a list".into(),
            NodeKind::Invalid => "an invalid value".into(),
            NodeKind::Scalar(s) if s.style != ScalarStyle::Plain => quote_short("text", &s.text),
            NodeKind::Scalar(s) => match resolve_plain(&s.text) {
                Plain::Null => "nothing".into(),
                Plain::Bool(_) => "a boolean".into(),
                Plain::Int(_) => "an integer".into(),
                Plain::Float(_) => "a decimal number".into(),
                Plain::Str => quote_short("text", &s.text),
            },
        }
    }
}

/// "text `abc`" for short one-line values, else just "text".
fn quote_short(what: &str, text: &str) -> String {
    if text.len() <= 40 && !text.contains(['\n', '`']) {
        format!("{what} `{text}`")
    } else {
        what.to_string()
    }
}

/// An open mapping or sequence.
struct Frame {
    items: Vec<Node>,
    is_map: bool,
    start: usize,
    anchor: usize,
    nodes_before: usize,
    bytes_before: usize,
}

/// Why building stopped early.
struct Stop;

/// Builds the tree from parser events, enforcing the limits.
struct Builder<'a> {
    file: FileId,
    text: &'a str,
    stack: Vec<Frame>,
    root: Option<Node>,
    /// Each anchored node with the values and scalar bytes it holds.
    anchors: HashMap<usize, (Node, Size)>,
    nodes: usize,
    bytes: usize,
    limits: Limits,
    diags: Vec<Diagnostic>,
}

/// What a node holds: values and scalar bytes (an alias copies both).
#[derive(Debug, Clone, Copy)]
struct Size {
    nodes: usize,
    bytes: usize,
}

/// Parses one file's text into its root node (`None` when empty or unusable) and the
/// diagnostics found on the way.
pub fn parse(file: FileId, text: &str) -> (Option<Node>, Vec<Diagnostic>) {
    parse_with(file, text, &Limits::DEFAULT)
}

/// `parse` under the caller's limits.
pub fn parse_with(file: FileId, text: &str, limits: &Limits) -> (Option<Node>, Vec<Diagnostic>) {
    let (stack, anchors, limits) = (Vec::new(), HashMap::new(), *limits);
    let mut b = Builder { file, text, stack, root: None, anchors, nodes: 0, bytes: 0, limits, diags: Vec::new() };
    let done = b.run();
    let root = if done.is_ok() { b.root.take() } else { None };
    let root = match root {
        Some(n) if !(n.is_null() && n.span.is_empty()) => Some(n),
        _ if done.is_ok() => {
            b.diags.push(
                Diagnostic::error("empty-file", "this file is empty", file, 0..0)
                    .with_help("a file holds a game, a faction, a scenario, one card or a list of cards"),
            );
            None
        }
        _ => None,
    };
    (root, b.diags)
}

fn parser_options(depth: usize) -> Options {
    let mut o = Options::default();
    o.set_emit_comments(false);
    o.flow_nesting_limit = depth * 2;
    o.block_nesting_limit = depth * 2;
    o
}

impl Builder<'_> {
    fn run(&mut self) -> Result<(), Stop> {
        let mut parser = Parser::new_from_str_with_options(self.text, parser_options(self.depth()));
        let mut documents = 0;
        while let Some(item) = parser.next_event() {
            let (event, span) = item.map_err(|e| self.scan_error(&e))?;
            let sp = self.span_of(span.start.byte_offset(), span.end.byte_offset());
            if let Event::DocumentStart(..) = event {
                documents += 1;
                if documents > 1 {
                    self.second_document(sp);
                    return Ok(()); // keep the first document
                }
            }
            self.event(event, sp)?;
        }
        Ok(())
    }

    fn event(&mut self, event: Event<'_>, sp: Span) -> Result<(), Stop> {
        if let Event::Scalar(.., Some(tag))
        | Event::SequenceStart(_, _, Some(tag))
        | Event::MappingStart(_, _, Some(tag)) = &event
        {
            self.tag(&tag.original(), &sp);
        }
        match event {
            Event::Scalar(text, style, anchor, _) => self.scalar(&text, style, anchor, sp),
            Event::SequenceStart(_, anchor, _) => self.open(false, anchor, sp),
            Event::MappingStart(_, anchor, _) => self.open(true, anchor, sp),
            Event::SequenceEnd | Event::MappingEnd => self.close(sp),
            Event::Alias(id) => self.alias(id, sp),
            _ => Ok(()),
        }
    }

    /// A byte span from parser offsets, clamped into the file.
    fn span_of(&self, start: Option<usize>, end: Option<usize>) -> Span {
        let len = self.text.len();
        let s = floor_char(self.text, start.unwrap_or(0).min(len));
        let e = floor_char(self.text, end.unwrap_or(s).clamp(s, len));
        s..e
    }

    fn scalar(&mut self, text: &str, style: Style, anchor: usize, mut sp: Span) -> Result<(), Stop> {
        let style = match style {
            Style::SingleQuoted => ScalarStyle::SingleQuoted,
            Style::DoubleQuoted => ScalarStyle::DoubleQuoted,
            Style::Literal => ScalarStyle::Literal,
            Style::Folded => ScalarStyle::Folded,
            _ => ScalarStyle::Plain,
        };
        if matches!(style, ScalarStyle::Literal | ScalarStyle::Folded) {
            let trimmed = self.text[sp.clone()].trim_end().len();
            sp.end = sp.start + trimmed;
        }
        let node = if text.len() > self.limits.yaml_value_bytes {
            self.too_large_scalar(text.len(), sp.clone());
            Node { kind: NodeKind::Invalid, span: sp }
        } else {
            Node { kind: NodeKind::Scalar(Scalar { text: text.to_string(), style }), span: sp }
        };
        let size = Size { nodes: 1, bytes: text.len() };
        self.count(size, &node.span)?;
        self.finish(node, anchor, size)
    }

    /// A tag changes nothing: every value is read by its field's own type, so `!!binary`
    /// text stays text and `!!int "3"` is still quoted text. Said, not ignored silently.
    fn tag(&mut self, tag: &str, sp: &Span) {
        // The node's span may begin after its tag; label from the tag as written when it is near.
        // (A window of 256 bytes back, moved to a character boundary: the text may hold
        // multi-byte characters, such as the U+FFFD that replaced invalid UTF-8.)
        let before = &self.text[floor_char(self.text, sp.start.saturating_sub(256))..sp.start];
        let start = before.rfind(tag).map_or(sp.start, |i| sp.start - before.len() + i);
        let at = floor_char(self.text, start)..floor_char(self.text, (start + tag.len()).min(self.text.len()));
        let label = if at.is_empty() { sp.clone() } else { at };
        let d = Diagnostic::warning("yaml-tag", format!("the YAML tag `{tag}` is ignored"), self.file, label)
            .with_label("ignored")
            .with_help("remove it: Twilit reads each value by the type its field expects, whatever its tag");
        self.diags.push(d);
    }

    fn too_large_scalar(&mut self, len: usize, sp: Span) {
        let max = self.limits.yaml_value_bytes;
        let msg = format!("this value is {} bytes; values are limited to {max} bytes", len);
        let advice = Limits::advice("yaml_value_bytes");
        // Its first line is labelled: a whole 64 KiB value would be echoed line by line.
        let first_line = self.text[sp.clone()].find(['\n', '\r']).map_or(sp.end, |i| sp.start + i);
        let d = Diagnostic::error("too-large", msg, self.file, sp.start..first_line)
            .with_label("too large")
            .with_help(format!("split long text or scripts into several fields or procedures ({advice})"));
        self.diags.push(d);
    }

    fn open(&mut self, is_map: bool, anchor: usize, sp: Span) -> Result<(), Stop> {
        if self.stack.len() >= self.depth() {
            let d = self.too_deep(sp);
            self.diags.push(d);
            return Err(Stop);
        }
        self.count(Size { nodes: 1, bytes: 0 }, &sp)?;
        let (nodes_before, bytes_before) = (self.nodes, self.bytes);
        let frame = Frame { items: Vec::new(), is_map, start: sp.start, anchor, nodes_before, bytes_before };
        self.stack.push(frame);
        Ok(())
    }

    fn close(&mut self, end: Span) -> Result<(), Stop> {
        let Some(frame) = self.stack.pop() else { return Ok(()) };
        let last_end = frame.items.last().map_or(end.end, |n| n.span.end);
        // Flow collections end at their bracket; block ones at their last entry.
        let stop = if end.end > end.start { end.end } else { last_end.max(frame.start) };
        let span = frame.start..stop;
        let size = Size { nodes: self.nodes - frame.nodes_before + 1, bytes: self.bytes - frame.bytes_before };
        let kind = if frame.is_map { NodeKind::Map(self.pairs(frame.items)) } else { NodeKind::Seq(frame.items) };
        self.finish(Node { kind, span }, frame.anchor, size)
    }

    /// Pairs up a mapping's keys and values, reporting and dropping duplicate keys.
    fn pairs(&mut self, items: Vec<Node>) -> Vec<(Node, Node)> {
        let mut out: Vec<(Node, Node)> = Vec::with_capacity(items.len() / 2);
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut it = items.into_iter();
        while let (Some(k), Some(v)) = (it.next(), it.next()) {
            if let Some(text) = k.text() {
                if let Some(&first) = seen.get(text) {
                    self.duplicate_key(text, &out[first].0.span, &k.span);
                    continue;
                }
                seen.insert(text.to_string(), out.len());
            }
            out.push((k, v));
        }
        out
    }

    fn duplicate_key(&mut self, key: &str, first: &Span, second: &Span) {
        let d = Diagnostic::error("duplicate-key", format!("duplicate key `{key}`"), self.file, second.clone())
            .with_label("defined again here")
            .with_secondary(self.file, first.clone(), "first defined here")
            .with_help("remove one of them; YAML keys must be unique in a mapping");
        self.diags.push(d);
    }

    /// Adds a finished node to its parent (or makes it the root), remembering anchors.
    fn finish(&mut self, node: Node, anchor: usize, size: Size) -> Result<(), Stop> {
        if anchor != 0 {
            self.anchors.insert(anchor, (node.clone(), size));
        }
        match self.stack.last_mut() {
            Some(parent) => parent.items.push(node),
            None => self.root = Some(node),
        }
        Ok(())
    }

    fn alias(&mut self, id: usize, sp: Span) -> Result<(), Stop> {
        let Some(size) = self.anchors.get(&id).map(|a| a.1) else {
            self.diags.push(Diagnostic::error("yaml-syntax", "unknown alias", self.file, sp));
            return Err(Stop);
        };
        // Count before copying, so a bomb stops before it allocates.
        self.count(size, &sp)?;
        let node = self.anchors[&id].0.clone();
        self.finish(node, 0, size)
    }

    /// Counts `n` more values and bytes, failing once the file's budget is spent.
    fn count(&mut self, n: Size, sp: &Span) -> Result<(), Stop> {
        self.nodes = self.nodes.saturating_add(n.nodes);
        self.bytes = self.bytes.saturating_add(n.bytes);
        let (max_nodes, max_bytes) = (self.limits.yaml_values, self.limits.yaml_bytes);
        let (msg, limit) = if self.nodes > max_nodes {
            (format!("this file expands to more than {max_nodes} values (are aliases nested?)"), "yaml_values")
        } else if self.bytes > max_bytes {
            (
                format!("this file expands to more than {max_bytes} bytes of values (aliases copy what they name)"),
                "yaml_bytes",
            )
        } else {
            return Ok(());
        };
        let advice = Limits::advice(limit);
        let d = Diagnostic::error("too-large", msg, self.file, sp.clone())
            .with_label("budget exceeded here")
            .with_help(format!("avoid aliases (`*name`) of large or nested anchored values ({advice})"));
        self.diags.push(d);
        Err(Stop)
    }

    /// The deepest nesting allowed: the caller's limit, never above the default.
    fn depth(&self) -> usize {
        self.limits.yaml_depth.min(MAX_DEPTH)
    }

    fn too_deep(&self, at: Span) -> Diagnostic {
        let msg = format!("values are nested more than {} levels deep", self.depth());
        Diagnostic::error("too-deep", msg, self.file, at)
            .with_label("too deep here")
            .with_help(format!("flatten the structure ({})", Limits::advice("yaml_depth")))
    }

    fn scan_error(&mut self, e: &ScanError) -> Stop {
        let m = e.marker();
        let at = m.byte_offset().unwrap_or_else(|| offset_of(self.text, m.line(), m.col()));
        let mut at = floor_char(self.text, at.min(self.text.len()));
        if is_tab_error(e.kind()) {
            // Point at the tab itself rather than where the scanner noticed it.
            at += self.text[at..].find('\t').filter(|&i| i < 4096).unwrap_or(0);
        }
        let end = self.text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        let d = match e.kind() {
            ErrorKind::RecursionLimitExceeded => self.too_deep(at..end),
            kind => Diagnostic::error("yaml-syntax", format!("invalid YAML: {kind}"), self.file, at..end)
                .with_label(kind.to_string())
                .with_help_opt(
                    line_help(self.text, at, kind)
                        .or_else(|| syntax_help(kind))
                        .or_else(|| beside_dash(self.text, at))
                        .or_else(|| dedented(self.text, at))
                        .or_else(|| indented(self.text, at)),
                ),
        };
        self.diags.push(d);
        Stop
    }

    fn second_document(&mut self, sp: Span) {
        let d = Diagnostic::error("yaml-syntax", "a file holds one YAML document", self.file, sp)
            .with_label("a second document starts here")
            .with_help("move the second document to its own file");
        self.diags.push(d);
    }
}

fn is_tab_error(kind: &ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::TabInBlockIndentation
            | ErrorKind::TabInIndentation
            | ErrorKind::TabNotAllowed
            | ErrorKind::TabInPlainScalar
            | ErrorKind::TabAtBlockScalarStart
    )
}

fn syntax_help(kind: &ErrorKind) -> Option<String> {
    let help = match kind {
        k if is_tab_error(k) => "indent with spaces; YAML does not allow tabs in indentation",
        ErrorKind::MappingValueNotAllowed => "quote values that contain `: `, e.g. \"Exert[x: selector]\"",
        ErrorKind::UnclosedFlowCollection { .. } | ErrorKind::UnexpectedEofFlowSequence => "a `[` or `{` is not closed",
        _ => return None,
    };
    Some(help.to_string())
}

/// What the line the parser stopped on most likely lacks, when its shape says it: a space
/// after a key's colon (`cost:4` is one plain word), or a key indented deeper than the
/// keys of its mapping (read as the value of the key above, which already has one).
fn line_help(text: &str, at: usize, kind: &ErrorKind) -> Option<String> {
    let (_, line, above) = around(text, at);
    let body = line.trim_start_matches(' ');
    let key_len = body.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(body.len());
    let after = &body[key_len..];
    if key_len > 0 && after.starts_with(':') && after.len() > 1 && !after[1..].starts_with([' ', '\t']) {
        let (key, value) = (&body[..key_len], &after[1..]);
        return Some(format!(
            "put a space after the colon: `{key}: {value}` (without it, `{key}:{value}` is one word)"
        ));
    }
    // Keys are lower-case words; `Morning: ...` deeper down is text going on.
    let key_like = body[..key_len].bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if matches!(kind, ErrorKind::MappingValueNotAllowed) && key_len > 0 && key_like && after.starts_with(": ") {
        // A comment after the key above (`draws:   # how many`) is no value of it.
        let above = above.map(|a| a.find(" #").map_or(a, |i| &a[..i]))?;
        let above_body = above.trim_start_matches([' ', '-']);
        // The line above is itself `key: value`: this one is one more key of it, too deep.
        let keys_at = above.len() - above_body.len();
        if indent(line) > keys_at && above_body.contains(": ") && !above.trim_end().ends_with(':') {
            let column = keys_at + 1;
            return Some(format!(
                "this line is indented more than the key above it: a key of the same mapping goes at column {column}"
            ));
        }
    }
    None
}

/// A key lined up with the `- ` of the list item above it (`- when: ...` then `effect:`
/// under the dash): the parser wanted another `-`. The item's keys line up after its dash.
fn beside_dash(text: &str, at: usize) -> Option<String> {
    let (start, line, above) = around(text, at);
    let above = above?;
    let body = line.trim_start_matches(' ');
    let dash = above.trim_start_matches(' ');
    let (here, there) = (indent(line), indent(above));
    let keyed = !body.starts_with('-') && body.contains(':');
    let item = dash.strip_prefix('-').filter(|rest| rest.starts_with(' '))?;
    // The item's first key stands after the dash and the spaces that follow it.
    let first_key = there + 1 + item.len() - item.trim_start_matches(' ').len();
    (start + here == at && here == there && keyed).then(|| {
        format!(
            "this line stands under the `-` of the list item above: a key of that item goes at column {}, under its first key (or start a new item with `- `)",
            first_key + 1
        )
    })
}

/// A line indented less than the one above it, where the parser stops at its first
/// character: most often a line of a block (a `|` script, a list item's fields) that
/// slipped left, which the parser can only call by what it expected next.
fn dedented(text: &str, at: usize) -> Option<String> {
    let (start, line, above) = around(text, at);
    if start + indent(line) != at {
        return None;
    }
    let (here, there) = (indent(line), indent(above?));
    (here < there).then(|| {
        format!(
            "this line is indented less than the line above it: if it goes on that block, indent it to column {}",
            there + 1
        )
    })
}

/// A key indented more than the key above it, whose value is on that key's line (`deck: {
/// ... }`, so nothing can be nested under it): most often one space too many.
fn indented(text: &str, at: usize) -> Option<String> {
    let (start, line, above) = around(text, at);
    let above = above?;
    let (here, there) = (indent(line), indent(above));
    let body = line.trim_start_matches(' ');
    let keyed = |l: &str| !l.starts_with('-') && l.split_once(':').is_some_and(|(k, _)| !k.contains(' '));
    // The key above has its value on its line (`deck: { ... }`, `rank: 3`), not below it.
    let above_valued =
        above.trim_start().split_once(':').is_some_and(|(_, v)| !v.trim().is_empty() && !v.trim().starts_with('#'));
    (start + here == at && here > there && keyed(body) && keyed(above.trim_start()) && above_valued).then(|| {
        format!(
            "this key is indented more than the key above it, whose value is on the same line: line it up with that key, at column {}",
            there + 1
        )
    })
}

/// The line holding byte `at`: where it starts, its text (without its end), and the nearest
/// line above it that is neither blank nor a comment.
fn around(text: &str, at: usize) -> (usize, &str, Option<&str>) {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].split('\n').next().unwrap_or_default().trim_end_matches('\r');
    let above = text[..start].lines().rev().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    (start, line, above)
}

/// How many spaces a line is indented by.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Byte offset of a 1-based line and 0-based character column.
fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let rest = &text[start.min(text.len())..];
    start + rest.char_indices().nth(col).map_or(rest.len(), |(i, _)| i)
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<String> {
        parse(FileId(0), text).1.into_iter().map(|d| d.code).collect()
    }

    #[test]
    fn spans_cover_keys_values_and_collections() {
        let src = "a: 1\nb: [x, {k: 'v'}]\nc:\n  - d: e\n";
        let root = parse(FileId(0), src).0.unwrap();
        let NodeKind::Map(entries) = &root.kind else { panic!() };
        assert_eq!(&src[entries[0].0.span.clone()], "a");
        assert_eq!(&src[entries[1].1.span.clone()], "[x, {k: 'v'}]");
        assert_eq!(&src[entries[2].1.span.clone()], "- d: e");
        assert_eq!(&src[root.span.clone()], src.trim_end());
    }

    #[test]
    fn duplicate_key_reports_second_with_first_as_secondary() {
        let src = "a: 1\nb: 2\na: 3\n";
        let (root, diags) = parse(FileId(0), src);
        assert_eq!(diags.len(), 1);
        let d = &diags[0];
        assert_eq!(d.code, "twilit::duplicate-key");
        assert_eq!(d.labels[0].span, 10..11);
        assert_eq!(d.labels[1].span, 0..1);
        let NodeKind::Map(entries) = root.unwrap().kind else { panic!() };
        assert_eq!(entries.len(), 2);
    }

    #[test]
    fn empty_and_comment_only_files_are_empty() {
        for src in ["", "# nothing\n", "---\n", "\n\n"] {
            assert_eq!(codes(src), ["twilit::empty-file"], "{src:?}");
        }
    }

    #[test]
    fn syntax_errors_point_at_the_reported_place() {
        let src = "a: [1, 2\nb: 3\n";
        let (root, diags) = parse(FileId(0), src);
        assert!(root.is_none());
        assert_eq!(diags[0].code, "twilit::yaml-syntax");
        assert_eq!(diags[0].labels[0].span, 10..11);
        // A line of a block that slipped left: the help says how far to indent it.
        let slipped = parse(FileId(0), "a:\n  - name: x\n    b: 1\n  c: 2\n").1;
        assert_eq!(slipped[0].labels[0].span, 26..27);
        let help = slipped[0].help.as_deref().unwrap_or_default();
        assert!(help.contains("indented less than the line above it") && help.ends_with("column 5"), "{help}");
        // A key without its space, and a key deeper than its mapping's others.
        let glued = parse(FileId(0), "- id: x\n  cost:4\n").1;
        assert_eq!(
            glued[0].help.as_deref(),
            Some("put a space after the colon: `cost: 4` (without it, `cost:4` is one word)")
        );
        let deep = parse(FileId(0), "- id: x\n  name: y\n    cost: 4\n").1;
        let help = deep[0].help.as_deref().unwrap_or_default();
        assert!(
            help.starts_with("this line is indented more than the key above it") && help.ends_with("column 3"),
            "{help}"
        );
        // A value with `: ` in it under a key with a comment: the value wants quotes, and the
        // key above has no value on its line (the comment is none).
        let commented = parse(FileId(0), "draws:   # how many\n  value: table n { 1: 2 }\n").1;
        assert_eq!(commented[0].help.as_deref(), Some("quote values that contain `: `, e.g. \"Exert[x: selector]\""));
        // A key one space further in than its sibling, whose value stands on its line.
        let over = parse(FileId(0), "zones:\n  deck: { per: game }\n   hand: { per: player }\n").1;
        assert_eq!(
            over[0].help.as_deref(),
            Some("this key is indented more than the key above it, whose value is on the same line: line it up with that key, at column 3")
        );
        // A line above that starts with a character of several bytes is read whole.
        assert_eq!(beside_dash("a:\n    é: 1\n    b: 2\n", 16), None);
        // A value with `: ` in it is still told to be quoted.
        let text = parse(FileId(0), "- id: x\n  text: Play this.\n    Morning: Draw a card.\n").1;
        assert!(text[0].help.as_deref().unwrap_or_default().starts_with("quote values"), "{:?}", text[0].help);
        let colon = parse(FileId(0), "- id: x\n  play: Exert[x: selector]\n").1;
        assert!(colon[0].help.as_deref().unwrap_or_default().starts_with("quote values"), "{:?}", colon[0].help);
        let tabs = parse(FileId(0), "- id: x\n\tname: y\n").1;
        assert_eq!(tabs[0].code, "twilit::yaml-syntax");
        assert!(tabs[0].help.as_deref().unwrap().contains("tabs"));
        assert_eq!(tabs[0].labels[0].span, 8..9);
        let (first, two) = parse(FileId(0), "a: 1\n---\nb: 2\n");
        assert_eq!(two[0].code, "twilit::yaml-syntax");
        assert_eq!(first.unwrap().span, 0..4);
        assert_eq!(offset_of("ab\ncdé f", 2, 3), 7);
    }

    fn on_small_stack(text: String) -> Vec<String> {
        std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(move || codes(&text))
            .unwrap()
            .join()
            .expect("no stack overflow")
    }

    #[test]
    fn deep_nesting_is_refused_without_overflowing_the_stack() {
        let n = 100_000;
        assert_eq!(on_small_stack("[".repeat(n) + &"]".repeat(n)), ["twilit::too-deep"]);
        assert_eq!(on_small_stack("- ".repeat(n) + "x\n"), ["twilit::too-deep"]);
        assert_eq!(on_small_stack("{a: ".repeat(n) + "1" + &"}".repeat(n)), ["twilit::too-deep"]);
        let mut block = String::new();
        for i in 0..200 {
            block += &format!("{}k{i}:\n", " ".repeat(i));
        }
        assert_eq!(on_small_stack(block), ["twilit::too-deep"]);
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(on_small_stack(ok).is_empty());
    }

    #[test]
    fn alias_bomb_is_refused() {
        let mut src = String::from("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (prev, name) in
            ["a", "b", "c", "d", "e", "f", "g", "h"].iter().zip(["b", "c", "d", "e", "f", "g", "h", "i"])
        {
            src += &format!("{name}: &{name} [{}]\n", vec![format!("*{prev}"); 9].join(","));
        }
        let start = std::time::Instant::now();
        assert_eq!(codes(&src), ["twilit::too-large"]);
        assert!(start.elapsed().as_secs() < 10);
        // A modest alias is copied with the anchor's spans.
        let (root, diags) = parse(FileId(0), "a: &x {k: v}\nb: *x\n");
        assert!(diags.is_empty());
        let NodeKind::Map(e) = root.unwrap().kind else { panic!() };
        assert_eq!(e[0].1, e[1].1);
    }

    #[test]
    fn ten_megabyte_scalar_is_refused_quickly() {
        let src = format!("- id: big\n  name: \"{}\"\n  text: {}\n", "x".repeat(10 << 20), "y".repeat(70_000));
        let start = std::time::Instant::now();
        let (root, diags) = parse(FileId(0), &src);
        assert!(start.elapsed().as_secs() < 10);
        let c: Vec<_> = diags.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(c, ["twilit::too-large", "twilit::too-large"]);
        assert_eq!(diags[0].labels[0].span.start, 18);
        assert!(root.is_some());
    }
}
