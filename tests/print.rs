//! The script printer (`syntax::print`, what a `twilit fmt` would write): every script of
//! the bundled games and test games, printed back as text, parses to the same tree.

use std::path::PathBuf;

use twilit::check::fields::each_script;
use twilit::check::scripts::Entry;
use twilit::diag::SourceMap;
use twilit::syntax::{self, print};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The parse of `text` as `entry`, as s-expressions (which show no spans).
fn tree(text: &str, entry: Entry) -> Result<String, String> {
    match entry {
        Entry::Script => syntax::parse_script(text).map(|b| b.to_string()).map_err(|e| e.message),
        _ => syntax::parse_condition(text).map(|e| e.to_string()).map_err(|e| e.message),
    }
}

fn printed(text: &str, entry: Entry) -> String {
    match entry {
        Entry::Script => print::script(&syntax::parse_script(text).expect("parses")),
        _ => print::expr(&syntax::parse_condition(text).expect("parses")),
    }
}

#[test]
fn every_bundled_script_printed_back_parses_to_the_same_tree() {
    let dirs = ["cards", "tests/fixtures/run", "tests/fixtures/table"].map(|d| root().join(d));
    let mut sources = SourceMap::default();
    let (lib, _) = twilit::load::load_paths(&dirs, &mut sources);
    let (mut seen, mut wrong) = (0, vec![]);
    for bundle in &lib.games {
        each_script(bundle, &mut |src, entry, what| {
            if entry == Entry::Event {
                return;
            }
            let Ok(before) = tree(&src.text, entry) else { return };
            seen += 1;
            let text = printed(&src.text, entry);
            let after = tree(&text, entry);
            if after.as_ref() != Ok(&before) {
                wrong.push(format!(
                    "{what}:\n  {}\n  printed: {text}\n  was:   {before}\n  is:    {after:?}",
                    src.text.trim()
                ));
            }
        });
    }
    assert!(seen > 400, "only {seen} scripts");
    assert!(wrong.is_empty(), "{} of {seen} scripts print differently:\n{}", wrong.len(), wrong.join("\n"));
}
