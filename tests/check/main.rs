//! The checker's integration suite: small in-memory games loaded with `load_bundle` and
//! checked with `check_library`, asserting real outcomes.
//!
//! Each case is one tiny `game.yaml` (`GAME`, shared by almost every test) plus one card,
//! faction or scenario file. A case asserts the exact diagnostic codes, the exact text
//! each primary span covers (the file text sliced by the span), the did-you-mean where
//! there is one, and, just as often, that valid input gives no diagnostic at all.
//! Every diagnostic of every case is checked to lie inside its file (`check`).
//! Stable, readable reports are also snapshotted (`tests/check/snapshots/`).

use std::path::Path;

use twilit::check::check_library;
use twilit::cli::render::human;
use twilit::diag::{Diagnostic, Label, Severity, SourceMap};
use twilit::load::{load_bundle, Library};

// ---------------------------------------------------------------------------
// The shared game

/// A small game using every kind of definition scripts can name.
const GAME: &str = r#"game: g
name: G
players: { min: 2, max: 4 }
roles: [hero, villain]
scoring: vp
properties:
  type: { type: enum, values: [unit, event, condition, possession] }
  side: { type: enum, values: [light, dark] }
  cost: { type: number, modified: while_played }
  strength: { type: number, default: 0 }
  tags: { type: list, values: [ranger, archer] }
  title: { type: text }
  unique: { type: bool, default: false }
zones:
  deck: { per: player, ordered: true, visibility: hidden }
  hand: { per: player, visibility: owner }
  discard_pile: { per: player, ordered: true }
  play_area: { per: player, in_play: true }
  market: { per: game }
pieces:
  warrior: { per_player: 10 }
  assembly: { per_player: 3, sides: [closed, governing] }
  mouse: { per_player: 2, plural: mice }
counters:
  pool: { on: game, min: 0, max: 3 }
  vp: { on: player, min: 0 }
  wounds: { on: card, min: 0 }
dice:
  d6: [1, 2, 3, 4, 5, 6]
board:
  attributes:
    suit: { type: enum, values: [fox, rabbit] }
  spaces:
    - { id: c1, suit: fox }
    - { id: c2, suit: rabbit }
  adjacency:
    - [c1, c2]
keywords:
  "Add[n]": add n pool
  "Exert[x: selector]": add 1 wounds to choose 1 x you control
procedures:
  battle:
    params: [at_space: space, attacker: player, defender]
    script: |
      let r = roll d6
      if r > 3 { score 1 for attacker }
  bonus:
    params: [p: player]
    value: vp of p + 1
turn:
  order: clockwise from speaker
  phases:
    - name: main
      steps: [upkeep, combat]
    - name: dark
    - name: evening
setup: |
  for each p in players { as p { draw 5 } }
end: count(players where vp of it >= 10) > 0
result:
  winners: most(players, vp of it)
  scores: vp of it
variables:
  speaker: { type: player, start: first(players) }
defaults:
  draw_from: deck
  draw_into: hand
  discard_into: discard_pile
"#;

/// `GAME` with text replaced (each `from` must occur in it).
fn game_with(edits: &[(&str, &str)]) -> String {
    let mut g = GAME.to_string();
    for (from, to) in edits {
        assert!(g.contains(from), "GAME has no {from:?}");
        g = g.replacen(from, to, 1);
    }
    g
}

/// A card file holding one card `probe` whose one `main` action has `script` as its
/// effect, written as a `|` block (so spans are exact).
fn effect_card(script: &str) -> String {
    let body: String = script.lines().map(|l| format!("        {l}\n")).collect();
    format!("- id: probe\n  name: Probe\n  abilities:\n    - action: main\n      effect: |\n{body}")
}

// ---------------------------------------------------------------------------
// Plumbing

/// The outcome of checking one in-memory game.
struct Checked {
    sources: SourceMap,
    diags: Vec<Diagnostic>,
}

