//! Characters a designer cannot see or tell apart: look-alikes of Latin letters and ASCII
//! punctuation (Cyrillic, Greek, fullwidth, typographic quotes), invisible and direction
//! characters, odd spaces and control characters. A small built-in table, not Unicode's
//! confusables list: enough to name what usually arrives by copy and paste.

/// What kind of trouble a character is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Odd {
    /// Looks like the ASCII text it carries.
    LooksLike(&'static str),
    /// A decimal digit of another script, standing for this ASCII digit.
    Digit(&'static str),
    /// Shows nothing at all.
    Invisible,
    /// Changes the direction the following text is shown in.
    Direction,
    /// Looks like a space but is not ASCII's.
    Space,
    /// A control character.
    Control,
}

/// A named odd character: its kind and its Unicode name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddChar {
    /// The character.
    pub c: char,
    /// Its kind.
    pub odd: Odd,
    /// Its Unicode name (`CYRILLIC SMALL LETTER O`), or a description when unnamed here.
    pub name: String,
}

impl OddChar {
    /// `U+043E CYRILLIC SMALL LETTER O, which looks like `o``, for messages.
    pub fn describe(&self) -> String {
        let code = format!("U+{:04X} {}", u32::from(self.c), self.name);
        match self.odd {
            Odd::LooksLike(s) => format!("{code}, which looks like `{s}`"),
            Odd::Digit(d) => format!("{code}, a digit of another script that stands for `{d}`"),
            Odd::Invisible => format!("{code}, an invisible character"),
            Odd::Direction => format!("{code}, which changes the direction text is shown in"),
            Odd::Space => format!("{code}, which looks like a space"),
            Odd::Control => format!("{code}, a control character"),
        }
    }

    /// Whether it shows as nothing (or worse) and so must not be echoed raw.
    pub fn hidden(&self) -> bool {
        matches!(self.odd, Odd::Invisible | Odd::Direction | Odd::Control)
    }
}

