//! Generates the script parser from `grammar/twilit.pest` (what `#[derive(pest_derive::Parser)]`
//! would emit), then swaps the bodies of the word-table rules (`reserved`, `verb`,
//! `event_verb`) for one table lookup each (`syntax::words`). The grammar stays the
//! language's specification: those rules keep their name, their place in error messages
//! and their meaning (a test checks every word of each table against the grammar's own
//! `// words:` list); only how they match changes, from a trie of pest calls to reading
//! the word once.

use std::path::PathBuf;

/// Rules whose body becomes `crate::syntax::words::<rule>(state)`.
const TABLE_RULES: &[&str] = &["reserved", "verb", "event_verb"];

fn main() {
    println!("cargo:rerun-if-changed=grammar/twilit.pest");
    println!("cargo:rerun-if-changed=build.rs");
    let input: proc_macro2::TokenStream =
        r#"#[grammar = "../grammar/twilit.pest"] pub struct ScriptParser;"#.parse().expect("derive input");
    let spec = pest_generator::derive_parser(input, false).to_string();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("grammar_spec.rs"), &spec).expect("write the reference parser");
    let mut code = spec.clone();
    let grammar = std::fs::read_to_string("grammar/twilit.pest").expect("read the grammar");
    let mut tables = String::new();
    for rule in TABLE_RULES {
        code = replace_body(&code, rule);
        let words = words_of(&grammar, rule);
        let alts: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
        tables += &format!(
            "/// The words of the grammar's `{rule}` rule (its `// words:` list).\n\
             #[allow(dead_code)]\n\
             pub(crate) const {}_WORDS: &[&str] = &[{}];\n\
             /// Whether `w` is one of them: one `match` on the whole word.\n\
             pub(crate) fn is_{rule}(w: &str) -> bool {{ matches!(w, {}) }}\n",
            rule.to_uppercase(),
            alts.join(", "),
            alts.join(" | ")
        );
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("grammar.rs"), code).expect("write the generated parser");
    // The untouched generated parser: tests check the tables against the grammar's tries.
    std::fs::write(out.join("grammar_spec.rs"), &spec).expect("write the reference parser");
    std::fs::write(out.join("words.rs"), tables).expect("write the word tables");
}

/// The `// words:` list written in the grammar just after `<rule> = @{`.
fn words_of(grammar: &str, rule: &str) -> Vec<String> {
    let at = grammar.find(&format!("\n{rule} = @{{")).unwrap_or_else(|| panic!("grammar has no rule `{rule}`"));
    let line = grammar[at..]
        .lines()
        .take(4)
        .find_map(|l| l.trim().strip_prefix("// words: "))
        .unwrap_or_else(|| panic!("rule `{rule}` has no `// words:` list"));
    line.split_whitespace().map(str::to_string).collect()
}

/// Replaces the body of `pub fn <rule>(state)` with an atomic rule that calls the table.
fn replace_body(code: &str, rule: &str) -> String {
    let head = format!("pub fn r#{rule} (");
    let start = code.find(&head).unwrap_or_else(|| panic!("generated parser has no rule `{rule}`"));
    let open = start + code[start..].find('{').expect("function body");
    let mut depth = 0usize;
    let mut close = open;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = open + i;
                    break;
                }
            }
            _ => {}
        }
    }
    let body = format!(
        "{{ state . rule (Rule :: r#{rule} , | state | {{ state . atomic (:: pest :: Atomicity :: Atomic , | state | \
         crate :: syntax :: words :: {rule} (state)) }}) }}"
    );
    format!("{}{}{}", &code[..open], body, &code[close + 1..])
}
