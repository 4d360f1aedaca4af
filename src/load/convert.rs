//! Hand-written conversion helpers from the YAML tree to typed values: reading scalars,
//! lists, named maps and scripts, and reporting unknown fields (with did-you-mean),
//! missing fields and wrong types. Every helper records its problem and carries on, so
//! all errors of a file are collected.

use super::model::{Props, ScriptSrc, Sp, Value};
use super::scalar::{resolve_plain, Plain, ScalarStyle};
use super::yaml::{Node, NodeKind};
use crate::diag::{did_you_mean, Diagnostic, FileId, Span};
use crate::text::{Text, Texts};

/// The conversion context of one file.
pub struct Cx<'a> {
    /// The file being converted.
    pub file: FileId,
    /// Its text (for script span mapping).
    pub src: &'a str,
    /// Problems found so far.
    pub diags: Vec<Diagnostic>,
    /// Script texts seen so far, shared by the fields that repeat them.
    pub texts: Texts,
    /// The caller's bounds on what a file may declare.
    pub limits: crate::limits::Limits,
}

/// A mapping's entries, or `None` (reported) when the node is not a mapping.
pub type Entries<'n> = &'n [(Node, Node)];

impl<'a> Cx<'a> {
    /// A context for `file` whose text is `src`.
    pub fn new(file: FileId, src: &'a str) -> Self {
        Cx { file, src, diags: Vec::new(), texts: Texts::default(), limits: crate::limits::Limits::DEFAULT }
    }

    /// Wraps a value with this file and `span`.
    pub fn sp<T>(&self, value: T, span: &Span) -> Sp<T> {
        Sp::new(value, self.file, span.clone())
    }

    /// Reports that `node` is not what `what` needs (unless it was already reported).
    pub fn wrong_type(&mut self, node: &Node, what: &str, expected: &str) {
        if matches!(node.kind, NodeKind::Invalid) {
            return;
        }
        let msg = format!("{what} must be {expected}, found {}", node.describe());
        let mut d = Diagnostic::error("wrong-type", msg, self.file, node.span.clone())
            .with_label(format!("expected {expected}"));
        // `[use game: chop]`: a `: ` inside a flow list's item makes it a mapping of one entry.
        if let (true, NodeKind::Map(entries)) = (expected.contains("text"), &node.kind) {
            let written = self.src.get(node.span.clone()).map(str::trim).filter(|w| !w.contains(['\n', '{', '"']));
            if let (1, Some(w)) = (entries.len(), written) {
                d = d.with_help(format!("a `: ` inside a value makes it a mapping: quote it, `\"{w}\"`"));
            }
        }
        self.diags.push(d);
    }