/// Look-alikes: (character, what it looks like, name).
const LOOK_ALIKES: &[(char, &str, &str)] = &[
    ('\u{0430}', "a", "CYRILLIC SMALL LETTER A"),
    ('\u{0435}', "e", "CYRILLIC SMALL LETTER IE"),
    ('\u{043E}', "o", "CYRILLIC SMALL LETTER O"),
    ('\u{0440}', "p", "CYRILLIC SMALL LETTER ER"),
    ('\u{0441}', "c", "CYRILLIC SMALL LETTER ES"),
    ('\u{0443}', "y", "CYRILLIC SMALL LETTER U"),
    ('\u{0445}', "x", "CYRILLIC SMALL LETTER HA"),
    ('\u{0455}', "s", "CYRILLIC SMALL LETTER DZE"),
    ('\u{0456}', "i", "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"),
    ('\u{0458}', "j", "CYRILLIC SMALL LETTER JE"),
    ('\u{04BB}', "h", "CYRILLIC SMALL LETTER SHHA"),
    ('\u{04CF}', "l", "CYRILLIC SMALL LETTER PALOCHKA"),
    ('\u{0501}', "d", "CYRILLIC SMALL LETTER KOMI DE"),
    ('\u{051B}', "q", "CYRILLIC SMALL LETTER QA"),
    ('\u{051D}', "w", "CYRILLIC SMALL LETTER WE"),
    ('\u{0405}', "S", "CYRILLIC CAPITAL LETTER DZE"),
    ('\u{0406}', "I", "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I"),
    ('\u{0408}', "J", "CYRILLIC CAPITAL LETTER JE"),
    ('\u{0410}', "A", "CYRILLIC CAPITAL LETTER A"),
    ('\u{0412}', "B", "CYRILLIC CAPITAL LETTER VE"),
    ('\u{0415}', "E", "CYRILLIC CAPITAL LETTER IE"),
    ('\u{041A}', "K", "CYRILLIC CAPITAL LETTER KA"),
    ('\u{041C}', "M", "CYRILLIC CAPITAL LETTER EM"),
    ('\u{041D}', "H", "CYRILLIC CAPITAL LETTER EN"),
    ('\u{041E}', "O", "CYRILLIC CAPITAL LETTER O"),
    ('\u{0420}', "P", "CYRILLIC CAPITAL LETTER ER"),
    ('\u{0421}', "C", "CYRILLIC CAPITAL LETTER ES"),
    ('\u{0422}', "T", "CYRILLIC CAPITAL LETTER TE"),
    ('\u{0423}', "Y", "CYRILLIC CAPITAL LETTER U"),
    ('\u{0425}', "X", "CYRILLIC CAPITAL LETTER HA"),
    ('\u{0391}', "A", "GREEK CAPITAL LETTER ALPHA"),
    ('\u{0392}', "B", "GREEK CAPITAL LETTER BETA"),
    ('\u{0395}', "E", "GREEK CAPITAL LETTER EPSILON"),
    ('\u{0396}', "Z", "GREEK CAPITAL LETTER ZETA"),
    ('\u{0397}', "H", "GREEK CAPITAL LETTER ETA"),
    ('\u{0399}', "I", "GREEK CAPITAL LETTER IOTA"),
    ('\u{039A}', "K", "GREEK CAPITAL LETTER KAPPA"),
    ('\u{039C}', "M", "GREEK CAPITAL LETTER MU"),
    ('\u{039D}', "N", "GREEK CAPITAL LETTER NU"),
    ('\u{039F}', "O", "GREEK CAPITAL LETTER OMICRON"),
    ('\u{03A1}', "P", "GREEK CAPITAL LETTER RHO"),
    ('\u{03A4}', "T", "GREEK CAPITAL LETTER TAU"),
    ('\u{03A5}', "Y", "GREEK CAPITAL LETTER UPSILON"),
    ('\u{03A7}', "X", "GREEK CAPITAL LETTER CHI"),
    ('\u{03B1}', "a", "GREEK SMALL LETTER ALPHA"),
    ('\u{03B9}', "i", "GREEK SMALL LETTER IOTA"),
    ('\u{03BA}', "k", "GREEK SMALL LETTER KAPPA"),
    ('\u{03BD}', "v", "GREEK SMALL LETTER NU"),
    ('\u{03BF}', "o", "GREEK SMALL LETTER OMICRON"),
    ('\u{03C1}', "p", "GREEK SMALL LETTER RHO"),
    ('\u{03C5}', "u", "GREEK SMALL LETTER UPSILON"),
    ('\u{2018}', "'", "LEFT SINGLE QUOTATION MARK"),
    ('\u{2019}', "'", "RIGHT SINGLE QUOTATION MARK"),
    ('\u{201C}', "\"", "LEFT DOUBLE QUOTATION MARK"),
    ('\u{201D}', "\"", "RIGHT DOUBLE QUOTATION MARK"),
    ('\u{2013}', "-", "EN DASH"),
    ('\u{2014}', "-", "EM DASH"),
    ('\u{2212}', "-", "MINUS SIGN"),
    ('\u{2044}', "/", "FRACTION SLASH"),
    ('\u{2264}', "<=", "LESS-THAN OR EQUAL TO"),
    ('\u{2265}', ">=", "GREATER-THAN OR EQUAL TO"),
    ('\u{2260}', "!=", "NOT EQUAL TO"),
];