/// Loads `files` (`game.yaml` is the ruleset) as one game under `g/` and checks it. The
/// loader must accept every input here: these tests are about the checker. Every label of
/// every diagnostic must lie inside its file, on character boundaries.
fn check(files: &[(&str, &str)]) -> Checked {
    let mut sources = SourceMap::default();
    let (bundle, load) = load_bundle(Path::new("g"), files, &mut sources);
    assert!(load.is_empty(), "the loader rejected a test input: {load:#?}");
    let mut diags = check_library(&Library { games: vec![bundle] }).diags;
    // As `twilit check` prints them: by file, then position, then code.
    diags.sort_by_key(|d| {
        let l = &d.labels[0];
        (sources.get(l.file).path.clone(), l.span.start, d.code.clone())
    });
    let c = Checked { sources, diags };
    for d in &c.diags {
        for l in &d.labels {
            let text = c.sources.get(l.file).text().unwrap();
            assert!(
                l.span.start <= l.span.end && l.span.end <= text.len(),
                "label {l:?} of {} lies outside its file ({} bytes)",
                d.code,
                text.len()
            );
            assert!(text.is_char_boundary(l.span.start) && text.is_char_boundary(l.span.end), "{l:?}");
        }
    }
    c
}

/// `GAME` plus one file.
fn with(name: &str, text: &str) -> Checked {
    check(&[("game.yaml", GAME), (name, text)])
}

/// `GAME` plus a card file.
fn cards(yaml: &str) -> Checked {
    with("c.yaml", yaml)
}

/// `GAME` plus a card whose effect is `script`.
fn effect(script: &str) -> Checked {
    cards(&effect_card(script))
}

/// `GAME` plus a scenario file.
fn scenario(yaml: &str) -> Checked {
    with("s.yaml", yaml)
}

/// A changed `GAME` alone.
fn game(edits: &[(&str, &str)]) -> Checked {
    check(&[("game.yaml", &game_with(edits))])
}

impl Checked {
    /// The text a label covers.
    fn covers(&self, l: &Label) -> &str {
        &self.sources.get(l.file).text().unwrap()[l.span.clone()]
    }

    /// The text the primary label of diagnostic `i` covers.
    fn text(&self, i: usize) -> &str {
        self.covers(&self.diags[i].labels[0])
    }

    /// (code without `twilit::`, covered text) of every diagnostic, in order.
    fn found(&self) -> Vec<(&str, &str)> {
        (0..self.diags.len()).map(|i| (self.diags[i].code.trim_start_matches("twilit::"), self.text(i))).collect()
    }

    /// The only diagnostic, which must have `code` and cover `text`.
    fn one(&self, code: &str, text: &str) -> &Diagnostic {
        assert_eq!(self.found(), [(code, text)], "{}", self.rendered());
        &self.diags[0]
    }

    /// Help lines, in order.
    fn helps(&self) -> Vec<Option<String>> {
        self.diags.iter().map(|d| d.help.clone()).collect()
    }

    /// 1-based (line, column) where diagnostic `i` starts.
    fn at(&self, i: usize) -> (usize, usize) {
        let l = &self.diags[i].labels[0];
        self.sources.line_col(l.file, l.span.start).unwrap()
    }

    /// The file name (under `g/`) diagnostic `i` points into.
    fn file(&self, i: usize) -> String {
        let l = &self.diags[i].labels[0];
        self.sources.get(l.file).path.file_name().unwrap().to_string_lossy().into_owned()
    }

    fn clean(&self) {
        assert!(self.diags.is_empty(), "expected no diagnostics:\n{}", self.rendered());
    }

    /// Every diagnostic as the CLI prints it (no color, 100 columns).
    fn rendered(&self) -> String {
        self.diags.iter().map(|d| human(d, &self.sources, false, 100)).collect::<Vec<_>>().join("\n")
    }
}

/// The help of a did-you-mean.
fn dym(name: &str) -> Option<String> {
    Some(format!("did you mean `{name}`?"))
}

/// Any other help line.
fn says(help: &str) -> Option<String> {
    Some(help.to_string())
}

mod clean;
mod reported;
mod scoping;
mod syntax_types;
mod unknown;