    /// The entries of a mapping node.
    pub fn entries<'n>(&mut self, node: &'n Node, what: &str) -> Option<Entries<'n>> {
        match &node.kind {
            NodeKind::Map(e) => Some(e),
            _ => {
                self.wrong_type(node, what, "a mapping");
                None
            }
        }
    }

    /// The items of a sequence node (null counts as empty).
    pub fn items<'n>(&mut self, node: &'n Node, what: &str) -> &'n [Node] {
        match &node.kind {
            NodeKind::Seq(items) => items,
            _ if node.is_null() => &[],
            _ => {
                self.wrong_type(node, what, "a list");
                // One item given alone (`choose: c2`): the list of one it meant. (Words
                // with spaces are rather a script where a list of mappings goes, but for
                // an answer: `choose: "1st of hand of alice"`.)
                let answer = what.contains("choose") || what.contains("pick");
                if let (Some(t), Some(d)) = (node.text(), self.diags.last_mut()) {
                    if !matches!(node.kind, NodeKind::Invalid) && (answer || !t.contains(char::is_whitespace)) {
                        let plain = t.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '));
                        let fix = if plain { format!("[{t}]") } else { format!("[{t:?}]") };
                        d.help = Some(format!("write a list, even of one item: `{fix}`"));
                        d.fix = Some(Box::new(fix));
                    }
                }
                &[]
            }
        }
    }

    /// A mapping key as a name.
    pub fn key(&mut self, node: &Node) -> Option<Sp<String>> {
        match node.text() {
            // `"": { ... }`: no name (the checker would take it for a missing one).
            Some("") => {
                let d = Diagnostic::error("missing-field", "a name here is empty text", self.file, node.span.clone())
                    .with_label("no name")
                    .with_help("write a name before the colon");
                self.diags.push(d);
                None
            }
            Some(t) => Some(self.sp(t.to_string(), &node.span)),
            None => {
                self.wrong_type(node, "a key", "a name");
                None
            }
        }
    }

    /// Reports an unknown field of `what`, suggesting the closest of `known`.
    pub fn unknown(&mut self, key: &Sp<String>, what: &str, known: &[&str]) {
        let msg = format!("unknown field `{}` in {what}", key.value);
        let hint = did_you_mean(&key.value, known.iter().copied());
        // An ability's field one level too high (`limit:` beside a faction's `abilities:`).
        let ability_field = known.contains(&"abilities") && super::card::ABILITY_FIELDS.contains(&key.value.as_str());
        let mut help = match hint {
            Some(m) => format!("did you mean `{m}`?"),
            None if ability_field => {
                format!("`{}` is a field of an ability: indent it under its ability in `abilities:`", key.value)
            }
            None => format!("expected one of {}", list(known)),
        };
        // A key that looks right but is not: say which character is not what it seems.
        if let Some(retype) = crate::diag::chars::retype_help(&key.value) {
            help = retype;
        }
        let mut d =
            Diagnostic::error("unknown-field", msg, self.file, key.span).with_label("unknown field").with_help(help);
        d.fix = hint.map(|h| Box::new(h.to_string()));
        self.diags.push(d);
    }

    /// Reports a missing required field of the mapping `map`.
    pub fn missing(&mut self, map: &Node, field: &str, what: &str) {
        let msg = format!("{what} has no `{field}`");
        let d =
            Diagnostic::error("missing-field", msg, self.file, head(map)).with_label(format!("`{field}` is required"));
        self.diags.push(d);
    }

    /// A mapping that gives none of `fields`, any of which would do: it expects nothing.
    pub fn missing_any(&mut self, map: &Node, fields: &[&str], what: &str) {
        let names: Vec<String> = fields.iter().map(|f| format!("`{f}: ...`")).collect();
        let msg = format!("{what} expects nothing");
        let d = Diagnostic::error("missing-field", msg, self.file, head(map))
            .with_label("nothing to check")
            .with_help(format!("give one or more of {}", names.join(", ")));
        self.diags.push(d);
    }

    /// A scalar as text (any non-null scalar; numbers keep their spelling).
    pub fn string(&mut self, node: &Node, what: &str) -> Option<Sp<String>> {
        match &node.kind {
            NodeKind::Scalar(s) if !node.is_null() => Some(self.sp(s.text.clone(), &node.span)),
            _ => {
                self.wrong_type(node, what, "text");
                None
            }
        }
    }

    /// A required name: the value, or an empty name at the mapping when absent (reported
    /// as missing unless the key is there with a bad value, which was reported already).
    pub fn required(&mut self, value: Option<Sp<String>>, map: &Node, field: &str, what: &str) -> Sp<String> {
        if let Some(v) = value {
            if v.value.is_empty() {
                // `id: ""`: there, but no name (the checker would take it for missing).
                let msg = format!("`{field}` of {what} is empty text");
                let d = Diagnostic::error("missing-field", msg, self.file, v.span)
                    .with_label("no name")
                    .with_help(format!("write a name after the colon: `{field}: ...`"));
                self.diags.push(d);
            }
            return v;
        }
        self.check_present(map, field, what);
        Sp::new(String::new(), self.file, head(map))
    }

    /// Reports `field` missing from the mapping `map` unless it has the key.
    pub fn check_present(&mut self, map: &Node, field: &str, what: &str) {
        let NodeKind::Map(entries) = &map.kind else { return };
        let entry = entries.iter().find(|(k, _)| k.text() == Some(field));
        if let Some((key, _)) = entry.filter(|(_, v)| v.is_null()) {
            let key = key.span.clone();
            // The key is there with nothing after it: point at it, not at the mapping.
            let msg = format!("`{field}` of {what} is empty");
            let d = Diagnostic::error("missing-field", msg, self.file, key)
                .with_label("no value")
                .with_help(format!("write its value after the colon: `{field}: ...`"));
            self.diags.push(d);
        } else if entry.is_none() {
            self.missing(map, field, what);
        }
    }

    /// Walks a mapping's fields: unknown keys are reported against `known`, null values
    /// are skipped, and `f` gets every other (key, value).
    pub fn fields<'n>(
        &mut self,
        entries: Entries<'n>,
        what: &str,
        known: &[&str],
        mut f: impl FnMut(&mut Self, &str, &'n Node),
    ) {
        for (k, v) in entries {
            let Some(key) = self.key(k) else { continue };
            if !known.contains(&key.value.as_str()) {
                self.unknown(&key, what, known);
            } else if !v.is_null() {
                f(self, &key.value, v);
            }
        }
    }

    /// An integer scalar. A whole number too large for 64 bits is out of range (not "a
    /// decimal number", which YAML would make of it), and `1e9` is told to be written out.
    pub fn int(&mut self, node: &Node, what: &str) -> Option<Sp<i64>> {
        match plain(node) {
            Some(Plain::Int(n)) => Some(self.sp(n, &node.span)),
            Some(Plain::Float(f)) => {
                if let Some(text) = beyond_64_bits(node) {
                    let msg = format!("{what} must be an integer from {} to {}, found {text}", i64::MIN, i64::MAX);
                    let d = Diagnostic::error("out-of-range", msg, self.file, node.span.clone())
                        .with_label("too large for a 64-bit integer")
                        .with_help(format!("use a smaller number; {what} is read as a 64-bit integer"));
                    self.diags.push(d);
                    return None;
                }
                self.wrong_type(node, what, "an integer");
                if f.fract() == 0.0 && f.abs() < 1e18 {
                    if let Some(d) = self.diags.last_mut() {
                        d.help = Some(format!("write it out in digits: `{}`", f as i64));
                        d.fix = Some(Box::new((f as i64).to_string()));
                    }
                }
                None
            }
            _ => {
                self.wrong_type(node, what, "an integer");
                None
            }
        }
    }

    /// An integer scalar that must lie in `lo..=hi`; outside it is an error (never a silent
    /// clamp), whose help `why` says where the limit comes from.
    pub fn int_in(&mut self, node: &Node, what: &str, lo: i64, hi: i64, why: &str) -> Option<Sp<i64>> {
        // Digits beyond 64 bits are out of this range too: say which range.
        if let Some(text) = beyond_64_bits(node) {
            let msg = format!("{what} must be from {lo} to {hi}, found {text}");
            let label = if text.starts_with('-') { "too small" } else { "too large" };
            let d =
                Diagnostic::error("out-of-range", msg, self.file, node.span.clone()).with_label(label).with_help(why);
            self.diags.push(d);
            return None;
        }
        let n = self.int(node, what)?;
        if (lo..=hi).contains(&n.value) {
            return Some(n);
        }
        let range = if hi == i64::MAX { format!("at least {lo}") } else { format!("from {lo} to {hi}") };
        let msg = format!("{what} must be {range}, found {}", n.value);
        let label = if n.value < lo { "too small" } else { "too large" };
        let d = Diagnostic::error("out-of-range", msg, self.file, n.span).with_label(label).with_help(why);
        self.diags.push(d);
        None
    }

    /// A boolean scalar.
    pub fn bool(&mut self, node: &Node, what: &str) -> Option<Sp<bool>> {
        match plain(node) {
            Some(Plain::Bool(b)) => Some(self.sp(b, &node.span)),
            _ => {
                self.wrong_type(node, what, "`true` or `false`");
                None
            }
        }
    }

    /// A script-valued scalar.
    pub fn script(&mut self, node: &Node, what: &str) -> Option<ScriptSrc> {
        match &node.kind {
            NodeKind::Scalar(s) if !node.is_null() => {
                let text = self.texts.get(&s.text);
                Some(ScriptSrc::new(text, self.file, node.span.clone(), s.style, self.src))
            }
            _ => {
                self.wrong_type(node, what, "a script");
                None
            }
        }
    }

    /// One of a fixed set of names, e.g. `per: player | game`.
    pub fn choice<T: Copy>(&mut self, node: &Node, what: &str, options: &[(&str, T)]) -> Option<T> {
        self.choice_or_word(node, what, options, &[])
    }

    /// `choice`, where `words` are other names a designer may write for an option (another
    /// language's `int` for `number`): still an error, whose help names the option, and
    /// the option is taken for the rest of the check, so that one wrong word does not make
    /// every use of what it declares an error too.
    pub fn choice_or_word<T: Copy>(
        &mut self,
        node: &Node,
        what: &str,
        options: &[(&str, T)],
        words: &[(&str, &str)],
    ) -> Option<T> {
        let text = self.string(node, what)?;
        if let Some((_, v)) = options.iter().find(|(n, _)| *n == text.value) {
            return Some(*v);
        }
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        let meant = words.iter().find(|(w, _)| w.eq_ignore_ascii_case(&text.value)).map(|(_, o)| *o);
        let msg = format!("{what} must be {}, found `{}`", list(&names), text.value);
        let d = Diagnostic::error("wrong-type", msg, self.file, text.span)
            .with_label(format!("not one of {}", list(&names)))
            .with_suggestion(meant.or_else(|| did_you_mean(&text.value, names.iter().copied())));
        self.diags.push(d);
        let meant = meant?;
        options.iter().find(|(n, _)| *n == meant).map(|(_, v)| *v)
    }

    /// A list of names.
    pub fn names(&mut self, node: &Node, what: &str) -> Vec<Sp<String>> {
        let items = self.items(node, what);
        let mut out: Vec<Sp<String>> =
            items.iter().filter_map(|n| self.string(n, &format!("an entry of {what}"))).collect();
        // `values: [red, ""]`: an empty name, which the checker would take for a missing one.
        for n in out.iter().filter(|n| n.value.is_empty()) {
            let d = Diagnostic::error("missing-field", format!("an entry of {what} is empty text"), self.file, n.span)
                .with_label("no name")
                .with_help("write a name, or leave the entry out");
            self.diags.push(d);
        }
        out.retain(|n| !n.value.is_empty());
        out
    }

    /// A list of integers.
    pub fn ints(&mut self, node: &Node, what: &str) -> Vec<Sp<i64>> {
        let items = self.items(node, what);
        items.iter().filter_map(|n| self.int(n, &format!("an entry of {what}"))).collect()
    }

    /// A mapping of `name: spec`, each converted by `f` (null counts as empty).
    pub fn named<T>(
        &mut self,
        node: &Node,
        what: &str,
        mut f: impl FnMut(&mut Self, Sp<String>, &Node) -> Option<T>,
    ) -> Vec<T> {
        if node.is_null() {
            return Vec::new();
        }
        let Some(entries) = self.entries(node, what) else { return Vec::new() };
        let mut out = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            if let Some(name) = self.key(k) {
                out.extend(f(self, name, v));
            }
        }
        out
    }

    /// Any value, typed by the YAML core schema.
    pub fn value(&mut self, node: &Node) -> Sp<Value> {
        let v = match &node.kind {
            NodeKind::Scalar(s) if s.style != ScalarStyle::Plain => Value::Str(self.texts.get(&s.text)),
            NodeKind::Scalar(s) => match resolve_plain(&s.text) {
                Plain::Null => Value::Null,
                Plain::Bool(b) => Value::Bool(b),
                Plain::Int(n) => Value::Int(n),
                Plain::Float(f) => Value::Float(f),
                Plain::Str => Value::Str(self.texts.get(&s.text)),
            },
            NodeKind::Seq(items) => Value::List(Box::new(items.iter().map(|n| self.value(n)).collect())),
            NodeKind::Map(entries) => Value::Map(Box::new(self.value_pairs(entries))),
            NodeKind::Invalid => Value::Null,
        };
        self.sp(v, &node.span)
    }

    /// A key or a short text as a `Text` shared with the equal ones of the other cards
    /// (property names, action phases, printed texts).
    pub fn shared_key(&mut self, key: Sp<String>) -> Sp<Text> {
        Sp::new(self.texts.get(&key.value), key.file, key.span)
    }

    /// A mapping's entries as `(key, value)` pairs.
    pub fn value_pairs(&mut self, entries: Entries<'_>) -> Props {
        let mut out = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            if let Some(key) = self.key(k) {
                let key = self.shared_key(key);
                out.push((key, self.value(v)));
            }
        }
        out.into_boxed_slice()
    }
}

/// The plain-scalar type of a node (`None` for quoted text and collections).
fn plain(node: &Node) -> Option<Plain> {
    match &node.kind {
        NodeKind::Scalar(s) if s.style == ScalarStyle::Plain => Some(resolve_plain(&s.text)),
        _ => None,
    }
}

/// Where to report something about a whole mapping: its first entry (key through a
/// scalar value on the same line), or the mapping itself when it is empty.
pub fn head(map: &Node) -> Span {
    match &map.kind {
        NodeKind::Map(entries) if !entries.is_empty() => {
            let (k, v) = &entries[0];
            let one_line = matches!(v.kind, NodeKind::Scalar(_)) && !v.span.is_empty();
            let end = if one_line && v.span.start >= k.span.end { v.span.end } else { k.span.end };
            k.span.start..end
        }
        _ => map.span.clone(),
    }
}

/// `` `a`, `b` or `c` ``.
pub fn list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The text of a plain integer too long for 64 bits (YAML reads it as a float), if `node`
/// is one.
fn beyond_64_bits(node: &Node) -> Option<&str> {
    let Some(Plain::Float(_)) = plain(node) else { return None };
    let text = node.text()?;
    let digits = text.trim_start_matches(['-', '+']);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}
