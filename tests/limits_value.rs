//! One `Limits` value bounds loading, checking and playing: a caller (here the CLI's
//! `--limit NAME=N` and the library's `*_with` entry points) changes a limit, and reaching
//! it ends in a diagnostic that names the limit and says how to change it.

use std::path::Path;

use twilit::diag::SourceMap;
use twilit::Limits;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the CLI in-process from the repository root; returns (exit code, stdout, stderr).
fn twilit(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv = vec!["twilit".to_string()];
    argv.extend(args.iter().map(|a| a.replace("$ROOT", &root().display().to_string())));
    let code = twilit::cli::run(argv, &mut out, &mut err);
    (code, String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned())
}

fn scratch(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    dir
}

const GAME: &str = "game: tiny\nname: Tiny\nplayers: { min: 2, max: 2 }\ncounters:\n  fame: { on: player, min: 0 }\n";

#[test]
fn limits_are_listed_with_their_values_and_set_from_the_command_line() {
    let (code, out, _) = twilit(&["limits", "--limit", "steps=7"]);
    assert_eq!(code, 0);
    let steps = out.lines().find(|l| l.starts_with("steps ")).expect("a steps row");
    assert!(steps.split_whitespace().nth(1) == Some("7"), "{steps}");
    assert_eq!(out.lines().count(), Limits::names().count());

    let (_, help, _) = twilit(&["--help"]);
    let line = |cmd: &str| help.lines().find(|l| l.trim_start().starts_with(cmd)).unwrap_or_default().to_string();
    assert!(line("limits ").ends_with("List the resource limits, their values and what each bounds"), "{help}");
    assert!(line("explain ").contains("parsed abilities"), "each command keeps its own summary: {help}");

    let (code, _, err) = twilit(&["check", "cards/goofspiel", "--limit", "step=3"]);
    assert_eq!(code, 2, "a misspelled limit is a usage error");
    assert!(err.contains("there is no limit called `step`") && err.contains("did you mean `steps`?"), "{err}");

    let (code, _, err) = twilit(&["check", "cards/goofspiel", "--limit", "script_depth=100000"]);
    assert_eq!(code, 2);
    assert!(err.contains("`script_depth` cannot be raised above 256"), "{err}");
    let (code, _, err) = twilit(&["check", "cards/goofspiel", "--limit", "steps=lots"]);
    assert_eq!(code, 2);
    assert!(err.contains("`lots` is not a whole number"), "{err}");
}

#[test]
fn a_lowered_file_or_script_limit_is_reported_where_the_input_enters() {
    let card = "id: deep\nname: Deep\nplay: |\n  add (((((1))))) fame to you\n";
    let dir = scratch(&[("game.yaml", GAME), ("deep.yaml", card)]);
    let path = dir.path().display().to_string();
    let (code, out, _) = twilit(&["check", &path]);
    assert_eq!(code, 0, "clean under the defaults: {out}");

    let (code, out, _) = twilit(&["check", &path, "--limit", "script_brackets=3"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("nesting deeper than 3 levels"), "{out}");
    assert!(out.contains("deep.yaml:4:"), "points into the script: {out}");
    assert!(out.contains("limit") && out.contains("`script_brackets`"), "{out}");

    let (code, out, _) = twilit(&["check", &path, "--limit", "file_bytes=60"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("this file is larger than 60 bytes"), "{out}");
    assert!(out.contains("--limit file_bytes=N"), "{out}");

    let (code, out, _) = twilit(&["check", &path, "--limit", "players=1"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`players.min` must be from 1 to 1, found 2"), "{out}");
}

#[test]
fn a_raised_or_lowered_step_budget_reaches_the_scenarios_and_the_games() {
    let (code, out, _) = twilit(&["test", "cards/goofspiel", "--limit", "steps=20"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("step budget (20) exceeded"), "{out}");
    assert!(out.contains("raise it with `--limit steps=N`"), "{out}");

    let (code, out, _) = twilit(&["test", "cards/goofspiel", "--limit", "steps=1000000"]);
    assert_eq!(code, 0, "a raised budget changes nothing for scenarios within it: {out}");

    // The per-game budget counts every step since the game began: 13 rounds of
    // Goofspiel take more than 300.
    let (code, out, err) = twilit(&["play", "cards/goofspiel", "--limit", "game_steps=300"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("the game's step budget (300) exceeded"), "{err}");
    assert!(err.contains("--limit game_steps=N"), "{err}");
    let (code, _, err) = twilit(&["play", "cards/goofspiel"]);
    assert_eq!(code, 0, "{err}");
}

/// Aliases copy what they name: a small file whose aliases stand for gigabytes of text is
/// refused by the bytes its values would hold, before they are copied.
#[test]
fn aliases_are_counted_by_the_bytes_they_copy() {
    let big = "x".repeat(60 * 1024);
    let aliases = "  - *big\n".repeat(50_000);
    let text = format!("id: bomb\nname: Bomb\ntext: &big {big}\nlist:\n{aliases}");
    assert!(text.len() < 600 * 1024, "a small file");
    let mut sources = SourceMap::default();
    let files = [("game.yaml", GAME), ("bomb.yaml", text.as_str())];
    let (_, diags) = twilit::load::load_bundle_with(Path::new("g"), &files, &mut sources, &Limits::default());
    let d = diags.iter().find(|d| d.code.ends_with("too-large")).unwrap_or_else(|| panic!("{diags:?}"));
    assert!(d.message.contains("more than 67108864 bytes of values"), "{}", d.message);
    assert!(d.help.as_deref().unwrap_or("").contains("--limit yaml_bytes=N"), "{:?}", d.help);

    let mut tight = Limits::default();
    tight.set("yaml_bytes", 100_000).unwrap();
    let few = format!("id: bomb\nname: Bomb\ntext: &big {big}\nlist:\n  - *big\n");
    let (_, diags) = twilit::load::load_bundle_with(Path::new("g"), &[("c.yaml", few.as_str())], &mut sources, &tight);
    assert!(diags.iter().any(|d| d.code.ends_with("too-large") && d.message.contains("100000 bytes")), "{diags:?}");
}
