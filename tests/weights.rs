//! The random agent's weights (`--weight NAME=N` of `simulate` and `play`): weights of 1
//! play the uniform agent's games exactly; a heavier action is drawn more often; an action
//! of weight 0 only when nothing heavier is legal; the weights are in the JSON summary, in
//! the command that shows a game again and in a saved replay, which plays the same game;
//! names the game does not have are usage errors with the likeliest name meant. The game is
//! `tests/fixtures/weights`, a duel random play rarely ends.

mod common;

use common::{crate_path as dir, in_process as twilit};
use serde_json::Value;

/// `simulate` of `game` as JSON, with `more` arguments.
fn simulate(game: &str, more: &[&str]) -> Value {
    let args = ["simulate", game, "--format", "json", "--jobs", "1"];
    let (code, out, err) = twilit(&[&args[..], more].concat());
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// How often the game's ability `name` was used in all the games of `v`.
fn uses(v: &Value, name: &str) -> u64 {
    let all = v["abilities"].as_array().expect("abilities");
    all.iter().find(|a| a["ability"] == name).and_then(|a| a["uses"].as_u64()).expect(name)
}

#[test]
fn weights_of_one_play_the_uniform_games() {
    for (game, more) in [
        (dir("tests/fixtures/weights"), &["--games", "200", "--turns", "60"][..]),
        (dir("cards/crazy_eights"), &["--games", "100", "--players", "5"][..]),
    ] {
        let uniform = simulate(&game, more);
        let ones = ["--weight", "pass=1", "--weight", "play=1", "--weight", "draw=1", "--weight", "strike=1"];
        let ones: Vec<&str> =
            if game.contains("crazy") { ones[..6].to_vec() } else { [&ones[..2], &ones[6..]].concat() };
        let mut weighted = simulate(&game, &[more, &ones].concat());
        let given = weighted.as_object_mut().unwrap().remove("weights").expect("the weights are said");
        assert_eq!(given[0], serde_json::json!({ "name": "pass", "weight": 1 }));
        assert_eq!(weighted, uniform, "weights of 1 draw as the uniform agent draws");
        assert!(uniform.get("weights").is_none(), "no weights given, none said");
    }
}

#[test]
fn a_heavier_action_is_drawn_more_often_and_a_weightless_one_only_when_nothing_else_is() {
    let game = dir("tests/fixtures/weights");
    let cap = ["--games", "200", "--turns", "60"];
    let uniform = simulate(&game, &cap);
    assert!(uniform["unfinished"].as_u64().unwrap() > 50, "random play rarely ends the duel: {uniform}");
    let strike = simulate(&game, &[&cap[..], &["--weight", "strike=5"]].concat());
    assert_eq!(strike["ended"], 200, "{strike}");
    assert!(uses(&strike, "strike") * 2 > uses(&strike, "heal") * 3, "{strike}");
    // The pass is always legal: a heal weighing 0 is never drawn.
    let no_heal = simulate(&game, &[&cap[..], &["--weight", "heal=0"]].concat());
    assert_eq!((uses(&no_heal, "heal"), no_heal["ended"].as_u64()), (0, Some(200)), "{no_heal}");
    // Neither a pass nor a heal: both weigh 0 once the turn's strike is taken, and are
    // then drawn alike.
    let both = simulate(&game, &[&cap[..], &["--weight", "heal=0", "--weight", "pass=0"]].concat());
    let (s, h) = (uses(&both, "strike"), uses(&both, "heal"));
    assert!(h > 0 && h * 3 > s && h * 3 < s * 2, "strike {s}, heal {h}");
    // Never passing while an action is legal: every turn strikes and heals.
    let no_pass = simulate(&game, &[&cap[..], &["--weight", "pass=0"]].concat());
    assert_eq!((uses(&no_pass, "strike"), uses(&no_pass, "heal")), (200 * 60, 200 * 60), "{no_pass}");
    assert_eq!(no_pass["ended"], 0);
}

#[test]
fn weighted_games_are_the_same_on_any_number_of_threads_and_replay_as_saved() {
    let game = dir("tests/fixtures/weights");
    let args = ["simulate", &game, "--games", "40", "--format", "json", "--weight", "strike=3"];
    let one = twilit(&[&args[..], &["--jobs", "1"]].concat());
    assert_eq!(one, twilit(&[&args[..], &["--jobs", "2"]].concat()));
    let saved = std::env::temp_dir().join(format!("twilit-weights-{}", std::process::id()));
    let (code, _, err) = twilit(&[&args[..], &["--save-replays", saved.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let file = saved.join("weights-7.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(r["weights"], serde_json::json!([{ "name": "strike", "weight": 3 }]), "{text}");
    let replayed = twilit(&["replay", file.to_str().unwrap()]);
    let played = twilit(&["play", &game, "--seed", "7", "--players", "2", "--weight", "strike=3"]);
    assert_eq!((replayed.0, &replayed.1), (0, &played.1), "{}", replayed.2);
    let uniform = twilit(&["play", &game, "--seed", "7", "--players", "2"]);
    assert_ne!(uniform.1, played.1, "the weights changed the game");
    let _ = std::fs::remove_dir_all(&saved);
    // The command the summary gives to show a game again carries the weights.
    let (_, out, _) = twilit(&["simulate", &game, "--games", "20", "--turns", "5", "--weight", "heal=2"]);
    assert!(out.contains("the random agent's weights: heal 2 (every other action 1)"), "{out}");
    assert!(out.contains("--turns 5 --weight heal=2`"), "{out}");
}

#[test]
fn weights_the_game_cannot_take_are_usage_errors() {
    let game = dir("tests/fixtures/weights");
    let cases: [(&[&str], &str); 7] = [
        (&["--weight", "strik=2"], "no ability a player uses or card `strik`"),
        (&["--weight", "strike"], "write NAME=N, e.g. `--weight strike=3`"),
        (&["--weight", "strike=-1"], "a whole number from 0"),
        (&["--weight", "strike=2000000"], "to 1000000"),
        (&["--weight", "=2"], "comes before `=`"),
        (&["--weight", "strike=2", "--agent", "greedy"], "leave out --agent greedy"),
        (&["--weight", "heal=2", "--players", "3"], "played by exactly 2 players"),
    ];
    for (more, said) in cases {
        let (code, _, err) = twilit(&[&["simulate", &game, "--games", "2"][..], more].concat());
        assert_eq!(code, 2, "{more:?}: {err}");
        assert!(err.contains(said), "{more:?}: {err}");
    }
    let (_, _, err) = twilit(&["simulate", &game, "--games", "2", "--weight", "strik=2"]);
    assert!(err.contains("did you mean `strike`?"), "{err}");
    for more in [&["--agent", "first"][..], &["--human", "p1"][..]] {
        let (code, _, err) = twilit(&[&["play", &game, "--weight", "strike=2"][..], more].concat());
        assert_eq!(code, 2, "{more:?}: {err}");
        assert!(err.contains("`--weight` weighs the random agent's picks"), "{err}");
    }
}

/// A card's weight is its play's and its unnamed abilities': an ability of the card with a
/// name of its own keeps 1 (a review found it weighed with the card); a triggered
/// ability's name weighs nothing that is drawn, and is refused.
#[test]
fn a_cards_weight_leaves_its_named_abilities_and_a_trigger_is_no_name_to_weigh() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nzones:\n  board: { per: player, in_play: true }\n\
        decks:\n  - { zone: board, cards: all }\n\
        counters:\n  plain: { on: player, min: 0 }\n  carved: { on: player, min: 0 }\n  seen: { on: game, min: 0 }\n\
        abilities:\n  - name: tally\n    when: start of turn\n    effect: add 1 seen\n\
        turn:\n  phases:\n    - { name: main, actions: active_player }\nend: turn > 20\n\
        result:\n  winners: players\n";
    let cards = "- id: totem\n  name: Totem\n  abilities:\n    - action: main\n      effect: |\n        add 1 plain\n        end phase\n\
        \x20   - name: carve\n      action: main\n      effect: |\n        add 1 carved\n        end phase\n";
    std::fs::write(dir.path().join("game.yaml"), game).expect("write");
    std::fs::write(dir.path().join("cards.yaml"), cards).expect("write");
    let path = dir.path().to_str().expect("utf-8");
    let track = ["--games", "30", "--track", "plain", "--track", "carved", "--weight", "pass=0"];
    let v = simulate(path, &[&track[..], &["--weight", "totem=0"]].concat());
    let mean = |v: &Value, i: usize| v["tracked"][i]["all"]["mean"].as_f64().expect("a mean");
    assert_eq!(mean(&v, 0), 0.0, "the card's unnamed ability weighs 0: {v}");
    // Every one of the 21 turns carves: its named ability keeps its weight of 1.
    assert_eq!(mean(&v, 1), 10.5, "{v}");
    let (code, _, err) = twilit(&["simulate", path, "--games", "2", "--weight", "tally=3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no ability a player uses or card `tally`"), "{err}");
}
