//! Whole games: every bundled game plays to its end (or for a fixed number of turns)
//! under the seeded random agent, is offered only legal actions (nothing it tries is
//! refused), and ends with a result. Also the reference games' invariants and what
//! each player's view of the log shows.

use std::path::PathBuf;

use twilit::diag::SourceMap;
use twilit::engine::{Dest, EventKind, Holder, Loc};
use twilit::interp::Rules;
use twilit::load::load_paths;
use twilit::scenario::{random_game, Played};

fn rules(dir: &str) -> Rules {
    let mut sources = SourceMap::default();
    let (mut lib, diags) = load_paths(&[PathBuf::from(dir)], &mut sources);
    assert!(diags.is_empty(), "{dir} does not load cleanly: {diags:#?}");
    let bundle = lib.games.remove(0);
    Rules::compile(&bundle).unwrap_or_else(|d| panic!("{dir} does not compile: {d:#?}"))
}

fn play(rules: &Rules, seed: u64, players: usize, turns: u32) -> Played {
    random_game(rules, seed, players, turns).unwrap_or_else(|h| panic!("{} seed {seed}: {h:?}", rules.game))
}

fn counter(g: &Played, name: &str, h: Holder) -> i64 {
    g.state.counter(name, h)
}

#[test]
fn lotr_goofspiel_and_crazy_eights_play_to_their_end_without_a_refusal() {
    for (dir, players, seeds) in [("cards/lotr", 2, 20), ("cards/goofspiel", 2, 20), ("cards/crazy_eights", 5, 20)] {
        let r = rules(dir);
        for seed in 1..=seeds {
            let g = play(&r, seed, players, 1000);
            assert!(g.state.over, "{dir} seed {seed} did not end");
            assert_eq!(g.refused, 0, "{dir} seed {seed}: an offered action was refused");
            assert!(g.standing.winners.len() <= players, "{dir} seed {seed}: {:?}", g.standing);
        }
    }
}

#[test]
fn ti4_and_root_play_six_turns_without_a_refusal() {
    let ti4 = rules("cards/ti4");
    for players in 3..=8 {
        for seed in 1..=2 {
            let g = play(&ti4, seed, players, 6);
            assert_eq!(g.refused, 0, "ti4 {players} players seed {seed}");
            assert!(g.state.clock.turn > 6 || g.state.over, "ti4 {players} players seed {seed}: stopped early");
        }
    }
    let root = rules("cards/root");
    for players in 2..=4 {
        for seed in 1..=4 {
            let g = play(&root, seed, players, 6);
            assert_eq!(g.refused, 0, "root {players} players seed {seed}");
            let draws = g.state.log.iter().filter(|e| matches!(e.kind, EventKind::Move { verb: "draw", .. })).count();
            assert!(draws >= 3 * players, "root {players} players seed {seed}: only {draws} cards drawn");
        }
    }
}

#[test]
fn goofspiel_lasts_13_rounds_and_its_prizes_add_up_to_91() {
    let r = rules("cards/goofspiel");
    for seed in 1..=1000 {
        let g = play(&r, seed, 2, 1000);
        assert!(g.state.over);
        assert_eq!(g.state.clock.turn, 13, "seed {seed}");
        let scores: i64 = g.standing.scores.iter().map(|(_, s)| s).sum();
        assert_eq!(scores + counter(&g, "discarded_points", Holder::Game), 91, "seed {seed}");
        let (a, b) = (g.standing.scores[0].1, g.standing.scores[1].1);
        let expected: Vec<usize> = match a.cmp(&b) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(g.standing.winners, expected, "seed {seed}: scores {a}-{b}");
    }
}

#[test]
fn crazy_eights_always_ends_and_the_winner_holds_no_card() {
    let r = rules("cards/crazy_eights");
    for seed in 1..=40 {
        let g = play(&r, seed, 5, 1000);
        assert!(g.state.over, "seed {seed}");
        for &w in &g.standing.winners {
            let held = g.state.ents.iter().filter(|e| match e.loc {
                Loc::Zone(z) => g.state.zones[z].name == "hand" && g.state.zones[z].owner == Some(w),
                _ => false,
            });
            assert_eq!(held.count(), 0, "seed {seed}: winner p{} still holds cards", w + 1);
        }
    }
}

