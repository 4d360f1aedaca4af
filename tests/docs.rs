//! The language reference stays true: every example in `docs/LANGUAGE.md` fenced as
//! ```` ```twilit ```` (a script), ```` ```twilit-cond ```` (a condition) or
//! ```` ```twilit-event ```` (a trigger pattern) must parse with the current grammar.
//!
//! Also checked: the manual has enough examples (at least 60), every effect verb of the
//! engine appears in some script example, the manual's list of reserved words is
//! exactly the grammar's `reserved` rule, and every diagnostic code the code base emits
//! is listed in the manual's part on diagnostics.
//!
//! A failure lists every broken block with its line in the `.md` file, so the manual can
//! be fixed in one pass.

use std::collections::BTreeSet;
use std::path::PathBuf;

use twilit::syntax::ast::{Block, StmtKind, Verb};
use twilit::syntax::{grammar_reserved, parse_condition, parse_event, parse_script};

/// The fewest examples the manual may have.
const MIN_EXAMPLES: usize = 60;

/// The marker that precedes the fenced list of reserved words in the manual.
const RESERVED_MARKER: &str = "<!-- reserved-words -->";

/// The headings that start and end the manual's part on diagnostics.
const DIAGNOSTICS_PART: (&str, &str) = ("\n## 18. Diagnostics", "\n## 19. ");

/// Codes built at run time (`format!("unknown-{what}")`), which the source scan cannot see.
const COMPUTED_CODES: &[&str] = &[
    "unknown-card",
    "unknown-zone",
    "unknown-counter",
    "unknown-property",
    "unknown-attribute",
    "unknown-role",
    "unknown-faction",
];

/// One fenced block of the manual.
struct Fence {
    /// The info string after the opening fence, e.g. `twilit`.
    tag: String,
    /// 1-based line of the opening fence in the `.md` file.
    line: usize,
    /// The lines between the fences, joined with `\n`.
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    let path = root().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every fenced block (```` ``` ```` fences) with its tag and position.
fn fences(md: &str) -> Vec<Fence> {
    let mut out = vec![];
    let mut open: Option<(String, usize, Vec<&str>)> = None;
    for (i, line) in md.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.as_mut() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some((info.trim().to_string(), i + 1, vec![]));
                }
            }
            Some((tag, start, body)) => {
                if trimmed.trim_end() == "```" {
                    out.push(Fence { tag: std::mem::take(tag), line: *start, text: body.join("\n") });
                    open = None;
                } else {
                    body.push(line);
                }
            }
        }
    }
    if let Some((tag, start, _)) = open {
        panic!("the ```{tag} block of line {start} is never closed");
    }
    out
}

