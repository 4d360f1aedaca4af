//! The `twilit` binary end to end: the bundled content checks clean, a misspelled keyword
//! is reported at its exact line and column (human and JSON), usage errors exit 2; and
//! `twilit test`: the bundled scenarios pass, a removed answer fails with the
//! missing-choice message and its options, an unaffordable Shadow card fails a scenario
//! that expects it to be played, JSON output, `twilit play` replays a seed.

use std::path::Path;
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

/// A temporary directory, removed when dropped (also when a test fails).
struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

/// A copy of cards/lotr in a fresh temp dir.
fn lotr_copy(tag: &str) -> Scratch {
    let dir = tempfile::Builder::new().prefix(&format!("twilit-cli-{tag}-")).tempdir().expect("temp dir");
    copy_dir(&root().join("cards/lotr"), &dir.path().join("lotr"));
    Scratch(dir)
}

/// A copy of cards/lotr with one extra card whose `|` script misspells `Add`.
fn lotr_with_typo() -> (Scratch, String) {
    let dir = lotr_copy("typo");
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
    // An id typed on the command line that names nothing is a usage error (exit 2).
    let o = twilit(root(), &["explain", "rohirim_road"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("did you mean `rohirrim_road`?"));
}

#[test]
fn bench_generates_a_library_that_checks_clean() {
    let o = twilit(root(), &["bench", "--cards", "300", "--runs", "1"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("generated 300 cards"), "{out}");
    assert!(out.contains("(300 cards, 0 problems)"), "{out}");
    // The library is written to disk first: a count past the bound is refused before any.
    let o = twilit(root(), &["bench", "--cards", "18446744073709551615"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("more than the 1000000"), "{o:?}");
    assert!(o.stdout.is_empty());
}

/// The measuring games of `benches/games` check clean and play exactly the 100 turns their
/// comments divide by (docs/PERFORMANCE.md reads per-statement costs off them).
#[test]
fn measuring_games_check_clean_and_last_100_turns() {
    for game in ["counters", "moves"] {
        let dir = format!("benches/games/{game}");
        let o = twilit(root(), &["check", &dir]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        let o = twilit(root(), &["simulate", &dir, "--games", "3", "--jobs", "1", "--format", "json"]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        let out = stdout(&o);
        assert!(out.contains(r#""ended":3,"#), "{game}: {out}");
        assert!(out.contains(r#""min":100,"max":100}"#), "{game} lasts 100 turns: {out}");
    }
}

// ---------------------------------------------------------------------------
// twilit test and twilit play

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn bundled_scenarios_all_pass() {
    let o = twilit(root(), &["test", "cards/"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let last = out.lines().last().unwrap();
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
    let lotr = out.lines().filter(|l| l.starts_with("ok     lotr/")).count();
    assert!(lotr >= 12, "only {lotr} LOTR scenarios:\n{out}");
    assert_eq!(out.lines().count(), passed + 1, "one line per scenario, then the summary");
}

#[test]
fn a_removed_answer_fails_with_the_prompt_and_options() {
    let dir = lotr_copy("missing");
    let sc = dir.join("lotr/scenarios/rohirrim_road_does_not_change_revealed_cost.yaml");
    edit(&sc, "  - choose: [legolas_greenleaf]                    # exert an Elf\n", "");
    let o = twilit(&dir, &["test", "lotr/scenarios/rohirrim_road_does_not_change_revealed_cost.yaml"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL   lotr/rohirrim_road_does_not_change_revealed_cost"), "{out}");
    assert!(
        out.contains("missing choice at step 1: frodo_player asks choose 1 able (pick 1); options: legolas_greenleaf"),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 1 failed\n"), "{out}");
}

#[test]
fn an_unused_answer_fails() {
    let dir = lotr_copy("unused");
    let sc = dir.join("lotr/scenarios/free_peoples_card_adds_its_cost.yaml");
    edit(&sc, "  - expect: twilight == 2\n", "  - choose: [yes]\n  - expect: twilight == 2\n");
    let out = stdout(&twilit(&dir, &["test", "lotr/scenarios/free_peoples_card_adds_its_cost.yaml"]));
    assert!(out.contains("unused answer [\"yes\"]"), "{out}");
}

#[test]
fn an_unaffordable_shadow_card_passes_only_with_expect_error() {
    let dir = lotr_copy("unaffordable");
    let sc = dir.join("lotr/scenarios/shadow_card_removes_its_cost.yaml");
    // Two tokens cannot pay Goblin Scavengers' 3: the scenario that plays it now fails...
    edit(&sc, "  - { counter: twilight, set: 5 }", "  - { counter: twilight, set: 2 }");
    let out = stdout(&twilit(&dir, &["test", "lotr/scenarios/shadow_card_removes_its_cost.yaml"]));
    assert!(out.contains("step 1 (refused): cannot remove 3 twilight: the pool holds 2"), "{out}");
    // ...and expecting the refusal is what makes it pass.
    let text = "  - act: { player: sauron_player, play: goblin_scavengers }        # a minion, cost 3\n";
    let refused =
        format!("{text}  - expect_error: \"cannot remove 3 twilight: the pool holds 2\"\n  - expect: twilight == 2\n");
    let body = std::fs::read_to_string(&sc).unwrap();
    let head = &body[..body.find(text).unwrap()];
    std::fs::write(&sc, format!("{head}{refused}")).unwrap();
    let o = twilit(&dir, &["test", "lotr/scenarios/shadow_card_removes_its_cost.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn test_usage_errors_exit_two() {
    let o = twilit(root(), &["test", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twilit(root(), &["test", "--no-such-flag"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn play_replays_a_seed() {
    let a = stdout(&twilit(root(), &["play", "cards/lotr", "--seed", "5", "--turns", "2"]));
    let b = stdout(&twilit(root(), &["play", "cards/lotr", "--seed", "5", "--turns", "2"]));
    assert_eq!(a, b);
    assert!(a.contains("-- start of turn 2"), "{a}");
}

#[test]
fn play_json_gives_one_object_per_event_and_a_result() {
    let out = stdout(&twilit(root(), &["play", "cards/goofspiel", "--seed", "4", "--format", "json"]));
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("a JSON object")).collect();
    let (last, events) = lines.split_last().expect("some output");
    assert!(events.iter().all(|e| e.get("text").is_some() && e.get("depth").is_some()));
    let r = &last["result"];
    assert_eq!(r["ended"], true);
    assert_eq!(r["refused"], 0);
    assert_eq!(r["turns"], 13);
    assert_eq!(r["events"].as_u64(), Some(events.len() as u64));
    let scores = r["scores"].as_object().expect("scores");
    let (p1, p2) = (scores["p1"].as_i64().unwrap(), scores["p2"].as_i64().unwrap());
    let winners: Vec<&str> = r["winners"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    let expected: Vec<&str> = if p1 > p2 {
        vec!["p1"]
    } else if p2 > p1 {
        vec!["p2"]
    } else {
        vec![]
    };
    assert_eq!(winners, expected);
    assert_eq!(r["draw"], p1 == p2);
}

#[test]
fn play_games_prints_one_result_per_seed_and_as_shows_a_players_view() {
    let out = stdout(&twilit(root(), &["play", "cards/crazy_eights", "--players", "5", "--seed", "3", "--games", "4"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (i, l) in lines.iter().enumerate() {
        assert!(l.starts_with(&format!("seed {}: ", 3 + i)) && l.ends_with(" 0 refused actions"), "{l}");
    }
    let all = stdout(&twilit(root(), &["play", "cards/goofspiel", "--seed", "2"]));
    let p2 = stdout(&twilit(root(), &["play", "cards/goofspiel", "--seed", "2", "--as", "p2"]));
    assert_eq!(all.lines().count(), p2.lines().count());
    assert!(all.contains("p1: choose 1 card from hand: c") && !p2.contains("p1: choose 1 card from hand: c"));
    assert!(p2.contains("p1: (secret choice)"));
    let bad = twilit(root(), &["play", "cards/goofspiel", "--as", "p9"]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = twilit(root(), &["play", "cards/goofspiel", "--players", "5"]);
    assert_eq!(bad.status.code(), Some(2));
}

/// The README's scenario tutorial, run as written: the transcript it shows is the real one.
#[test]
fn readme_scenario_tutorial_is_true() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let blocks: Vec<&str> = readme.split("```").collect();
    let block = |start: &str| {
        blocks.iter().find(|b| b.trim_start_matches(|c: char| c.is_alphanumeric()).trim_start().starts_with(start)).map(
            |b| {
                let body = b.split_once('\n').map(|x| x.1).unwrap_or("");
                body.to_string()
            },
        )
    };
    let card = block("- id: gathering_gloom").expect("card block").replace("Ad[1]", "Add[1]");
    let scenario = block("# Gathering Gloom costs 1").expect("scenario block");
    let transcript = block("scenario gathering_gloom_adds_1").expect("transcript block");
    let dir = lotr_copy("readme");
    std::fs::write(dir.join("lotr/my_cards.yaml"), card).unwrap();
    std::fs::write(dir.join("lotr/scenarios/gathering_gloom_adds_1.yaml"), scenario).unwrap();
    let o = twilit(&dir, &["test", "lotr/scenarios/gathering_gloom_adds_1.yaml", "--transcript"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), transcript);
}

#[test]
fn test_json_gives_one_object_per_scenario() {
    let dir = lotr_copy("json");
    let sc = dir.join("lotr/scenarios/shadow_card_removes_its_cost.yaml");
    edit(&sc, "  - expect: twilight == 2\n", "  - expect: twilight == 3\n");
    let o = twilit(&dir, &["test", "lotr", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let objects: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    assert!(objects.len() >= 12);
    let failed: Vec<_> = objects.iter().filter(|v| v["passed"] == false).collect();
    assert_eq!(failed.len(), 1, "{out}");
    assert_eq!(failed[0]["scenario"], "shadow_card_removes_its_cost");
    assert_eq!((&failed[0]["game"], &failed[0]["dir"]), (&"lotr".into(), &"lotr".into()));
    // The id `game.yaml` declares, not the folder's name (a walkthrough's `mygame/`).
    std::fs::rename(dir.join("lotr"), dir.join("mygame")).expect("renamed");
    let o = twilit(&dir, &["test", "mygame", "--format", "json"]);
    let first: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().expect("a line")).expect("JSON");
    assert_eq!((&first["game"], &first["dir"]), (&"lotr".into(), &"mygame".into()));
    assert_eq!(failed[0]["step"], 2);
    assert_eq!(failed[0]["message"], "expected twilight == 3, but twilight is 2");
    assert!(failed[0]["line"].as_u64().unwrap() > 1);
    assert!(String::from_utf8_lossy(&o.stderr).contains(" passed, 1 failed"));
}

/// An argument that is not UTF-8 is a path like any other, or a usage error; never a panic.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_never_panic() {
    use std::os::unix::ffi::OsStrExt;
    let dir = Scratch(tempfile::Builder::new().prefix("twilit-cli-utf8-").tempdir().unwrap());
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9");
    copy_dir(&root().join("cards/goofspiel"), &dir.join(name));
    let run = |args: &[&std::ffi::OsStr]| {
        let o = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .current_dir(&*dir)
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!err.contains("panicked"), "{err}");
        (o.status.code(), stdout(&o), err)
    };
    let (code, out, _) = run(&["check".as_ref(), name]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 errors, 0 warnings"), "{out}");
    let missing = std::ffi::OsStr::from_bytes(b"nope\xe9");
    let (code, out, _) = run(&["check".as_ref(), missing]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("twilit::io"), "{out}");
    let (code, _, err) = run(&["explain".as_ref(), name]);
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid UTF-8"), "{err}");
}

/// `--players` outside the game's declared range, however large, is a usage error naming it.
#[test]
fn play_players_outside_the_declared_range_is_a_usage_error() {
    for n in ["0", "1", "6", "4294967296", "18446744073709551615"] {
        let o = twilit(root(), &["play", "cards/crazy_eights", "--players", n]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{n}: {err}");
        assert!(err.contains(&format!("is played by 2 to 5 players, not {n}")), "{n}: {err}");
    }
    let o = twilit(root(), &["play", "cards/crazy_eights", "--players", "99999999999999999999999"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The walker reads only regular files inside the given tree: a FIFO named `x.yaml` (which
/// blocked `check` forever) and a link out of the tree are skipped with a warning.
#[cfg(unix)]
#[test]
fn the_walker_skips_fifos_and_links_out_of_the_tree() {
    let dir = lotr_copy("walk");
    let game = dir.join("lotr");
    let fifo = game.join("x.yaml");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::os::unix::fs::symlink("..", game.join("up")).unwrap();
    std::fs::write(dir.join("outside.yaml"), "- id: outside\n  name: Outside\n").unwrap();
    let o = twilit(&dir, &["check", "lotr"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("skipped `lotr/up`: it links outside `lotr`"), "{out}");
    assert!(out.contains("skipped `lotr/x.yaml`: it is not a regular file"), "{out}");
    assert!(!out.contains("outside.yaml"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("0 errors, 2 warnings"), "{out}");
    // Named directly, it is a usage error, as for `test`: passed, nothing was checked.
    let o = twilit(&dir, &["check", "lotr/x.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("lotr/x.yaml is not a regular file"));
}

/// A folder with nothing in it checks, tests and measures nothing: a usage error, not a
/// pass (a hostile-input hunt: a typo in a CI script must not pass by running nothing).
#[test]
fn an_empty_folder_is_a_usage_error_not_a_pass() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("empty")).expect("folder");
    for (cmd, says) in [
        ("check", "nothing to check in `empty`: no .yaml file in it"),
        ("test", "no game in `empty`"),
        ("coverage", "no game in `empty`"),
    ] {
        let o = twilit(dir.path(), &[cmd, "empty"]);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{cmd}: {}", String::from_utf8_lossy(&o.stderr));
        // Beside a game, too.
        let game = root().join("cards/goofspiel");
        let o = twilit(dir.path(), &[cmd, "empty", game.to_str().expect("utf-8")]);
        assert_eq!(o.status.code(), Some(2), "{cmd} beside a game");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{cmd}: {}", String::from_utf8_lossy(&o.stderr));
    }
}

/// An interrupted `twilit bench` removes its generated library: Ctrl-C, a `kill` and a
/// closed terminal alike.
#[cfg(unix)]
#[test]
fn an_interrupted_bench_removes_its_library() {
    for signal in ["-INT", "-TERM", "-HUP"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twilit"))
            .args(["bench", "--cards", "2000", "--runs", "100"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let dir = std::env::temp_dir().join(format!("twilit-bench-{}-2000", child.id()));
        let mut first = String::new();
        let mut lines = std::io::BufReader::new(child.stdout.as_mut().unwrap());
        std::io::BufRead::read_line(&mut lines, &mut first).unwrap();
        assert!(first.starts_with("generated 2000 cards") && dir.exists(), "{first}");
        assert!(Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap().success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}: {status:?}");
        assert!(!dir.exists(), "{signal}: {} is left behind", dir.display());
    }
}

/// A phase script that runs past the step budget ends `twilit play` with the budget's
/// message and exit 1; it used to be rolled back and run again forever.
#[test]
fn play_stops_when_a_phase_script_exceeds_its_budget() {
    let o = twilit(root(), &["play", "tests/fixtures/runaway", "--seed", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("step budget (200000) exceeded; running: the `end:` script of phase main"), "{err}");
    let o = twilit(root(), &["simulate", "tests/fixtures/runaway", "--games", "3", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("step budget (200000) exceeded"), "{}", stdout(&o));
    // The same for a triggered ability that keeps triggering itself.
    let o = twilit(root(), &["play", "tests/fixtures/runaway_trigger", "--seed", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("trigger budget (24) exceeded: echo keeps triggering itself"), "{err}");
    // And for an action window that never closes: it was cut after 200 questions unseen.
    let o = twilit(root(), &["play", "tests/fixtures/runaway_window", "--seed", "1"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("window budget (1000) exceeded: the action window of phase main"), "{err}");
    assert!(stdout(&o).contains("(now 500)"), "{}", stdout(&o));
    // Raised at the phase's `can_pass:`, the rule that keeps the window open (a walkthrough
    // found no file, line or column).
    assert!(err.contains("[tests/fixtures/runaway_window/game.yaml:"), "{err}");
}

/// A run-time error (here a division by zero in a procedure that checks clean) is reported
/// at its line and column in the game's file, besides the scenario step or seed that ran
/// into it: in `test` (human and JSON) and in `play`.
#[test]
fn runtime_errors_are_reported_where_the_script_raises_them() {
    let o = twilit(root(), &["test", "tests/fixtures/runtime_error"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("division by zero in `others` (in share), raised at tests/fixtures/runtime_error/game.yaml:23:12"),
        "{out}"
    );
    let o = twilit(root(), &["test", "tests/fixtures/runtime_error", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON line");
    assert_eq!(
        v["raised_at"],
        serde_json::json!({ "file": "tests/fixtures/runtime_error/game.yaml", "line": 23, "column": 12 })
    );
    assert_eq!((v["line"].as_u64(), v["step"].as_u64()), (Some(11), Some(1)), "{v}");
    let o = twilit(root(), &["play", "tests/fixtures/runtime_error", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8_lossy(&o.stderr));
    // The same error met while `expect_actions` tries the play is an error too, raised in
    // the game's file (it was a plain failed expectation, pointing at the scenario only).
    let dir = Scratch(tempfile::Builder::new().prefix("twilit-cli-raised-").tempdir().unwrap());
    let game = dir.join("runtime_error");
    copy_dir(&root().join("tests/fixtures/runtime_error"), &game);
    let sc = game.join("scenarios/share.yaml");
    edit(
        &sc,
        "  - act: { player: alice, play: coin }\n",
        "  - expect_actions: { player: alice, actions: [play coin] }\n",
    );
    let o = twilit(&dir, &["test", "runtime_error", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON line");
    assert_eq!(v["kind"], "error", "{v}");
    assert_eq!(v["raised_at"], serde_json::json!({ "file": "runtime_error/game.yaml", "line": 23, "column": 12 }));
}

// ---------------------------------------------------------------------------
// Paths: any file of a game, from any working directory, loads the whole game

fn paths_game() -> std::path::PathBuf {
    root().join("tests/fixtures/paths/duel")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A copy of tests/fixtures/paths/duel in a fresh temp dir, as `duel/`.
fn duel_copy(tag: &str) -> Scratch {
    let dir = tempfile::Builder::new().prefix(&format!("twilit-cli-{tag}-")).tempdir().expect("temp dir");
    copy_dir(&paths_game(), &dir.path().join("duel"));
    Scratch(dir)
}

/// A scenario, a card file, a faction file or `game.yaml` named alone is checked and run
/// with the rest of its game (the scenario uses cards of two other files, which were
/// reported unknown), from the repository root, from inside the game and from elsewhere.
#[test]
fn any_file_of_a_game_is_checked_with_its_whole_game() {
    let game = "tests/fixtures/paths/duel";
    for file in ["scenarios/silver.yaml", "cards/coins.yaml", "factions/guild.yaml", "game.yaml"] {
        let o = twilit(root(), &["check", &format!("{game}/{file}")]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stdout(&o));
        assert!(stdout(&o).starts_with("0 errors, 0 warnings in "), "{file}: {}", stdout(&o));
    }
    let o = twilit(&root().join("cards/lotr"), &["check", "../../tests/fixtures/paths/duel/scenarios/silver.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let scenarios = paths_game().join("scenarios");
    let o = twilit(&scenarios, &["check", "silver.yaml", "../cards/coins.yaml"]);
    assert_eq!(
        stdout(&o),
        "0 errors, 0 warnings in 3 files (2 cards), checked with 2 other files of its game (1 card)\n"
    );
    // `test` runs the scenarios of the files named, or all of the game's for another file.
    let o = twilit(root(), &["test", &format!("{game}/scenarios/silver.yaml")]);
    assert_eq!(stdout(&o), "ok     duel/silver_scores_two\n1 passed, 0 failed\n");
    for file in ["cards/coins.yaml", "factions/guild.yaml", "game.yaml"] {
        let o = twilit(root(), &["test", &format!("{game}/{file}")]);
        assert!(stdout(&o).ends_with("\n2 passed, 0 failed\n"), "{file}: {}", stdout(&o));
    }
}

/// Inside a game, a relative path without `./` works: `scenarios/x.yaml` used to look for
/// the game in the directory `` and fail with "cannot read ``".
#[test]
fn relative_paths_inside_a_game_work() {
    let o = twilit(&paths_game(), &["test", "scenarios/silver.yaml"]);
    assert_eq!(stdout(&o), "ok     duel/silver_scores_two\n1 passed, 0 failed\n", "{}", stderr(&o));
    let o = twilit(&paths_game().join("scenarios"), &["test", "copper.yaml"]);
    assert_eq!(stdout(&o), "ok     duel/copper_scores_one\n1 passed, 0 failed\n", "{}", stderr(&o));
    for args in [&["test", "game.yaml"][..], &["test", "."], &["test", "cards"]] {
        let o = twilit(&paths_game(), args);
        assert!(stdout(&o).ends_with("\n2 passed, 0 failed\n"), "{args:?}: {}", stdout(&o));
    }
    for file in ["scenarios/silver.yaml", "game.yaml", "cards/coins.yaml"] {
        let o = twilit(&paths_game(), &["check", file]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stdout(&o));
    }
}

/// `check FILE` reports the file's problems and its game.yaml's, not those of the other
/// files it read to complete the game (it says how many there are); `test` reports them
/// all, since they stop the scenarios.
#[test]
fn check_of_a_file_reports_that_file_and_its_ruleset() {
    let dir = duel_copy("scope");
    edit(
        &dir.join("duel/cards/coins.yaml"),
        "value: 2 }",
        "value: 2, abilities: [{ action: main, effect: \"Ad[1]\" }] }",
    );
    let o = twilit(&dir, &["check", "duel/scenarios/silver.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        "0 errors, 0 warnings in 2 files (0 cards), checked with 3 other files of its game (3 cards)\n"
    );
    assert!(stderr(&o).contains("note: 1 problem in the other files of this game is not shown"), "{}", stderr(&o));
    let o = twilit(&dir, &["check", "duel/cards/coins.yaml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("twilit::unknown-keyword") && stdout(&o).contains("duel/cards/coins.yaml:3:"));
    let o = twilit(&dir, &["test", "duel/scenarios/silver.yaml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("twilit::unknown-keyword"), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("1 error(s): fix them before running scenarios\n"), "{}", stdout(&o));
    // An error in game.yaml is the game's: it is reported with any of its files.
    edit(&dir.join("duel/game.yaml"), "add (value of this) points to you", "add (value of this) pionts to you");
    let o = twilit(&dir, &["check", "--format", "json", "duel/scenarios/silver.yaml"]);
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1, "{}", stdout(&o));
    assert_eq!((lines[0]["file"].as_str(), lines[0]["line"].as_u64()), (Some("duel/game.yaml"), Some(17)));
}

/// A file that does not parse comes first, and what depends on it is not reported: one
/// note says so. A broken game.yaml used to cascade into an `unknown property` per card,
/// and a broken card file named nowhere into an `unknown card` per use.
#[test]
fn a_file_that_does_not_parse_comes_first_and_alone() {
    let dir = duel_copy("unparsed");
    edit(&dir.join("duel/game.yaml"), "name: Duel", "name: [Duel");
    for path in ["duel", "duel/scenarios/silver.yaml", "duel/cards/coins.yaml"] {
        let o = twilit(&dir, &["check", "--format", "json", path]);
        assert_eq!(o.status.code(), Some(1), "{path}");
        let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let codes: Vec<&str> = lines.iter().map(|v| v["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["twilit::yaml-syntax", "twilit::not-checked"], "{path}: {}", stdout(&o));
        assert_eq!(lines[0]["file"], "duel/game.yaml");
        assert_eq!(
            lines[1]["message"],
            "the other files of this game were not checked against `duel/game.yaml`, which does not parse"
        );
    }
    let o = twilit(&dir, &["test", "duel"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1));
    let yaml = out.find("twilit::yaml-syntax").expect("the syntax error");
    assert!(yaml < out.find("twilit::not-checked").expect("the note"), "{out}");
    assert!(!out.contains("unknown"), "{out}");

    // A card file that does not parse: its cards are not reported unknown where they are used.
    let dir = duel_copy("unparsed-cards");
    edit(&dir.join("duel/cards/coins.yaml"), "- { id: copper", "- { id: [copper");
    let o = twilit(&dir, &["check", "duel"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.starts_with("twilit::yaml-syntax"), "{out}");
    assert!(out.contains("5 uses of unknown names are not reported in the other files of this game"), "{out}");
    assert!(!out.contains("unknown card"), "{out}");
    assert!(out.ends_with("1 error, 1 warning in 5 files (1 card)\n"), "{out}");
    // Named or not, it is reported: the game lacks it, and its cards are used here.
    let o = twilit(&dir, &["check", "duel/scenarios/silver.yaml"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.starts_with("twilit::yaml-syntax\n\n  × invalid YAML"), "{out}");
    assert!(out.contains("3 uses of unknown names are not reported") && !out.contains("unknown card"), "{out}");
    assert!(
        out.ends_with("1 error, 1 warning in 3 files (0 cards), checked with 2 other files of its game (1 card)\n"),
        "{out}"
    );
}

/// A walk skips hidden directories, `node_modules` and build directories (a Cargo target
/// directory, tagged by CACHEDIR.TAG or holding .rustc_info.json): `check .` at the root of
/// a repository used to read target/ and report a package's appveyor.yml as `no-game`.
/// A path named explicitly is read wherever it is.
#[test]
fn the_walk_skips_build_package_and_hidden_directories() {
    let dir = duel_copy("skip");
    let write = |rel: &str, text: &str| {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("target/CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n# created by cargo\n");
    write("target/peers/node/node_modules/x/appveyor.yml", "version: 1\n");
    write("target/release/stray.yaml", "- { id: stray, name: Stray }\n");
    write("elsewhere/.rustc_info.json", "{}");
    for stray in ["elsewhere/debug/stray.yaml", "node_modules/x/stray.yml", "duel/node_modules/stray.yaml"] {
        write(stray, "- { id: stray, name: Stray }\n");
    }
    write(".cache/stray.yaml", "- { id: stray, name: Stray }\n");
    for args in [&["check", "."][..], &["check", "duel"], &["test", "."]] {
        let o = twilit(&dir, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stdout(&o));
        assert!(!stdout(&o).contains("stray") && !stdout(&o).contains("appveyor"), "{args:?}: {}", stdout(&o));
    }
    assert_eq!(stdout(&twilit(&dir, &["check", "."])), "0 errors, 0 warnings in 5 files (3 cards)\n");
    let o = twilit(&dir, &["check", "target/peers/node/node_modules/x/appveyor.yml", "target"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).matches("twilit::no-game").count(), 2, "{}", stdout(&o));
}

/// A card played face down is secret from the others, in the log as on the table: the
/// pick, the play and its end name "a card" for them, the card for its player.
#[test]
fn a_card_played_face_down_is_not_named_to_the_others() {
    let game = "tests/fixtures/secret_play";
    let all = stdout(&twilit(root(), &["play", game, "--seed", "1"]));
    let p1_played = all.lines().find_map(|l| l.strip_prefix("p1: play ")).expect("p1 plays a card").to_string();
    let p2 = stdout(&twilit(root(), &["play", game, "--seed", "1", "--as", "p2"]));
    assert_eq!(all.lines().count(), p2.lines().count());
    assert!(!p2.contains(&p1_played), "p2 learns p1's card {p1_played}:\n{p2}");
    for line in ["p1: act or pass: (hidden)", "p1: play a card", "p1: a card is played"] {
        assert!(p2.lines().any(|l| l == line), "p2 sees `{line}`:\n{p2}");
    }
    let p1 = stdout(&twilit(root(), &["play", game, "--seed", "1", "--as", "p1"]));
    assert!(p1.contains(&format!("p1: act or pass: play {p1_played}")), "{p1}");
    assert!(p1.contains(&format!("p1: {p1_played} is played")), "{p1}");
}

/// Run from inside a game's folder or its `scenarios/`, `check` and `test` take that game
/// (a designer's walkthrough: from `scenarios/` they said `cards` does not exist).
#[test]
fn check_and_test_from_inside_a_game_take_that_game() {
    let dir = lotr_copy("inside");
    let scenarios = dir.join("lotr/scenarios");
    let o = twilit(&scenarios, &["test"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).lines().last().is_some_and(|l| l.ends_with("passed, 0 failed")), "{}", stdout(&o));
    let o = twilit(&scenarios, &["check"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("0 errors, 0 warnings in "), "{}", stdout(&o));
    // `play` and `simulate` too (they looked for `cards/lotr`, and wanted a path).
    let o = twilit(&scenarios, &["play", "--turns", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).lines().last().is_some_and(|l| l.starts_with("seed 1: ")), "{}", stdout(&o));
    let o = twilit(&scenarios, &["simulate", "--games", "2", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("\"games\":2"), "{}", stdout(&o));
    // Outside any game, `simulate` asks which.
    let o = twilit(&dir, &["simulate", "--games", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("which game?"));
}
