//! Benchmarks of the interpreter: running the bundled LOTR scenarios, and a random agent
//! playing turns of a whole game (`twilit play` does the same). Run with `cargo bench`.

use std::path::PathBuf;

use divan::Bencher;
use twilit::interp::Rules;

fn main() {
    divan::main();
}

/// The game of directory `dir`, loaded clean.
fn bundle(dir: &str) -> twilit::load::GameBundle {
    let mut sources = twilit::diag::SourceMap::default();
    let (mut lib, diags) = twilit::load::load_paths(&[PathBuf::from(dir)], &mut sources);
    assert!(diags.is_empty(), "{dir} loads clean");
    lib.games.remove(0)
}

fn lotr() -> twilit::load::GameBundle {
    bundle("cards/lotr")
}

#[divan::bench(sample_count = 20)]
fn lotr_scenarios(bencher: Bencher) {
    let b = lotr();
    let rules = Rules::compile(&b).expect("compiles");
    bencher.bench(|| b.scenarios.iter().filter(|s| twilit::scenario::run(&rules, s).failure.is_none()).count());
}

#[divan::bench(args = [10, 50], sample_count = 10)]
fn random_lotr_turns(bencher: Bencher, turns: u32) {
    let b = lotr();
    let rules = Rules::compile(&b).expect("compiles");
    bencher.bench(|| twilit::scenario::random_game(&rules, 1, 2, turns).map(|g| g.state.log.len()).unwrap_or(0));
}

/// A generic game whose every player's deck holds the whole library of `cards` cards, each
/// with a triggered and an activated ability (issue 8: a turn must cost what is in play, not
/// the size of the library).
fn library_game(cards: usize) -> Rules {
    const GAME: &str = r#"game: library
name: Library Size
players: { min: 2, max: 2 }
properties:
  value: { type: number, default: 0 }
  kind: { type: enum, values: [unit, event] }
zones:
  deck:  { per: player, ordered: true, visibility: hidden }
  hand:  { per: player, visibility: owner, playable: true }
  board: { per: player, in_play: true }
  pile:  { per: player, ordered: true }
counters:
  points: { on: player, min: 0 }
decks:
  - { zone: deck, cards: all }
turn:
  order: clockwise from first(players)
  phases:
    - name: refill
      actions: none
      start: |
        move top card of deck of active_player to hand of active_player
    - name: main
      actions: active_player
play: |
  add (value of this) points to you
  if kind of this == unit { move this to board of you } else { move this to pile of you }
setup: |
  for each p in players {
    shuffle deck of p
    repeat 5 times { move top card of deck of p to hand of p }
  }
end: turn > 1000
result:
  winners: most(players, points of it)
"#;
    let dir = std::env::temp_dir().join(format!("twilit-library-{}-{cards}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("game.yaml"), GAME).expect("write game");
    let mut text = String::new();
    for i in 0..cards {
        let kind = if i % 3 == 0 { "event" } else { "unit" };
        text.push_str(&format!(
            "- id: c{i}\n  name: Card {i}\n  value: {}\n  kind: {kind}\n  abilities:\n    - when: you play this\n      effect: add 1 points to you\n    - action: main\n      limit: 1 per turn\n      requires: count(unit you control) > 1\n      effect: add 1 points to you\n",
            i % 5
        ));
    }
    std::fs::write(dir.join("cards.yaml"), text).expect("write cards");
    let mut sources = twilit::diag::SourceMap::default();
    let (mut lib, diags) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(diags.is_empty() && twilit::check::check_library(&lib).diags.is_empty(), "the library game checks clean");
    Rules::compile(&lib.games.remove(0)).expect("compiles")
}

/// Setting a game up (its decks hold every card: linear in the library) and playing 20
/// turns of it: the difference between the two is the cost of the turns.
#[divan::bench(args = [250, 1000, 4000], sample_count = 10)]
fn library_size(bencher: Bencher, cards: usize) {
    let rules = library_game(cards);
    bencher.bench(|| twilit::scenario::random_game(&rules, 1, 2, 20).map(|g| g.state.log.len()).unwrap_or(0));
}

/// Only the setup, to subtract from `library_size`.
#[divan::bench(args = [250, 1000, 4000], sample_count = 10)]
fn library_setup(bencher: Bencher, cards: usize) {
    let rules = library_game(cards);
    bencher.bench(|| twilit::scenario::random_game(&rules, 1, 2, 0).map(|g| g.state.log.len()).unwrap_or(0));
}

/// What one statement costs, by kind: the measuring games of `benches/games` (a game of
/// 100 turns, each running ten counter `add`s and ten `set`s, or ten one-card `move`s).
#[divan::bench(args = ["counters", "moves"], sample_count = 20)]
fn statements(bencher: Bencher, game: &str) {
    let rules = Rules::compile(&bundle(&format!("benches/games/{game}"))).expect("compiles");
    bencher.bench(|| twilit::scenario::random_game(&rules, 1, 2, 100).map(|g| g.state.log.len()).unwrap_or(0));
}