#[test]
fn a_player_never_sees_the_other_players_secret_bid_before_the_reveal() {
    let r = rules("cards/goofspiel");
    let g = play(&r, 3, 2, 1000);
    let s = &g.state;
    let reveal = s.log.iter().position(|e| matches!(e.kind, EventKind::Reveal { .. })).expect("a reveal");
    let into_bid = |e: &&twilit::engine::Event| match e.kind {
        EventKind::Move { to: Dest::Zone(z, _), .. } => s.zones[z].name == "bid",
        _ => false,
    };
    let bids: Vec<_> = s.log[..reveal].iter().filter(into_bid).collect();
    assert_eq!(bids.len(), 2, "both players bid before the first reveal");
    for e in bids {
        let bidder = e.actor().unwrap();
        let other = 1 - bidder;
        let seen = e.render_for(s, Some(other));
        assert!(seen.contains("move a card from hand of"), "p{} saw: {seen}", other + 1);
        assert_eq!(e.render_for(s, Some(bidder)), e.render(s));
    }
}

#[test]
fn decks_deal_shared_cards_to_nobody_and_a_players_cards_to_them() {
    let g = play(&rules("tests/fixtures/table"), 1, 2, 1);
    let s = &g.state;
    assert_eq!(s.ents.len(), 22, "six cards of three copies and four echoes, in one shared stock");
    assert!(s.ents.iter().all(|e| e.owner.is_none()));
    let lotr = play(&rules("cards/lotr"), 1, 3, 1);
    for p in 0..3 {
        let own = lotr.state.ents.iter().filter(|e| e.owner == Some(p)).count();
        assert_eq!(own * 3, lotr.state.ents.len(), "each of three players owns a full set");
    }
}

#[test]
fn the_fixture_game_ends_with_its_result_and_closes_windows_with_end_phase() {
    let r = rules("tests/fixtures/table");
    for seed in 1..=20 {
        let g = play(&r, seed, 3, 1000);
        assert!(g.state.over && g.refused == 0, "seed {seed}");
        // A match: games until someone has won two; the kept `wins` are the scores.
        let wins: Vec<i64> = (0..3).map(|p| counter(&g, "wins", Holder::Player(p))).collect();
        assert_eq!(g.standing.scores.iter().map(|s| s.1).collect::<Vec<_>>(), wins);
        assert!(wins.iter().any(|&w| w >= 2), "seed {seed}: the match ended early: {wins:?}");
        assert_eq!(wins.iter().sum::<i64>(), i64::from(g.state.game), "seed {seed}: one win a game (no ties here)");
        // `rest` ends the phase: nothing more happens in that window.
        let log = &g.state.log;
        for (i, e) in log.iter().enumerate() {
            if matches!(&e.kind, EventKind::Use { name, .. } if &**name == "rest") {
                let next = log[i + 1..].iter().find(|x| x.depth == 0).expect("the phase ends");
                assert!(matches!(&next.kind, EventKind::Period { start: false, .. }), "seed {seed}: {next:?}");
            }
        }
    }
}

#[test]
fn a_response_from_hand_is_offered_in_the_reaction_window_after_an_opponents_play() {
    let r = rules("tests/fixtures/table");
    let (mut windows, mut used) = (0, 0);
    for seed in 1..=40 {
        let g = play(&r, seed, 2, 1000);
        assert_eq!(g.refused, 0, "seed {seed}");
        for (i, e) in g.state.log.iter().enumerate() {
            let EventKind::Choose { prompt, picked, .. } = &e.kind else { continue };
            if &**prompt != "respond or pass" {
                continue;
            }
            windows += 1;
            // The window follows an opponent's play, and only the other player is asked.
            let played = g.state.log[..i].iter().rev().find(|x| matches!(x.kind, EventKind::Play { .. }));
            assert_ne!(played.and_then(|x| x.actor()), e.actor(), "seed {seed}: a player responds to their own play");
            if picked.iter().any(|p| p.starts_with("use echo")) {
                used += 1;
            }
        }
    }
    assert!(windows > 0 && used > 0, "{windows} reaction windows, {used} responses");
}