/// Characters that show nothing: (character, name).
const INVISIBLE: &[(char, &str)] = &[
    ('\u{00AD}', "SOFT HYPHEN"),
    ('\u{034F}', "COMBINING GRAPHEME JOINER"),
    ('\u{115F}', "HANGUL CHOSEONG FILLER"),
    ('\u{1160}', "HANGUL JUNGSEONG FILLER"),
    ('\u{180E}', "MONGOLIAN VOWEL SEPARATOR"),
    ('\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200C}', "ZERO WIDTH NON-JOINER"),
    ('\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{2060}', "WORD JOINER"),
    ('\u{2061}', "FUNCTION APPLICATION"),
    ('\u{2062}', "INVISIBLE TIMES"),
    ('\u{2063}', "INVISIBLE SEPARATOR"),
    ('\u{2064}', "INVISIBLE PLUS"),
    ('\u{3164}', "HANGUL FILLER"),
    ('\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)"),
    ('\u{FFA0}', "HALFWIDTH HANGUL FILLER"),
];

/// Characters that reorder the text shown after them ("Trojan Source"): (character, name).
const DIRECTION: &[(char, &str)] = &[
    ('\u{061C}', "ARABIC LETTER MARK"),
    ('\u{200E}', "LEFT-TO-RIGHT MARK"),
    ('\u{200F}', "RIGHT-TO-LEFT MARK"),
    ('\u{202A}', "LEFT-TO-RIGHT EMBEDDING"),
    ('\u{202B}', "RIGHT-TO-LEFT EMBEDDING"),
    ('\u{202C}', "POP DIRECTIONAL FORMATTING"),
    ('\u{202D}', "LEFT-TO-RIGHT OVERRIDE"),
    ('\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
    ('\u{2066}', "LEFT-TO-RIGHT ISOLATE"),
    ('\u{2067}', "RIGHT-TO-LEFT ISOLATE"),
    ('\u{2068}', "FIRST STRONG ISOLATE"),
    ('\u{2069}', "POP DIRECTIONAL ISOLATE"),
];

/// Spaces that are not ASCII's: (character, name).
const SPACES: &[(char, &str)] = &[
    ('\u{00A0}', "NO-BREAK SPACE"),
    ('\u{2000}', "EN QUAD"),
    ('\u{2001}', "EM QUAD"),
    ('\u{2002}', "EN SPACE"),
    ('\u{2003}', "EM SPACE"),
    ('\u{2004}', "THREE-PER-EM SPACE"),
    ('\u{2005}', "FOUR-PER-EM SPACE"),
    ('\u{2006}', "SIX-PER-EM SPACE"),
    ('\u{2007}', "FIGURE SPACE"),
    ('\u{2008}', "PUNCTUATION SPACE"),
    ('\u{2009}', "THIN SPACE"),
    ('\u{200A}', "HAIR SPACE"),
    ('\u{202F}', "NARROW NO-BREAK SPACE"),
    ('\u{205F}', "MEDIUM MATHEMATICAL SPACE"),
    ('\u{3000}', "IDEOGRAPHIC SPACE"),
];

/// Names of the control characters a text file may plausibly hold.
const CONTROLS: &[(char, &str)] = &[
    ('\u{0000}', "NULL"),
    ('\u{0007}', "BELL"),
    ('\u{0008}', "BACKSPACE"),
    ('\u{000B}', "LINE TABULATION"),
    ('\u{000C}', "FORM FEED"),
    ('\u{001B}', "ESCAPE"),
    ('\u{007F}', "DELETE"),
    ('\u{0085}', "NEXT LINE"),
];

const DIGITS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];

/// Every ASCII character a fullwidth form (U+FF01 to U+FF5E) stands for.
const ASCII_PRINTABLE: &str =
    "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/// The character named, if it is one a designer could not see or tell apart. Tabs and line
/// ends are ordinary; letters of other scripts that look like no Latin one are too.
pub fn odd(c: char) -> Option<OddChar> {
    let named = |odd, name: &str| Some(OddChar { c, odd, name: name.to_string() });
    if c.is_ascii() && !c.is_ascii_control() || matches!(c, '\t' | '\n' | '\r') {
        return None;
    }
    if let Some((_, like, name)) = LOOK_ALIKES.iter().find(|(x, ..)| *x == c) {
        return named(Odd::LooksLike(like), name);
    }
    if let Some((_, name)) = INVISIBLE.iter().find(|(x, _)| *x == c) {
        return named(Odd::Invisible, name);
    }
    if let Some((_, name)) = DIRECTION.iter().find(|(x, _)| *x == c) {
        return named(Odd::Direction, name);
    }
    if let Some((_, name)) = SPACES.iter().find(|(x, _)| *x == c) {
        return named(Odd::Space, name);
    }
    if c.is_control() {
        let name = CONTROLS.iter().find(|(x, _)| *x == c).map_or("(a control character)", |(_, n)| n);
        return named(Odd::Control, name);
    }
    other_digit(c).or_else(|| fullwidth(c))
}

/// A decimal digit of another script (`١`, ARABIC-INDIC DIGIT ONE): scripts read 0 to 9 only.
fn other_digit(c: char) -> Option<OddChar> {
    let (zero, script) = match u32::from(c) {
        0x0660..=0x0669 => (0x0660, "ARABIC-INDIC DIGIT"),
        0x06F0..=0x06F9 => (0x06F0, "EXTENDED ARABIC-INDIC DIGIT"),
        0x0966..=0x096F => (0x0966, "DEVANAGARI DIGIT"),
        _ => return None,
    };
    let i = (u32::from(c) - zero) as usize;
    Some(OddChar { c, odd: Odd::Digit(&"0123456789"[i..=i]), name: format!("{script} {}", DIGITS[i]) })
}

/// A fullwidth form of an ASCII character (`Ｓ` for `S`).
fn fullwidth(c: char) -> Option<OddChar> {
    let i = u32::from(c).checked_sub(0xFF01).filter(|i| *i < 94)? as usize;
    let like = &ASCII_PRINTABLE[i..=i];
    let a = like.as_bytes()[0];
    let name = match a {
        b'A'..=b'Z' => format!("FULLWIDTH LATIN CAPITAL LETTER {like}"),
        b'a'..=b'z' => format!("FULLWIDTH LATIN SMALL LETTER {}", like.to_ascii_uppercase()),
        b'0'..=b'9' => format!("FULLWIDTH DIGIT {}", DIGITS[usize::from(a - b'0')]),
        _ => format!("(a fullwidth `{like}`)"),
    };
    Some(OddChar { c, odd: Odd::LooksLike(like), name })
}

/// Whether `c` overrides the direction of the text after it until a matching pop (the
/// embeddings, overrides and isolates of "Trojan Source"; the marks LRM and RLM only
/// nudge their neighbours and are common in right-to-left text).
pub fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The first odd character of `s` (with its byte offset).
pub fn first_odd(s: &str) -> Option<(usize, OddChar)> {
    s.char_indices().find_map(|(i, c)| odd(c).map(|o| (i, o)))
}

/// `s` with every look-alike replaced by what it looks like and invisible characters
/// dropped: the text the designer meant to type.
pub fn plain_ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match odd(c).map(|o| o.odd) {
            Some(Odd::LooksLike(l) | Odd::Digit(l)) => out.push_str(l),
            Some(Odd::Invisible | Odd::Direction | Odd::Control) => {}
            Some(Odd::Space) => out.push(' '),
            None => out.push(c),
        }
    }
    out
}

