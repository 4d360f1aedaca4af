//! Counts in place (`interp/counted.rs`): `count` and `exists` of a noun's things at a
//! place, perhaps owned by a player (`count(discs owned by p at c)`), compiled into a node
//! that counts the place's things where they lie. A small board game weighs who rules each
//! space by such counts of pieces, sides, ownerless pieces and spaces; it plays exactly as
//! when everything is evaluated as written (recording coverage turns every compiled path
//! off). Debug builds also compare each compiled condition with `eval` as it runs, value
//! and steps, so budgets that run out inside the counts are checked there.

use twilit::diag::SourceMap;
use twilit::engine::Player;
use twilit::interp::rules::Body;
use twilit::interp::{Interp, RandomAgent, Rules};

/// Pawns, two-sided discs and ownerless chips on four spaces, two of them hills. A turn
/// places a pawn or a disc, moves a chip in, turns discs over where its player rules, or
/// scores the spaces it rules and the hills it holds.
const GAME: &str = r#"
game: counted
name: Counted
players: { min: 2, max: 3 }
scoring: points
zones:
  supply: { per: player, holds: [pawn, disc] }
  pool: { per: game, holds: [chip] }
  hand: { per: player }
  board_edge: { per: game, in_play: true }
decks:
  - { zone: hand, cards: all }
pieces:
  pawn: { per_player: 5 }
  disc: { per_player: 2, sides: [light, dark] }
  chip: { per_game: 3 }
counters:
  points: { on: player, min: 0 }
board:
  attributes:
    terrain: { type: enum, values: [hill, marsh] }
  spaces:
    - { id: north, terrain: hill }
    - { id: east, terrain: hill }
    - { id: south, terrain: marsh }
    - { id: west, terrain: marsh }
  adjacency:
    - [north, east]
    - [east, south]
    - [south, west]
    - [west, north]
procedures:
  presence:
    params: [p: player, c: space]
    value: count(pieces owned by p at c) - count(discs controlled by p at c) + count(dark owned by p at c) + count(chips owned by p at c)
  ruler:
    params: [c: space]
    value: most(players, presence(it, c))
  hills_near:
    params: [c: space]
    value: count(hill at neighbors(c)) + count(pawns at neighbors(c))
  crowded:
    params: [c: space]
    value: count(pawns you control at c) + count(pieces at c controlled by you) > 4
  laid:
    params: [p: player]
    value: count(cards owned by p at board_edge) + count(cards in board_edge controlled by p) - count(cards owned by players in hand of p)
abilities:
  - name: muster
    action: turn
    requires: exists(pawns in supply of you)
    effect: |
      place 1 pawn at choose space where count(pawns owned by you at it) < 3 and not crowded(it)
      end phase
  - name: raise
    action: turn
    requires: exists(discs in supply of you) and exists(space where exists(pawns owned by you at it))
    effect: |
      place 1 disc at choose space where exists(pawns owned by you at it) and hills_near(it) > 1
      end phase
  - name: darken
    action: turn
    requires: exists(light owned by you at (space where ruler(it) == you))
    effect: |
      flip all discs owned by you at (space where ruler(it) == you) to dark
      end phase
  - name: chip_in
    action: turn
    requires: exists(chips in pool)
    effect: |
      move first(chips in pool) to choose space where count(pieces at it) > 0
      end phase
  - name: tally
    action: turn
    requires: count(pieces owned by you at (space)) > 2
    effect: |
      score count(space where ruler(it) == you) + count(hill owned by you at (space))
      end phase
  - name: lay
    action: turn
    requires: exists(cards in hand of you) and laid(you) < 0
    effect: |
      move first(cards in hand of you) to board_edge
      score 1
      end phase
turn:
  phases:
    - name: main
      actions: active_player
      can_pass: false
end: exists(players where points of it >= 6) or count(pawns at hill) >= 7 or count(pawns you control at north) > 9
result:
  winners: most(players, points of it)
  scores: points of it
"#;

/// Three cards each player holds (`decks:` into `hand`), which `lay` puts on the board's edge.
const CARDS: &str =
    "cards:\n  - { id: acorn, name: Acorn }\n  - { id: berry, name: Berry }\n  - { id: cone, name: Cone }\n";