/// The first decision of a Crazy Eights game of `seed` under `agent`: the legal actions
/// as listed, and the one the window took (by its text).
fn first_pick(r: &Rules, seed: u64, agent: Box<dyn twilit::interp::Agent + '_>) -> (Vec<String>, String) {
    use twilit::interp::Interp;
    let names = (1..=2).map(|i| twilit::engine::Player { name: format!("p{i}"), role: None, faction: None }).collect();
    let mut it = Interp::new(r, Interp::lay_out(r, seed, names), agent);
    it.prepare_whole_game().expect("prepares");
    it.begin(None).expect("begins");
    it.start_phase().expect("starts");
    let p = it.w.state.active().expect("an active player");
    let legal: Vec<String> = it.legal_actions(p).expect("legal actions").into_iter().map(|l| l.text).collect();
    let before = it.w.state.log.len();
    it.window(1).expect("one action");
    let picked = it.w.state.log[before..].iter().find_map(|e| match &e.kind {
        EventKind::Choose { prompt, picked, .. } if matches!(&**prompt, "act or pass" | "act") => {
            Some(picked[0].clone())
        }
        _ => None,
    });
    (legal, picked.expect("the player was asked"))
}

#[test]
fn agents_that_need_no_list_pick_as_if_they_had_seen_every_legal_action() {
    let r = rules("cards/crazy_eights");
    // The first-legal agent takes the first listed action (passing is not allowed here).
    for seed in 1..=20 {
        let (legal, picked) = first_pick(&r, seed, Box::new(twilit::interp::FirstLegal));
        assert_eq!(picked, legal[0], "seed {seed}");
    }
    // The random agent tries candidates one at a time, yet picks a legal action, each of
    // the listed ones equally often: the first one of m about 1/m of the time.
    let (mut firsts, mut expected, mut variance) = (0.0, 0.0, 0.0);
    for seed in 1..=400 {
        let (legal, picked) = first_pick(&r, seed, Box::new(twilit::interp::RandomAgent));
        let k = legal.iter().position(|l| *l == picked);
        assert!(k.is_some(), "seed {seed}: `{picked}` is not among {legal:?}");
        let q = 1.0 / legal.len() as f64;
        firsts += f64::from(u8::from(k == Some(0)));
        expected += q;
        variance += q * (1.0 - q);
    }
    let sd = variance.sqrt();
    assert!(
        (firsts - expected).abs() < 4.0 * sd,
        "first option picked {firsts} times, expected {expected:.1} ± {sd:.1}"
    );
}

/// The gamble game: an action whose answers decide whether the rules accept it.
fn gamble(first: &str, second: &str) -> Rules {
    let game = format!(
        "game: gamble\nname: Gamble\nplayers: {{ min: 2, max: 2 }}\ncounters:\n  vp: {{ on: player, min: 0 }}\n  rounds: {{ on: game, min: 0 }}\nabilities:\n  - name: gamble\n    action: turn\n    limit: once per turn\n    effect: |\n      choose one {{\n        {first}\n        {second}\n      }}\n  - name: draw\n    action: turn\n    limit: once per turn\n    effect: add 1 rounds\nturn:\n  phases:\n    - name: main\n      actions: active_player\nend: rounds >= 20\nresult:\n  winners: most(players, vp of it)\n"
    );
    let mut sources = SourceMap::default();
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &[("game.yaml", &game)], &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).expect("compiles")
}

