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
    assert!(names.len() >= 30, "only {} bad fixtures", names.len());
    for name in names {
        let (code, out) = check(&dir, &[&name]);
        assert_eq!(code, 1, "{name} should fail validation:\n{out}");
        assert!(out.contains("twilit::"), "{name} printed no diagnostic code:\n{out}");
        insta::with_settings!({ snapshot_suffix => name.replace('.', "_") }, {
            insta::assert_snapshot!("bad", out);
        });
    }
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
