//! Where things are, in the protocol's terms: byte offsets of a text to LSP positions and
//! back (lines break at LF, CRLF or a lone CR, as `diag::line_col` counts them; columns
//! count UTF-16 code units, the protocol's default), and file paths to `file:` URIs and back.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};

/// The position of byte `offset` of `text` (clamped to the text, and back to a character
/// boundary).
pub fn position(text: &str, offset: usize) -> Position {
    let mut off = offset.min(text.len());
    while !text.is_char_boundary(off) {
        off -= 1;
    }
    let before = &text[..off];
    let bytes = text.as_bytes();
    let mut line = 0u32;
    let mut start = 0;
    let mut i = 0;
    while i < off {
        match bytes[i] {
            b'\n' => {
                line += 1;
                start = i + 1;
            }
            // A CR ends a line unless an LF follows (CRLF counts once, at its LF).
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => {
                line += 1;
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let col: usize = before[start..].chars().map(char::len_utf16).sum();
    Position { line, character: u32::try_from(col).unwrap_or(u32::MAX) }
}

/// The range of bytes `span` of `text`.
pub fn range(text: &str, span: std::ops::Range<usize>) -> Range {
    Range { start: position(text, span.start), end: position(text, span.end.max(span.start)) }
}

/// The byte offset of a position of `text`: past the line's end, the line's end; past the
/// last line, the text's end; inside a character beyond U+FFFF, that character's start.
pub fn offset(text: &str, pos: Position) -> usize {
    let bytes = text.as_bytes();
    let mut line = 0u32;
    let mut i = 0;
    while line < pos.line {
        match bytes.get(i) {
            None => return text.len(),
            Some(b'\n') => line += 1,
            Some(b'\r') if bytes.get(i + 1) != Some(&b'\n') => line += 1,
            Some(_) => {}
        }
        i += 1;
    }
    let mut units = 0usize;
    for (at, c) in text[i..].char_indices() {
        if c == '\n' || c == '\r' || units + c.len_utf16() > pos.character as usize {
            return i + at;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The path of a `file:` URI, percent-decoded; `None` for another scheme or a path that is
/// not UTF-8 once decoded.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s.strip_prefix("file://")?;
    // `file://host/path`: only the local host (empty or `localhost`) is a local file.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let decoded = percent_decode(rest)?;
    // `/C:/dir` is the Windows path `C:/dir`.
    let b = decoded.as_bytes();
    if b.len() >= 3 && b[0] == b'/' && b[1].is_ascii_alphabetic() && b[2] == b':' {
        return Some(PathBuf::from(&decoded[1..]));
    }
    Some(PathBuf::from(decoded))
}

fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `file:` URI of an absolute path (made absolute against the current directory if it
/// is not), with every byte outside the unreserved set and `/` percent-encoded.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let abs = if path.is_absolute() { path.to_path_buf() } else { std::env::current_dir().ok()?.join(path) };
    let s = abs.to_str()?.replace('\\', "/");
    let mut out = String::from("file://");
    if !s.starts_with('/') {
        out.push('/');
    }
    for &byte in s.as_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => out.push(char::from(byte)),
            // A drive letter's colon stays as editors write it.
            b':' => out.push(':'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    Uri::from_str(&out).ok()
}

/// The identifier (letters, digits, `_`) around byte `at` of `text`, with its byte range.
pub fn word_at(text: &str, at: usize) -> Option<(&str, std::ops::Range<usize>)> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at].char_indices().rev().take_while(|(_, c)| is_word(*c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|(_, c)| !is_word(*c)).map_or(text.len(), |(i, _)| at + i);
    (start < end).then(|| (&text[start..end], start..end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_every_line_break() {
        let text = "a\r\nü😀x\rz\ny";
        let x = text.find('x').unwrap_or(0);
        assert_eq!(position(text, x), Position { line: 1, character: 3 });
        assert_eq!(offset(text, Position { line: 1, character: 3 }), x);
        let z = text.find('z').unwrap_or(0);
        assert_eq!(position(text, z), Position { line: 2, character: 0 });
        assert_eq!(offset(text, Position { line: 2, character: 0 }), z);
        assert_eq!(offset(text, Position { line: 1, character: 99 }), x + 1);
        assert_eq!(offset(text, Position { line: 9, character: 0 }), text.len());
        // Inside the surrogate pair: the emoji's start.
        assert_eq!(offset(text, Position { line: 1, character: 2 }), text.find('😀').unwrap_or(0));
        assert_eq!(position(text, 9999), Position { line: 3, character: 1 });
    }

    #[test]
    fn paths_and_uris_round_trip() {
        let p = Path::new("/tmp/a dir/ü#.yaml");
        let uri = uri_of(p).map(|u| u.as_str().to_string());
        assert_eq!(uri.as_deref(), Some("file:///tmp/a%20dir/%C3%BC%23.yaml"));
        let back = uri_of(p).and_then(|u| path_of(&u));
        assert_eq!(back.as_deref(), Some(p));
        let other = Uri::from_str("untitled:Untitled-1").ok();
        assert_eq!(other.and_then(|u| path_of(&u)), None);
    }

    #[test]
    fn words_are_found_around_a_position() {
        let t = "Add[1] and cards_in";
        assert_eq!(word_at(t, 1).map(|w| w.0), Some("Add"));
        assert_eq!(word_at(t, 3).map(|w| w.0), Some("Add"));
        assert_eq!(word_at(t, 4).map(|w| w.0), Some("1"));
        assert_eq!(word_at(t, t.len()).map(|w| w.0), Some("cards_in"));
        assert_eq!(word_at("  ", 1), None);
        assert_eq!(word_at("üb", 1).map(|w| w.0), Some("üb"), "inside a character: its start");
    }
}