/// An action is legal when some answers let it resolve: the trial answers with the first
/// options and, where that is refused, tries the others (`interp/explore.rs`); the
/// sampling agent then takes it with its own answers. Sampled actions run for real at once
/// when they ask nothing (`interp/sample.rs`), and must not change that: an action that
/// asks is still judged by its trial. A walkthrough's `may { remove 1 wood }` was never
/// offered with no wood, its first answer (yes) being refused.
#[test]
fn a_sampled_action_that_asks_is_legal_when_some_answer_resolves() {
    let never = gamble("\"lose\": fail \"lost\"", "\"lose again\": fail \"lost again\"");
    for seed in 1..=30 {
        let g = play(&never, seed, 2, 100);
        assert!(
            g.state.log.iter().all(
                |e| !matches!(&e.kind, EventKind::Choose { picked, .. } if picked.iter().any(|p| p == "use gamble"))
            ),
            "seed {seed}"
        );
        assert_eq!(g.refused, 0);
    }
    // Whichever answer comes first, the one that wins makes it legal.
    for legal in [
        gamble("\"win\": add 1 vp to you", "\"lose\": fail \"lost\""),
        gamble("\"lose\": fail \"lost\"", "\"win\": add 1 vp to you"),
    ] {
        let (mut won, mut refused) = (0, 0);
        for seed in 1..=30 {
            let g = play(&legal, seed, 2, 100);
            won += counter(&g, "vp", Holder::Player(0)) + counter(&g, "vp", Holder::Player(1));
            refused += g.refused;
        }
        // Offered, then answered by the random agent: sometimes won, sometimes refused.
        assert!(won > 0 && refused > 0, "won {won}, refused {refused}");
    }
}

/// `is_a` answers from bits computed when the rules compile (`compile::Nouns`); checked
/// here against the cards' printed values, for every card of every bundled game and
/// every enum value.
#[test]
fn enum_membership_of_every_bundled_card_is_what_its_printed_values_say() {
    use twilit::engine::{Kind, Player, Value};
    use twilit::interp::{Interp, RandomAgent};
    for dir in ["cards/lotr", "cards/root", "cards/ti4", "cards/crazy_eights", "cards/goofspiel"] {
        let r = rules(dir);
        let players = (0..r.players.0)
            .map(|i| Player { name: format!("p{i}"), role: None, faction: r.factions.get(i).map(|f| f.id.clone()) })
            .collect();
        let state = Interp::lay_out(&r, 1, players);
        let mut it = Interp::new(&r, state, Box::new(RandomAgent));
        it.prepare_whole_game().expect("sets up");
        let mut checked = 0;
        for e in 0..it.state().ents.len() {
            let Kind::Card(c) = it.state().ents[e].kind else { continue };
            for (noun, props) in &r.values {
                let printed = |p: &String| {
                    let default = r.props.get(p).map(|i| i.default.clone()).unwrap_or(Value::Null);
                    r.cards[c].props.get(p).cloned().unwrap_or(default)
                };
                let names = |v: Value| match v {
                    Value::Sym(s) => &*s == noun,
                    Value::List(l) => l.iter().any(|x| matches!(x, Value::Sym(s) if &**s == noun)),
                    _ => false,
                };
                let want = props.iter().map(printed).any(names);
                let got = it.is_a(&Value::Ent(e), noun).expect("is_a");
                assert_eq!(got, want, "{dir}: is {} a {noun}?", r.cards[c].id);
                checked += 1;
            }
        }
        assert!(checked > 0 || r.values.is_empty(), "{dir}: no card checked");
    }
}

/// A counter declared again (by a faction) is an error: it took the last declaration's
/// bounds and start, silently (`twilit::duplicate-name`, as every name a faction adds).
#[test]
fn a_counter_declared_again_is_refused() {
    let game = "game: twice\nname: Twice\nplayers: { min: 2, max: 2 }\ncounters:\n  points: { on: player, min: 0 }\nturn:\n  phases:\n    - name: main\n      actions: none\nend: turn > 1\n";
    let faction = "faction: extra\nname: Extra\ncounters:\n  points: { on: player, min: 0, max: 3, start: 1 }\n";
    let mut sources = SourceMap::default();
    let files = [("game.yaml", game), ("factions/extra.yaml", faction)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    let Err(diags) = Rules::compile(&bundle) else { panic!("compiled a counter declared twice") };
    assert_eq!(diags.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["twilit::duplicate-name"]);
}

/// Loads a game from files given as text.
fn inline(files: &[(&str, &str)]) -> Rules {
    let mut sources = SourceMap::default();
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), files, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).expect("compiles")
}

