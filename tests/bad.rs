//! Bad input never panics: every case under tests/fixtures/bad/ (a file, or a directory
//! of files) is checked by the real binary, and its rendered diagnostics are snapshotted.
//! Generated cases (a 10 MB scalar, 100k-deep nesting) are built in a temp directory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad")
}

/// Runs `twilit check` on `paths` from `dir`, returning exit code and stdout.
fn check(dir: &Path, paths: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .current_dir(dir)
        .arg("check")
        .args(paths)
        .env("NO_COLOR", "1")
        .output()
        .expect("twilit runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    (out.status.code().expect("exit code"), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn every_bad_fixture_ends_in_a_diagnostic() {
    let dir = fixtures();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixtures dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "game.yaml")
        .collect();
    names.sort();
    assert!(names.len() >= 100, "only {} bad fixtures", names.len());
    // `warn_*` cases hold only warnings: the check passes (exit 0) but must say something.
    for name in names {
        let case = alone(&name);
        let (code, out) = check(case.path(), &[&name]);
        let expected = if name.starts_with("warn_") { 0 } else { 1 };
        assert_eq!(code, expected, "{name}: exit code\n{out}");
        assert!(out.contains("twilit::"), "{name} printed no diagnostic code:\n{out}");
        insta::with_settings!({ snapshot_suffix => name.replace('.', "_") }, {
            insta::assert_snapshot!("bad", out);
        });
    }
}

/// A copy of one case (a file or a directory) beside the fixtures' game.yaml, in a temp dir
/// removed when dropped: a file is checked with the whole of its game, and the cases are
/// not one game (their ids and names would meet).
fn alone(name: &str) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        if from.is_dir() {
            std::fs::create_dir_all(to).expect("case dir");
            for e in std::fs::read_dir(from).expect("case dir") {
                let e = e.expect("entry");
                copy(&e.path(), &to.join(e.file_name()));
            }
        } else {
            std::fs::copy(from, to).expect("copy case");
        }
    }
    let dir = tempfile::Builder::new().prefix("twilit-bad-case-").tempdir().expect("temp dir");
    std::fs::copy(fixtures().join("game.yaml"), dir.path().join("game.yaml")).expect("copy game");
    copy(&fixtures().join(name), &dir.path().join(name));
    dir
}

/// A game directory with one case file, removed when dropped (also when a test fails).
fn temp_case(name: &str, file: &str, text: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(&format!("twilit-bad-{name}-")).tempdir().expect("temp dir");
    std::fs::copy(fixtures().join("game.yaml"), dir.path().join("game.yaml")).expect("copy game");
    std::fs::write(dir.path().join(file), text).expect("write case");
    dir
}

/// A generated case must fail fast with the expected code and never panic.
fn generated(name: &str, text: Vec<u8>, code: &str) {
    let dir = temp_case(name, "case.yaml", &text);
    let start = Instant::now();
    let (exit, out) = check(dir.path(), &["case.yaml"]);
    assert!(start.elapsed() < Duration::from_secs(20), "{name} took {:?}", start.elapsed());
    assert_eq!(exit, 1, "{name}:\n{}", &out[..out.len().min(2000)]);
    assert!(out.contains(code), "{name} should report {code}:\n{}", &out[..out.len().min(2000)]);
    assert!(out.len() < 4000, "{name}: the report must stay short, not echo the input ({} bytes)", out.len());
    insta::with_settings!({ snapshot_suffix => name }, {
        insta::assert_snapshot!("generated", out);
    });
}

#[test]
fn ten_megabyte_scalar_is_refused() {
    let mut text = b"- id: big\n  name: \"".to_vec();
    text.extend(std::iter::repeat_n(b'x', 10 * 1024 * 1024));
    text.extend(b"\"\n");
    generated("big-scalar", text, "twilit::too-large");
}

/// 50,000 aliases of one 64 KiB scalar: a 500 KB file that stood for 3.2 GB of text
/// (3.2 GB of memory before it was refused with an unrelated message). Aliases are
/// counted by the bytes they copy (`Limits::yaml_bytes`), before copying.
#[test]
fn fifty_thousand_aliases_of_a_large_scalar_are_refused() {
    let big = "x".repeat(64 * 1024 - 1);
    let text = format!("- id: bomb\n  name: Bomb\n  text: &big {big}\n  list:\n{}", "    - *big\n".repeat(50_000));
    generated("alias-bytes", text.into_bytes(), "twilit::too-large");
}

/// A block scalar over the size limit, 5,000 lines long, is labelled on its first line
/// (its whole text used to be echoed: 189 KB of output).
#[test]
fn a_five_thousand_line_script_is_refused_on_its_first_line() {
    let lines: String = (0..5000).map(|i| format!("    let v{i} = 1\n")).collect();
    let text = format!("- id: big\n  name: Big\n  type: event\n  play: |\n{lines}");
    generated("long-block-scalar", text.into_bytes(), "twilit::too-large");
}

