//! What several integration tests share: running the real binary from the crate's root.

use std::path::Path;
use std::process::Command;

/// Runs `twilit ARGS` from the crate's root (no colour); its exit code, stdout and stderr.
#[allow(dead_code)]
pub fn twilit(args: &[&str]) -> (i32, String, String) {
    twilit_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs `twilit ARGS` from `dir` (no colour); its exit code, stdout and stderr.
#[allow(dead_code)]
pub fn twilit_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_twilit"))
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("twilit runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().expect("exit code"), text(&out.stdout), text(&out.stderr))
}

/// Copies a game's folder (its files and `scenarios/`), so a scenario made in a test runs
/// beside it. Not every test file that shares this module copies a game.
#[allow(dead_code)]
pub fn copy_game(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("copy dir");
    for entry in std::fs::read_dir(from).expect("game dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_game(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// Runs `twilit ARGS` in this process (`twilit::cli::run`, no binary started): its exit
/// code, stdout and stderr. For tests that run many commands.
#[allow(dead_code)]
pub fn in_process(args: &[&str]) -> (i32, String, String) {
    let args = std::iter::once("twilit").chain(args.iter().copied()).map(String::from).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = twilit::cli::run(args, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

/// `rel` below the crate's root, as an absolute path.
#[allow(dead_code)]
pub fn crate_path(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel).display().to_string()
}