/// The game's `end:` is kept while the state stays (`Interp::ended`), but not past a
/// clock it read: nothing changes between the two phases of a turn but the clock, and the
/// game must end as turn 2's second phase closes, not be told again what the first said.
#[test]
fn an_end_that_reads_the_clock_ends_when_the_clock_says() {
    let game = "game: clock\nname: Clock\nplayers: { min: 2, max: 2 }\nturn:\n  phases:\n    - name: early\n      actions: none\n    - name: late\n      actions: none\nend: turn > 1 and phase == late\n";
    let g = play(&inline(&[("game.yaml", game)]), 1, 2, 100);
    assert!(g.standing.ended && g.state.over, "the game ended");
    assert_eq!((g.state.clock.turn, g.state.clock.phase), (2, 1), "as turn 2's second phase closed");
}

/// A value procedure's answer is kept while the state stays (`memo.rs`), but not past a
/// clock it read: `weight()` counts 70 cards (enough to be kept) plus 2 in phase `late`,
/// and is asked in phase `early`, then again in `late` with nothing changed in between.
#[test]
fn a_remembered_procedure_that_reads_the_clock_is_asked_again_when_the_clock_moves() {
    let game = "game: memo\nname: Memo\nplayers: { min: 2, max: 2 }\nproperties:\n  value: { type: number, default: 1 }\nzones:\n  pile: { per: game }\ncounters:\n  total: { on: game, min: 0 }\ndecks:\n  - { zone: pile, cards: all }\nprocedures:\n  weight:\n    value: count(cards in pile where value of it > 0) + 2 * count(players where phase == late)\nturn:\n  phases:\n    - name: early\n      actions: none\n      start: require weight() > 0\n    - name: late\n      actions: none\n      start: add (weight()) total\nend: turn > 1\n";
    let cards: String = (1..=70).map(|i| format!("- id: c{i}\n  name: Card {i}\n")).collect();
    let g = play(&inline(&[("game.yaml", game), ("cards.yaml", &cards)]), 1, 2, 10);
    assert_eq!(counter(&g, "total", Holder::Game), 70 + 4, "the late phase's answer, not the early one's");
}

/// A whole match whose games end by elimination: the player who left the last game is
/// scored when the match is over (a designer's walkthrough: only the players still in the
/// last game were, so a match's scores and their means in `simulate` were wrong).
#[test]
fn every_player_of_a_match_is_scored_at_its_end() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_twilit"))
        .args(["play", "tests/fixtures/match_out", "--seed", "1"])
        .output()
        .expect("twilit runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("seed 1: p1 wins in turn 1 after 2 games (scores: p1 2, p2 0)"), "{last}");
}

/// A response answers each event once in a whole game too: taken in a reaction window, it
/// made the window forget what it had answered, and the same Spy answered one play again
/// and again (`tests/fixtures/response_once`).
#[test]
fn a_response_answers_each_play_once_in_a_whole_game() {
    let r = rules("tests/fixtures/response_once");
    let mut uses = 0;
    for seed in 1..=30 {
        let g = play(&r, seed, 2, 100);
        let plays = g.state.log.iter().filter(|e| matches!(e.kind, EventKind::Play { .. })).count();
        let used = g.state.log.iter().filter(|e| matches!(e.kind, EventKind::Use { .. })).count();
        // One stone is played a game, at most, and only the other player's Spy answers it.
        assert!(plays <= 1 && used <= plays, "seed {seed}: {plays} plays, {used} uses");
        uses += used;
    }
    assert!(uses > 0, "nobody ever answered a play");
}

/// A trial's answers are its own: an optional cost tried inside a `simultaneously`
/// block's rehearsal, its refused first answer explored, recorded answers the block then
/// took for its own, and every game stopped with an error.
#[test]
fn a_trial_inside_a_rehearsal_leaves_the_blocks_answers_alone() {
    let r = rules("tests/fixtures/trial_in_rehearsal");
    for seed in 1..=20 {
        let g = play(&r, seed, 2, 100);
        assert!(g.state.over, "seed {seed} did not end");
    }
}

/// A player who leaves the game in an open window is asked nothing more in it: the
/// action and reaction windows listed their seats as they opened, and a player who had
/// left went on acting (`tests/fixtures/left_window`).
#[test]
fn a_player_who_left_in_an_open_window_acts_no_more() {
    let r = rules("tests/fixtures/left_window");
    let mut left_games = 0;
    for seed in 1..=40 {
        let g = play(&r, seed, 3, 100);
        let mut gone = vec![];
        for e in &g.state.log {
            match &e.kind {
                EventKind::Note { text } if text.ends_with("leaves the game") => gone.extend(e.actor()),
                EventKind::Use { .. } => {
                    assert!(
                        !e.actor().is_some_and(|p| gone.contains(&p)),
                        "seed {seed}: {:?} acted after leaving",
                        e.actor()
                    )
                }
                _ => {}
            }
        }
        left_games += usize::from(!gone.is_empty());
    }
    assert!(left_games > 10, "only {left_games} games had a player leave");
}