/// For a name that resolves to nothing: which of its characters is not what it seems, and
/// the name retyped (`it holds U+0430 CYRILLIC SMALL LETTER A, ...; retype it as `name``).
pub fn retype_help(name: &str) -> Option<String> {
    let (_, o) = first_odd(name)?;
    Some(format!("it holds {}; retype it as `{}`", o.describe(), plain_ascii(name)))
}

/// `s` with hidden characters (invisible, direction, control) written as `<U+200D>`, so
/// that a message never echoes them raw.
pub fn escape_hidden(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(|c| odd(c).is_some_and(|o| o.hidden())) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match odd(c) {
            Some(o) if o.hidden() => out.push_str(&format!("<U+{:04X}>", u32::from(c))),
            _ => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_look_alikes_and_hidden_characters() {
        let o = odd('\u{043E}').unwrap();
        assert_eq!(o.describe(), "U+043E CYRILLIC SMALL LETTER O, which looks like `o`");
        let d = odd('\u{0661}').expect("an Arabic-Indic digit is odd");
        assert_eq!(d.describe(), "U+0661 ARABIC-INDIC DIGIT ONE, a digit of another script that stands for `1`");
        assert_eq!(plain_ascii("\u{06F4}2"), "42");
        assert_eq!(odd('\u{200D}').unwrap().describe(), "U+200D ZERO WIDTH JOINER, an invisible character");
        assert!(odd('\u{202E}').unwrap().hidden());
        assert_eq!(
            odd('\u{FF33}').unwrap().describe(),
            "U+FF33 FULLWIDTH LATIN CAPITAL LETTER S, which looks like `S`"
        );
        assert_eq!(odd('\u{FF4F}').unwrap().name, "FULLWIDTH LATIN SMALL LETTER O");
        assert_eq!(odd('\u{FF15}').unwrap().name, "FULLWIDTH DIGIT FIVE");
        assert_eq!(odd('\u{FF08}').unwrap().odd, Odd::LooksLike("("));
        assert_eq!(odd('\u{0001}').unwrap().odd, Odd::Control);
        for fine in ['a', ' ', '\t', '\n', '\r', 'é', 'ü', '日', '-', '\u{FF5F}'] {
            assert_eq!(odd(fine), None, "{fine:?}");
        }
    }

    #[test]
    fn plain_and_escaped_forms() {
        assert_eq!(plain_ascii("St\u{043E}ke\u{200D}"), "Stoke");
        assert_eq!(escape_hidden("a\u{202E}b"), "a<U+202E>b");
        assert_eq!(escape_hidden("Stoke"), "Stoke");
        assert_eq!(first_odd("ab\u{0441}").map(|(i, o)| (i, o.c)), Some((2, '\u{0441}')));
    }
}
