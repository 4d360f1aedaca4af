//! The `twilit` binary end to end: the bundled content checks clean, a misspelled keyword
//! is reported at its exact line and column (human and JSON), usage errors exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn twilit(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twilit")).current_dir(dir).args(args).env("NO_COLOR", "1").output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn bundled_content_checks_clean() {
    let o = twilit(root(), &["check", "cards/"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let last = out.lines().last().expect("summary line");
    assert!(last.starts_with("0 errors, 0 warnings in "), "{last}");
    for game in ["lotr", "ti4", "root"] {
        assert!(root().join("cards").join(game).join("game.yaml").exists(), "{game} is bundled");
    }
    let cards: usize = last.rsplit('(').next().and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(cards >= 40, "{last}");
}

/// A copy of cards/lotr in a temp dir with one extra card whose `|` script misspells `Add`.
fn lotr_with_typo() -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("twilit-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root().join("cards/lotr"), &dir.join("lotr"));
    let card = "- id: gathering_gloom\n  name: Gathering Gloom\n  side: shadow\n  culture: ringwraith\n  type: condition\n  cost: 1\n  abilities:\n    - when: you play this\n      effect: |\n        Ad[1]\n";
    std::fs::write(dir.join("lotr/my_cards.yaml"), card).unwrap();
    (dir, card.to_string())
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn misspelled_keyword_in_block_script_is_pinpointed() {
    let (dir, card) = lotr_with_typo();
    let offset = card.find("Ad[1]").unwrap();
    let line = card[..offset].matches('\n').count() + 1;
    let col = offset - card[..offset].rfind('\n').unwrap();
    let o = twilit(&dir, &["check", "lotr"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains(&format!("lotr/my_cards.yaml:{line}:{col}")), "{out}");
    assert!(out.contains("twilit::unknown-keyword"), "{out}");
    assert!(out.contains("did you mean `Add`?"), "{out}");

    let o = twilit(&dir, &["check", "--format", "json", "lotr"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["code"], "twilit::unknown-keyword");
    assert_eq!(v["line"], line);
    assert_eq!(v["column"], col);
    assert_eq!(v["byte_start"], offset);
    assert_eq!(v["byte_end"], offset + 2);
    assert_eq!(v["severity"], "error");
    assert_eq!(v["help"], "did you mean `Add`?");
    assert!(v["file"].as_str().unwrap().ends_with("my_cards.yaml"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn usage_and_io_errors_exit_two() {
    assert_eq!(twilit(root(), &["chek"]).status.code(), Some(2));
    assert_eq!(twilit(root(), &["check", "--format", "xml"]).status.code(), Some(2));
    let o = twilit(root(), &["check", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
}

#[test]
fn explain_prints_parsed_abilities() {
    let o = twilit(root(), &["explain", "rohirrim_road"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("(modify cost (or condition possession) (pos 2) (until-end turn))"), "{out}");
    let o = twilit(root(), &["explain", "rohirim_road"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `rohirrim_road`?"));
}

#[test]
fn bench_generates_a_library_that_checks_clean() {
    let o = twilit(root(), &["bench", "--cards", "300", "--runs", "1"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("generated 300 cards"), "{out}");
    assert!(out.contains("(300 cards, 0 problems)"), "{out}");
}
