//! `twilit bench`: generates a large synthetic card library and measures how long
//! loading and checking it take. Used by the command and by `benches/check.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::diag::SourceMap;

/// The ruleset every generated card is checked against.
const GAME: &str = r#"game: benchgame
name: Bench Game
players: { min: 2, max: 4 }
scoring: vp
properties:
  side: { type: enum, values: [light, dark] }
  type: { type: enum, values: [unit, event, condition, site] }
  race: { type: enum, values: [scout, knight, raider, brute] }
  cost: { type: number, modified: while_played }
  strength: { type: number, default: 0 }
zones:
  deck: { per: player, ordered: true, visibility: hidden }
  hand: { per: player, visibility: owner }
  discard_pile: { per: player, ordered: true }
  play_area: { per: player, in_play: true }
counters:
  tokens: { on: game, min: 0 }
  wounds: { on: card, min: 0 }
  vp: { on: player, min: 0 }
keywords:
  "Add[n: int]": add n tokens
  "Remove[n: int]": remove n tokens
  "Exert[x: selector]": add 1 wounds to choose 1 x you control
variables:
  speaker: { type: player, start: first(players) }
defaults: { draw_from: deck, draw_into: hand, discard_into: discard_pile }
turn:
  order: clockwise from speaker
  phases:
    - name: main
    - name: combat
play: |
  if side of this == dark { Remove[cost of this] } else { Add[cost of this] }
  move this to play_area
"#;

/// The most cards `twilit bench --cards` generates (some 150 MB of YAML).
pub const MAX_CARDS: usize = 1_000_000;

/// Writes a game with `cards` cards (100 per file) under `dir`; returns the bytes written.
pub fn generate(dir: &Path, cards: usize) -> std::io::Result<u64> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("game.yaml"), GAME)?;
    let mut bytes = GAME.len() as u64;
    for (file_no, start) in (0..cards).step_by(100).enumerate() {
        let mut text = String::new();
        for i in start..(start + 100).min(cards) {
            card(&mut text, i);
        }
        bytes += text.len() as u64;
        std::fs::write(dir.join(format!("set{file_no:04}.yaml")), text)?;
    }
    Ok(bytes)
}

fn card(out: &mut String, i: usize) {
    let side = if i.is_multiple_of(2) { "light" } else { "dark" };
    let race = ["scout", "knight", "raider", "brute"][i % 4];
    let _ = write!(
        out,
        r#"- id: card_{i}
  name: Generated Card {i}
  text: "Main: Exert a {race} to add {n} tokens. When you play this, draw a card."
  side: {side}
  type: unit
  race: {race}
  cost: {cost}
  strength: {str}
  abilities:
    - action: main
      requires: count({race} you control) > 0
      cost: Exert[{race}]
      effect: |
        Add[{n}]
        if tokens > {cost} {{
          modify strength of (unit you control where race == {race}) by +1 until end of turn
        }}
    - when: you play this
      effect: |
        draw 1
        for each p in opponents {{ as p {{ discard choose 1 card from hand of p }} }}
"#,
        n = i % 3 + 1,
        cost = i % 5,
        str = i % 9 + 1,
    );
}

/// Timings of one load-and-check run.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// Reading and converting the YAML.
    pub load: Duration,
    /// Parsing and checking the scripts.
    pub check: Duration,
    /// Diagnostics found (0 for the generated library).
    pub problems: usize,
    /// Cards checked.
    pub cards: usize,
}

/// Loads and checks `dir`, timing each stage.
pub fn measure(dir: &Path) -> Timing {
    let mut sources = SourceMap::default();
    let t0 = Instant::now();
    let (lib, diags) = crate::load::load_paths(&[dir.to_path_buf()], &mut sources);
    let t1 = Instant::now();
    let report = crate::check::check_library(&lib);
    let t2 = Instant::now();
    Timing { load: t1 - t0, check: t2 - t1, problems: diags.len() + report.diags.len(), cards: report.cards }
}

/// The floor `check` is measured against: reads the same `.yaml` files and parses each
/// into a generic value with the YAML crate the loader uses (serde-saphyr), single-threaded,
/// nothing converted or checked. Returns the time and the number of files parsed.
pub fn bare_parse(dir: &Path) -> (Duration, usize) {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect()).unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    let t0 = Instant::now();
    let mut parsed = 0;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        if serde_saphyr::from_str::<serde_json::Value>(&text).is_ok() {
            parsed += 1;
        }
    }
    (t0.elapsed(), parsed)
}

/// A fresh temporary directory for a generated library.
pub fn temp_dir(cards: usize) -> PathBuf {
    std::env::temp_dir().join(format!("twilit-bench-{}-{cards}", std::process::id()))
}

/// Set by the interrupt handler as it starts removing the library. The process-wide
/// signal handler's one flag: while the handler removes the files, the bench reading them
/// may fail and return 1, and the process must not exit with that before the handler
/// exits with 130 (`main` waits for it: `interrupted`).
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether an interrupt handler is removing a generated library and will end the process.
pub fn interrupted() -> bool {
    INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst)
}

/// The generated library's directory, removed when this is dropped (unless kept) and
/// when the process is interrupted (Ctrl-C), so no 12 MB library is left behind.
pub struct TempLibrary {
    /// Where the library is written.
    pub dir: PathBuf,
    keep: bool,
}

impl TempLibrary {
    /// Claims `dir` for a library; `keep` leaves it in place at the end (not on Ctrl-C,
    /// SIGTERM or SIGHUP: ctrlc's `termination` feature catches all three).
    pub fn new(dir: PathBuf, keep: bool) -> Self {
        let on_interrupt = dir.clone();
        // One handler per process; a second bench in the same process keeps the first's
        // (only the binary runs one, and it exits after it).
        let _ = ctrlc::set_handler(move || {
            INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
            let _ = std::fs::remove_dir_all(&on_interrupt);
            std::process::exit(130);
        });
        TempLibrary { dir, keep }
    }
}

impl Drop for TempLibrary {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}