/// `end game` ends a whole game there and then: every game of `tests/fixtures/end_game`
/// stops in the turn whose flood brought the water to 5, nothing of the script after it
/// ran (the water never passes 5), the table lost, and only the game's end followed.
#[test]
fn end_game_stops_a_whole_game_in_the_middle_of_a_turn() {
    let r = rules("tests/fixtures/end_game");
    for seed in 1..=30 {
        let g = play(&r, seed, 3, 100);
        assert!(g.state.over, "seed {seed} did not end");
        assert_eq!(counter(&g, "water", Holder::Game), 5, "seed {seed}");
        assert_eq!(counter(&g, "lost", Holder::Game), 1, "seed {seed}");
        assert_eq!(counter(&g, "tallied", Holder::Game), 1, "seed {seed}");
        let at =
            g.state.log.iter().position(|e| matches!(&e.kind, EventKind::Note { text } if text == "the game ends"));
        let after: Vec<String> =
            g.state.log[at.expect("no `the game ends`") + 1..].iter().map(|e| e.render(&g.state)).collect();
        assert!(
            after.iter().all(|e| e.starts_with("-- end of") || e.contains("end of game") || e.contains("tallied")),
            "seed {seed}: {after:?}"
        );
    }
}

/// `end:` is read again after the end of a turn and of a round have been answered: a
/// `when: end of round` ability that marks the game's last round ends it with that round
/// (a designer's walkthrough: the mark was read only as the next round's first phase
/// closed, and its player took one more turn and won alone). And an `end game` in such an
/// ability ends it there too.
#[test]
fn a_game_marked_over_at_the_end_of_a_round_ends_with_that_round() {
    let game = "game: last_round\nname: Last round\nplayers: { min: 3, max: 3 }\ncounters:\n  pts: { on: player, min: 0 }\n  over: { on: game, min: 0, max: 1 }\nabilities:\n  - name: gain\n    action: turn\n    effect: |\n      add 1 pts\n      end phase\n  - when: end of round\n    effect: |\n      if exists(players where pts of it >= 2) { MARK }\nturn:\n  phases:\n    - name: main\n      actions: active_player\n      can_pass: false\nend: over == 1\nresult:\n  winners: players where pts of it == max(pts of players)\n";
    for mark in ["set over to 1", "end game"] {
        let g = play(&inline(&[("game.yaml", &game.replace("MARK", mark))]), 1, 3, 100);
        assert!(g.state.over, "{mark}: the game ended");
        assert_eq!((g.state.clock.turn, g.state.clock.round), (6, 2), "{mark}: with round 2");
        assert_eq!(g.standing.winners.len(), 3, "{mark}: all three tied at 2");
        let last: Vec<String> = g.state.log.iter().rev().take(2).map(|e| e.render(&g.state)).collect();
        assert_eq!(last[0], "-- end of game", "{mark}: {last:?}");
    }
}

/// An `end game` once the game is over ends nothing (review): in a `when: end of game`
/// ability of a match it stayed set, the next `after:` was skipped and the match never
/// ended; an end-of-turn `end game` beside an `end:` that holds passed the final
/// scoring by.
#[test]
fn end_game_once_the_game_is_over_ends_nothing_more() {
    let r = rules("tests/fixtures/end_game_match");
    for seed in 1..=5 {
        let g = play(&r, seed, 2, 200);
        assert!(g.standing.ended, "seed {seed}: the match ended");
        assert!(g.state.game <= 3, "seed {seed}: {} games", g.state.game);
    }
    let r = rules("tests/fixtures/end_game_twice");
    let g = play(&r, 1, 2, 100);
    assert_eq!(counter(&g, "final", Holder::Game), 1, "the final scoring ran once");
}
