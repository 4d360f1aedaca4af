//! Valid input gives no diagnostic: the checker's false positives.

use super::*;

// ---------------------------------------------------------------------------
// No false positives

#[test]
fn the_shared_game_checks_clean() {
    // Keyword and procedure parameters are bound in their bodies (`n`, `x`, `attacker`,
    // `p`), `for each` binds `p`, `it` is bound in `where`.
    game(&[]).clean();
}

#[test]
fn every_form_of_the_language_checks_clean() {
    effect(
        r#"move 1 card to hand face down
reveal cards in hand simultaneously
deal 3 cards from deck to hand of each player
shuffle deck
shuffle discard_pile into deck
exhaust choose 1 card you control
ready all cards you control
score 2 for you
gain 1 vp
spend 1 vp
lose 1 vp
create 2 warriors at c1 for you
destroy choose 1 card you control
return choose 1 card you control to hand
take choose 1 warrior at c1
remove 1 warrior from c1
play choose 1 card in hand
draw 1 for owner of probe
draw 1 for left of speaker
may { draw 1 }
opponent may { draw 1 }
any number of times { draw 1 }
require count(card in hand) > 0 else "no cards"
forbid enemies to place, take, remove or flip pieces at (spaces with an assembly where side == governing), except during battle
forbid enemies to move cards, except if vp of you > 3
draft from deck into hand: pick 1, pass right, limit unit 2, face down
set speaker to most(players, vp of it)
set vp to 3
set strength of probe to 2 until end of turn
modify cost of probe by 1 while vp of you > 2
modify strength of (condition or possession) by +2 until end of upkeep
Add[cost of probe]
Exert[unit]
battle(c1, you, choose opponent)
let shown = reveal top card of deck of (choose opponent)
move shown to bottom of deck
let n = bonus(you) + sum(cards in hand, cost) + max(1, 2, 3) + min(cost of probe, 2)
seat clockwise from speaker
let r = roll d6
repeat r times { draw 1 }
as speaker { draw 1 }
for each h in hero { draw 1 for h }
if r > 3 and exists(card in hand) { pass } else if not exists(card) { pass } else { fail "no" }
let q = table r { 1: 1, 2..3: 2, 4: 3, else: 4 }
choose one { "a": draw 1 "b": { draw 2 } }"#,
    )
    .clean();
}

#[test]
fn valid_abilities_of_every_kind_check_clean() {
    cards(
        r#"- id: probe
  name: Probe
  type: unit
  side: dark
  cost: 2
  tags: [ranger, archer]
  title: Scout of the North
  unique: true
  play: |
    move this to play_area
  abilities:
    - action: main
      requires: count(card in hand) > 0
      cost: Exert[unit]
      effect: Add[1]
    - when: you play a card
      optional: true
      used_by: opponents
      effect: move it to hand
    - when: a player uses battle
      effect: draw 1
    - when: start of evening
      effect: draw 1
    - when: end of turn
      effect: draw 1
    - action: any
      effect: pass
    - static: modify strength of unit you control by +1
"#,
    )
    .clean();
}

#[test]
fn a_valid_scenario_checks_clean() {
    let s = r#"scenario: s
game: g
players:
  - { name: alice, role: hero }
  - { name: bob, role: villain }
setup:
  - { put: [probe], in: hand, of: alice }
  - { counter: pool, set: 2 }
  - { counter: vp, of: bob, set: 3 }
  - script: draw 1 for alice
  - { phase: main }
steps:
  - act: { player: alice, play: probe }
  - act: { player: bob, use: probe }
  - act: { player: bob, script: "draw 1 for alice" }
  - choose: [probe]
  - expect: vp of bob == 3 and count(cards in hand of alice) == 0
  - expect_error: "cannot remove 3 pool"
  - advance: evening
"#;
    check(&[("game.yaml", GAME), ("c.yaml", "- { id: probe, name: Probe }\n"), ("s.yaml", s)]).clean();
}

/// A game's own procedure named like a built-in function is the one that runs (as the
/// interpreter calls it), checked by its own parameters: a game with a procedure
/// `reachable` checked clean before the built-in came, and still does.
#[test]
fn a_procedure_named_like_a_built_in_function_is_checked_as_itself() {
    let c = game(&[(
        "procedures:\n",
        "procedures:\n  reachable:\n    params: [\"n: number\"]\n    value: n + 1\n  \
         uses_it:\n    script: add (reachable(2)) vp to you\n",
    )]);
    c.clean();
}
