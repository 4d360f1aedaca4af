//! Counts in place (`interp/counted.rs`): `count` and `exists` of a noun's things at a
//! place, perhaps owned by a player (`count(discs owned by p at c)`), compiled into a node
//! that counts the place's things where they lie. A small board game weighs who rules each
//! space by such counts of pieces, sides, ownerless pieces and spaces; it plays exactly as
//! when everything is evaluated as written (recording coverage turns every compiled path
//! off). Debug builds also compare each compiled condition with `eval` as it runs, value
//! and steps, so budgets that run out inside the counts are checked there.

#[path = "common/play.rs"]
mod play;

use play::{budget_runs, played_both_ways, rules_of};
use twilit::interp::rules::Body;
use twilit::interp::Rules;

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
    rules_of(GAME, CARDS, limits)
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
            let (fast, how) = played_both_ways(&r, seed, players);
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
    let ran_out = budget_runs(|steps| rules(&[("steps", steps)]), &[30, 70, 120, 200, 350, 600], true);
    assert!(ran_out >= 2, "some budgets run out");
}
