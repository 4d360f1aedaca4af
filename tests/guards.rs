//! Guards (`interp/pure.rs`): the `require`s a `play:` script opens with whose conditions
//! only read the state are tested before a drawn play's trial. Which lines count as
//! guards, and that the plays offered with them are exactly the plays the rules accept
//! when each is taken in full.

use std::collections::BTreeSet;
use std::path::PathBuf;

use twilit::diag::SourceMap;
use twilit::engine::Player;
use twilit::interp::actions::Action;
use twilit::interp::{Interp, RandomAgent, Rules};
use twilit::load::load_paths;

fn rules(dir: &str) -> Rules {
    let mut sources = SourceMap::default();
    let (mut lib, diags) = load_paths(&[PathBuf::from(dir)], &mut sources);
    assert!(diags.is_empty(), "{dir} does not load cleanly: {diags:#?}");
    Rules::compile(&lib.games.remove(0)).unwrap_or_else(|d| panic!("{dir} does not compile: {d:#?}"))
}

/// The guards of a game whose `play:` script is `play` (each line indented by 2).
fn guards(play: &str) -> usize {
    guards_rules(play).play.as_ref().expect("a play script").guards.len()
}

/// The rules of a game whose `play:` script is `play`.
fn guards_rules(play: &str) -> Rules {
    let game = format!(
        "game: g\nname: G\nplayers: {{ min: 2, max: 2 }}\n\
         zones:\n  hand: {{ per: player, playable: true }}\n  pool: {{ per: game }}\n\
         counters:\n  points: {{ on: player, min: 0 }}\n\
         procedures:\n  held:\n    value: count(cards in hand)\n  lucky:\n    value: random(players) == you\n\
         \x20 tidy:\n    script: |\n      move all cards in pool to hand\n\
         play: |\n{play}\n\
         turn:\n  phases:\n    - name: main\n      actions: active_player\nend: turn > 1\n"
    );
    let mut sources = SourceMap::default();
    let files = [("game.yaml", game.as_str())];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).expect("compiles")
}

#[test]
fn the_requires_a_play_opens_with_that_only_read_are_its_guards() {
    // Crazy Eights: whose turn, where the card is, and suit or rank (through `top_card()`).
    assert_eq!(rules("cards/crazy_eights").play.as_ref().map(|s| s.guards.len()), Some(3));
    assert_eq!(guards("  require you == active_player\n  require held() > 0 and points of you >= 0\n  pass"), 2);
    // The first statement that is not such a `require` ends them, even if more follow.
    assert_eq!(guards("  require held() > 0\n  tidy()\n  require held() > 1"), 1);
    assert_eq!(guards("  add 1 points\n  require held() > 0"), 0);
    // A condition that draws from the generator, directly or in a value procedure, is no guard.
    assert_eq!(guards("  require random(players) == you\n  require held() > 0"), 0);
    assert_eq!(guards("  require held() > 0\n  require lucky()"), 1);
}

#[test]
fn the_plays_offered_are_the_plays_the_rules_accept_when_taken_in_full() {
    let r = rules("cards/crazy_eights");
    let (mut refused, mut offered) = (0, 0);
    for seed in 1..=6 {
        let names = (1..=2).map(|i| Player { name: format!("p{i}"), role: None, faction: None }).collect();
        let mut it = Interp::new(&r, Interp::lay_out(&r, seed, names), Box::new(RandomAgent));
        it.prepare_whole_game().expect("prepares");
        it.begin(None).expect("begins");
        it.start_phase().expect("starts");
        for _ in 0..40 {
            if it.w.state.over {
                break;
            }
            let p = it.w.state.active().expect("an active player");
            let legal = it.legal_actions(p).expect("legal actions");
            let plays: BTreeSet<String> =
                legal.into_iter().map(|l| l.text).filter(|t| t.starts_with("play ")).collect();
            // Every card in the hand, taken for real (no guard is consulted), then undone.
            let hand = it.w.state.zone("hand", Some(p)).expect("a hand");
            let cards: Vec<usize> = it.w.state.zones[hand].items.to_vec();
            let mut accepted = BTreeSet::new();
            for e in cards {
                let before = it.snapshot();
                if it.act(p, &Action::Play(e)).is_ok() {
                    accepted.insert(format!("play {}", it.w.state.ents[e].label));
                } else {
                    refused += 1;
                }
                it.restore(before);
            }
            assert_eq!(plays, accepted, "seed {seed}, turn {}", it.w.state.clock.turn);
            offered += plays.len();
            it.window(1).expect("one action");
        }
    }
    assert!(refused > 50 && offered > 50, "{refused} plays refused, {offered} offered");
}

#[test]
fn the_conditions_that_only_read_are_compiled() {
    let r = rules("cards/crazy_eights");
    let compiled = |c: Option<&twilit::interp::rules::Cond>| c.is_some_and(|c| c.fx.is_some());
    assert!(compiled(r.end.as_ref()), "`end:` is compiled");
    assert!(compiled(r.winners.as_ref()), "`winners: went_out()` is compiled");
    // `scores: -penalty_in_hand(it)`: a negation of a value procedure called with an
    // argument.
    assert!(compiled(r.scores.as_ref()), "`scores:` is compiled");
    let value = |name: &str| {
        let p = r.proc_list.iter().flatten().find(|p| &*p.name == name).expect("the procedure");
        match &p.body {
            twilit::interp::rules::Body::Value(v) => v.fx.is_some(),
            twilit::interp::rules::Body::Script(_) => panic!("{name} is a value"),
        }
    };
    assert!(value("went_out") && value("stalemate") && value("top_card"));
    // The game's `pass` ability: `requires: drawn_this_turn >= 5 or not exists(cards in stock)`.
    assert!(r.abilities.iter().all(|a| a.requires.as_ref().is_none_or(|c| c.fx.is_some())));
    // What draws from the generator is evaluated as written (the guards' test game).
    let lucky = guards_rules("  pass");
    let p = lucky.proc_list.iter().flatten().find(|p| &*p.name == "lucky").expect("lucky");
    assert!(matches!(&p.body, twilit::interp::rules::Body::Value(v) if v.fx.is_none()));
}