fn rules(limits: &[(&str, u64)]) -> Rules {
    let mut sources = SourceMap::default();
    let files = [("game.yaml", GAME), ("cards.yaml", CARDS)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("counted"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let mut r = Rules::compile(&bundle).unwrap_or_else(|d| panic!("does not compile: {d:#?}"));
    for (name, value) in limits {
        r.limits.set(name, *value).expect("a known limit");
    }
    r
}

/// A whole game under the random agent: its transcript and how it ended (or its error).
fn play(r: &Rules, seed: u64, players: usize, evaluated: bool) -> (Vec<String>, String) {
    let names = (1..=players).map(|i| Player { name: format!("p{i}"), role: None, faction: None }).collect();
    let mut it = Interp::new(r, Interp::lay_out(r, seed, names), Box::new(RandomAgent));
    if evaluated {
        // Coverage is recorded on the general evaluator only.
        it.record_coverage();
    }
    let mut whole = || -> Result<String, twilit::interp::Halt> {
        it.prepare_whole_game()?;
        it.begin(None)?;
        it.start_phase()?;
        it.play_turns(60)?;
        Ok(format!("{:?}", it.standing()?))
    };
    let how = whole().unwrap_or_else(|h| format!("error: {}", h.message()));
    let lines = it.w.state.log.iter().map(|e| e.render(&it.w.state)).collect();
    (lines, how)
}

/// How many counts in place a value procedure's compiled body holds.
fn counted_in(r: &Rules, name: &str) -> usize {
    let p = r.proc_list.iter().flatten().find(|p| &*p.name == name).expect("the procedure");
    match &p.body {
        Body::Value(v) => format!("{:?}", v.fx.as_ref().expect("compiled")).matches("CountAt(").count(),
        Body::Script(_) => panic!("{name} is a value"),
    }
}

#[test]
fn the_counts_of_a_place_are_compiled_in_place() {
    let r = rules(&[]);
    // `pieces`, `discs` (a kind), `dark` (a side), `chips` (nobody's), each owned (or
    // controlled) by `p`.
    assert_eq!(counted_in(&r, "presence"), 4);
    // `pawns you control at c`, `pieces at c controlled by you`.
    assert_eq!(counted_in(&r, "crowded"), 2);
    // Cards owned by a player, controlled by one, owned by `players` in a player's zone.
    assert_eq!(counted_in(&r, "laid"), 3);
    // `hill at neighbors(c)` (spaces that are hills) and `pawns at neighbors(c)`.
    assert_eq!(counted_in(&r, "hills_near"), 2);
}

#[test]
fn counts_in_place_play_as_the_general_evaluator() {
    let r = rules(&[]);
    let mut ends = std::collections::BTreeSet::new();
    let mut used = std::collections::BTreeSet::new();
    for seed in 1..=8 {
        for players in [2, 3] {
            let (fast, how) = play(&r, seed, players, false);
            let (slow, how_slow) = play(&r, seed, players, true);
            assert_eq!(fast, slow, "seed {seed}, {players} players: transcripts differ");
            assert_eq!(how, how_slow, "seed {seed}, {players} players");
            assert!(!how.starts_with("error"), "seed {seed}: {how}");
            used.extend(fast.iter().filter_map(|l| l.split("use ").nth(1).map(str::to_string)));
            ends.insert(how);
        }
    }
    let all = ["chip_in", "darken", "lay", "muster", "raise", "tally"];
    assert_eq!(used, all.iter().map(|s| s.to_string()).collect(), "every ability is used");
    assert!(ends.len() > 4, "the games end in several ways: {ends:?}");
}

#[test]
fn budgets_run_out_inside_the_counts_as_anywhere() {
    // Sizes around the first turns' steps: the compiled paths run out where the general
    // evaluator does, with the same transcript and error, and debug builds compare each
    // compiled count with `eval` (value and steps) as it runs.
    let mut ran_out = 0;
    for steps in [30, 70, 120, 200, 350, 600] {
        let r = rules(&[("steps", steps)]);
        for seed in [1, 2] {
            let (lines, how) = play(&r, seed, 3, false);
            assert_eq!((lines, how.clone()), play(&r, seed, 3, true), "steps={steps}: as the general evaluator");
            if how.starts_with("error") {
                assert!(how.contains(&format!("step budget ({steps}) exceeded")), "{how}");
                ran_out += 1;
            }
        }
    }
    assert!(ran_out >= 2, "some budgets run out");
}