/// Line (1-based, in the `.md`) and column of a byte offset inside a fence's text.
fn position(f: &Fence, offset: usize) -> (usize, usize) {
    let offset = offset.min(f.text.len());
    let before = &f.text[..offset];
    let line = f.line + 1 + before.matches('\n').count();
    let col = offset - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// The effect verbs used anywhere in a script, nested blocks included.
fn verbs_in(block: &Block, out: &mut BTreeSet<&'static str>) {
    twilit::syntax::visit::block_stmts(block, &mut |s| {
        if let StmtKind::Effect(e) | StmtKind::LetEffect { effect: e, .. } = &s.kind {
            out.insert(e.verb.as_str());
        }
    });
}

#[test]
fn every_example_in_the_language_manual_parses() {
    let md = read("docs/LANGUAGE.md");
    let mut failures = vec![];
    let mut count = 0;
    let mut verbs = BTreeSet::new();
    for f in fences(&md) {
        let result = match f.tag.as_str() {
            "twilit" => parse_script(&f.text).map(|b| verbs_in(&b, &mut verbs)),
            "twilit-cond" => parse_condition(&f.text).map(drop),
            "twilit-event" => parse_event(&f.text).map(drop),
            _ => continue,
        };
        count += 1;
        if let Err(e) = result {
            let (line, col) = position(&f, e.span.start);
            let source = md.lines().nth(line - 1).unwrap_or("");
            let help = e.help.map(|h| format!("\n    help: {h}")).unwrap_or_default();
            failures.push(format!(
                "docs/LANGUAGE.md:{line}:{col}: ```{} block of line {}: {} [twilit::{}]\n    | {source}{help}",
                f.tag, f.line, e.message, e.code
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} examples in docs/LANGUAGE.md do not parse:\n\n{}\n",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(count >= MIN_EXAMPLES, "docs/LANGUAGE.md has {count} parsed examples; it needs at least {MIN_EXAMPLES}");
    let missing: Vec<&str> = Verb::ALL.iter().map(|v| v.as_str()).filter(|v| !verbs.contains(v)).collect();
    assert!(
        missing.is_empty(),
        "no ```twilit example in docs/LANGUAGE.md uses the effect verb(s): {}",
        missing.join(", ")
    );
}

/// The words of the grammar's `reserved` rule (its trie is generated from this list).
fn grammar_reserved_words(pest: &str) -> BTreeSet<String> {
    let start = pest.find("reserved = @{").expect("grammar has a `reserved` rule");
    let rest = &pest[start..];
    let words = rest.find("// words: ").expect("`reserved` lists its words in a `// words:` comment");
    let line = rest[words + "// words: ".len()..].lines().next().unwrap_or("");
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn the_manual_lists_exactly_the_reserved_words_of_the_grammar() {
    let md = read("docs/LANGUAGE.md");
    let at = md.find(RESERVED_MARKER).expect("docs/LANGUAGE.md marks its list of reserved words");
    let marker_line = md[..at].matches('\n').count() + 1;
    let list = fences(&md)
        .into_iter()
        .find(|f| f.line > marker_line)
        .expect("a fenced list of reserved words follows the marker");
    let documented: BTreeSet<String> = list.text.split_whitespace().map(str::to_string).collect();
    let grammar = grammar_reserved_words(&read("grammar/twilit.pest"));
    assert!(grammar.len() > 50, "read only {} reserved words from the grammar", grammar.len());
    let undocumented: Vec<&String> = grammar.difference(&documented).collect();
    let extra: Vec<&String> = documented.difference(&grammar).collect();
    assert!(
        undocumented.is_empty() && extra.is_empty(),
        "docs/LANGUAGE.md:{}: the list of reserved words differs from grammar/twilit.pest\n  \
         reserved but not listed: {undocumented:?}\n  listed but not reserved: {extra:?}",
        list.line
    );
    for w in &documented {
        assert!(grammar_reserved(w), "`{w}` is listed as reserved but the parser accepts it as a name");
    }
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rust_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Diagnostic codes written as literals where a diagnostic is made: the first argument of
/// `error(` / `warning(` (`Diagnostic::error`, the checker's `self.error`) and `code: "..."`
/// fields (syntax errors, the checker's precise unknown-name kinds).
fn codes_in(src: &str, out: &mut BTreeSet<String>) {
    for opener in ["error(", "warning(", "code: "] {
        for (at, _) in src.match_indices(opener) {
            let rest = src[at + opener.len()..].trim_start();
            let Some(lit) = rest.strip_prefix('"') else { continue };
            let Some(end) = lit.find('"') else { continue };
            let code = &lit[..end];
            let is_code = code.starts_with(|c: char| c.is_ascii_lowercase())
                && code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if is_code {
                out.insert(code.to_string());
            }
        }
    }
}

#[test]
fn every_diagnostic_code_is_documented() {
    let mut files = vec![];
    rust_files(&root().join("src"), &mut files);
    let mut codes = BTreeSet::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
        codes_in(&text, &mut codes);
    }
    assert!(codes.len() > 30, "found only {} diagnostic codes in src/: {codes:?}", codes.len());
    codes.extend(COMPUTED_CODES.iter().map(|c| c.to_string()));
    let md = read("docs/LANGUAGE.md");
    let start = md.find(DIAGNOSTICS_PART.0).expect("docs/LANGUAGE.md has a part on diagnostics");
    let end = md[start + 1..].find(DIAGNOSTICS_PART.1).map_or(md.len(), |e| start + 1 + e);
    let part = &md[start..end];
    let missing: Vec<&String> = codes.iter().filter(|c| !part.contains(&format!("`twilit::{c}`"))).collect();
    assert!(
        missing.is_empty(),
        "docs/LANGUAGE.md part 18 does not list these diagnostic codes (one line each, with an example): {missing:?}"
    );
}

#[test]
fn diagnostic_codes_are_found_in_source() {
    let src = "Diagnostic::error(\n  \"reserved-name\", msg)\nself.error(\"type-mismatch\", m)\n\
               SyntaxError { code: \"syntax\" }\nfn error(&mut self, code: &str)\nerror(&format!(\"x\"))";
    let mut codes = BTreeSet::new();
    codes_in(src, &mut codes);
    let got: Vec<&str> = codes.iter().map(String::as_str).collect();
    assert_eq!(got, ["reserved-name", "syntax", "type-mismatch"]);
}

/// A designer copies the manuals' YAML examples into their files: each must be YAML (one
/// that was not, a `value: table ... { 0: 0 }` plain scalar, was copied and refused).
#[test]
fn every_yaml_example_of_the_manuals_is_yaml() {
    let mut failures = vec![];
    for doc in ["docs/LANGUAGE.md", "docs/FORMAT.md", "docs/SCENARIOS.md", "README.md"] {
        for f in fences(&read(doc)).iter().filter(|f| f.tag == "yaml") {
            if let Err(e) = serde_yaml::from_str::<serde_yaml::Value>(&f.text) {
                failures.push(format!("{doc}: ```yaml block of line {}: {e}", f.line));
            }
        }
    }
    assert!(failures.is_empty(), "YAML examples that are not YAML:\n{}", failures.join("\n"));
}

#[test]
fn fences_and_positions_are_found() {
    let md = "text\n```twilit\ndraw 1\nscore 1\n```\n```yaml\na: b\n```\n";
    let fs = fences(md);
    assert_eq!(fs.len(), 2);
    assert_eq!((fs[0].tag.as_str(), fs[0].line, fs[0].text.as_str()), ("twilit", 2, "draw 1\nscore 1"));
    assert_eq!(position(&fs[0], 9), (4, 3));
    assert_eq!(fs[1].tag, "yaml");
}