#[test]
fn hundred_thousand_deep_yaml_is_refused() {
    let n = 100_000;
    let text = format!("{}{}", "[".repeat(n), "]".repeat(n)).into_bytes();
    generated("deep-yaml", text, "twilit::too-deep");
}

#[test]
fn hundred_thousand_deep_script_is_refused() {
    let n = 100_000;
    let script = format!("let x = {}1{}", "(".repeat(n), ")".repeat(n));
    let text = format!("- id: deep\n  name: Deep\n  type: event\n  cost: 0\n  abilities:\n    - action: main\n      effect: \"{script}\"\n");
    generated("deep-script", text.into_bytes(), "twilit::too-");
}

#[test]
fn thousand_deep_script_within_size_limits_is_refused_by_the_parser() {
    let n = 1000;
    let script = format!("let x = {}1{}", "(".repeat(n), ")".repeat(n));
    let text = format!("- id: deep\n  name: Deep\n  type: event\n  cost: 0\n  abilities:\n    - action: main\n      effect: {script}\n");
    generated("deep-script-1000", text.into_bytes(), "twilit::too-deep");
}

/// Runs `twilit ARGS` from `dir`: exit code, stdout and stderr.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("twilit runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    (out.status.code().expect("exit code"), String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

/// Positions everyone agrees on: the human header of every diagnostic of every fixture
/// (LF, CRLF, CR-only, a BOM, non-ASCII text, a label past column 1000) names the line and
/// column that `--format json` gives.
#[test]
fn the_header_and_json_give_the_same_position() {
    let dir = fixtures();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixtures dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut compared = 0;
    for name in names {
        let (_, human, _) = run(&dir, &["check", &name]);
        let (_, json, _) = run(&dir, &["check", "--format", "json", &name]);
        for line in json.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let at = format!("[{}:{}:{}]", v["file"].as_str().unwrap_or_default(), v["line"], v["column"]);
            assert!(human.contains(&at), "{name}: JSON says {at}, the header does not:\n{human}");
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} diagnostics compared");
}

/// 16,000 players took forever to run; the checker refuses the scenario first, and
/// `twilit test` stops there at once.
#[test]
fn sixteen_thousand_players_are_refused_before_running() {
    let mut text = String::from("scenario: crowd\ngame: testgame\nplayers:\n");
    for i in 0..16_000 {
        text.push_str(&format!("  - {{ name: p{i} }}\n"));
    }
    text.push_str("steps:\n  - expect: tokens == 0\n");
    let dir = temp_case("crowd", "crowd.yaml", text.as_bytes());
    let start = Instant::now();
    let (code, out, _) = run(dir.path(), &["test", "."]);
    assert!(start.elapsed() < Duration::from_secs(20), "took {:?}", start.elapsed());
    assert_eq!(code, 1, "{}", &out[..out.len().min(2000)]);
    assert!(out.contains("twilit::player-count") && out.contains("seats 16000 players"), "{out}");
    assert!(out.contains("crowd.yaml:8:5]"), "points at the fifth player:\n{out}");
}

/// A failing expression of 60 KB is named in a line or two, not printed in full twice.
#[test]
fn a_long_failing_expression_is_abbreviated() {
    let items: Vec<String> = (1..10_000).map(|i| i.to_string()).collect();
    let text = format!(
        "scenario: long\ngame: testgame\nplayers:\n  - {{ name: alice }}\n  - {{ name: bob }}\nsteps:\n  - expect: count([{}]) == 0\n",
        items.join(", ")
    );
    let dir = temp_case("long", "long.yaml", text.as_bytes());
    let (code, out, err) = run(dir.path(), &["test", "."]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("FAIL   "), "{out}");
    assert!(
        out.len() < 1000 && err.len() < 3000,
        "stdout {} bytes, stderr {} bytes:\n{out}{err}",
        out.len(),
        err.len()
    );
    assert!(out.contains(" … ") && out.contains("9999]) is 9999"), "keeps the start and the end:\n{out}");
    // The transcript's last line says the same, abbreviated the same way (human and JSON).
    for format in ["human", "json"] {
        let (code, out, err) = run(dir.path(), &["test", ".", "--transcript", "--format", format]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.len() < 4000 && err.len() < 3000,
            "{format}: stdout {} bytes, stderr {} bytes",
            out.len(),
            err.len()
        );
        assert!(out.contains("FAILED at step 1 (failed): expected count([1, 2, 3"), "{format}: {out}");
    }
}

/// `twilit test /dev/null` is a usage error that says why, not "0 passed".
#[cfg(unix)]
#[test]
fn test_of_a_device_is_a_usage_error() {
    let (code, out, err) = run(&fixtures(), &["test", "/dev/null"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("/dev/null is not a regular file or a directory"), "{err}");
}
