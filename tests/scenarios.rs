//! Runs every bundled scenario (cards/, tests/fixtures/run/, tests/fixtures/table/, tests/fixtures/ban_order/,
//! tests/fixtures/play_copy/, tests/fixtures/deckbuild/, tests/fixtures/round_scoring/,
//! tests/fixtures/trigger_zone/, tests/fixtures/secret_counter/ and the other fixtures run below), asserts that each
//! passes, and snapshots each transcript. Also: determinism (same seed and answers,
//! same bytes), and a seeded random agent playing whole LOTR games.

use std::path::PathBuf;

use twilit::diag::SourceMap;
use twilit::interp::{Halt, Rules};
use twilit::load::{load_paths, GameBundle};
use twilit::scenario;

fn bundles(dir: &str) -> Vec<GameBundle> {
    let mut sources = SourceMap::default();
    let (lib, diags) = load_paths(&[PathBuf::from(dir)], &mut sources);
    assert!(diags.is_empty(), "{dir} does not load cleanly: {diags:#?}");
    let report = twilit::check::check_library(&lib);
    let errors: Vec<_> = report.diags.iter().filter(|d| d.severity == twilit::diag::Severity::Error).collect();
    assert!(errors.is_empty(), "{dir} does not check cleanly: {errors:#?}");
    lib.games
}

fn run_all(dir: &str) {
    let mut failures = vec![];
    let mut transcripts = vec![];
    let mut ran = 0;
    for b in bundles(dir) {
        let rules = Rules::compile(&b).expect("compiles");
        let game = b.dir.file_name().unwrap().to_string_lossy().to_string();
        for sc in &b.scenarios {
            let o = scenario::run(&rules, sc);
            ran += 1;
            if let Some(f) = &o.failure {
                failures.push(format!("{game}/{}: step {}: {}", o.name, f.step, f.message));
            }
            transcripts.push((format!("{game}__{}", o.name), o.transcript));
        }
    }
    assert!(ran > 0, "no scenario under {dir}");
    assert!(failures.is_empty(), "{} of {ran} scenarios failed:\n{}", failures.len(), failures.join("\n"));
    for (name, t) in transcripts {
        insta::with_settings!({ snapshot_path => "snapshots/transcripts", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(name, t);
        });
    }
}

#[test]
fn bundled_lotr_scenarios_pass() {
    run_all("cards/lotr");
}

#[test]
fn bundled_ti4_scenarios_pass() {
    run_all("cards/ti4");
}

#[test]
fn bundled_root_scenarios_pass() {
    run_all("cards/root");
}

#[test]
fn bundled_goofspiel_scenarios_pass() {
    run_all("cards/goofspiel");
}

#[test]
fn bundled_crazy_eights_scenarios_pass() {
    run_all("cards/crazy_eights");
}

#[test]
fn bundled_connect_four_scenarios_pass() {
    run_all("cards/connect_four");
}

#[test]
fn every_construct_runs() {
    run_all("tests/fixtures/run");
}

#[test]
fn a_play_step_takes_the_copy_the_player_holds_and_labels_name_copies() {
    run_all("tests/fixtures/play_copy");
}

#[test]
fn a_deck_builder_counts_its_decks_and_buys_one_of_each_pile() {
    run_all("tests/fixtures/deckbuild");
}

#[test]
fn a_prohibition_made_while_checking_applies_from_the_next_check() {
    run_all("tests/fixtures/ban_order");
}

#[test]
fn a_player_who_left_a_matchs_last_game_is_scored() {
    run_all("tests/fixtures/match_out");
}

#[test]
fn end_game_ends_the_game_at_once_and_its_end_of_game_abilities_resolve() {
    run_all("tests/fixtures/end_game");
}

#[test]
fn a_players_table_folds_alike_things_however_their_labels_fall() {
    run_all("tests/fixtures/alike_pieces");
}

#[test]
fn pieces_of_a_player_at_a_place_are_looked_for_there_only() {
    run_all("tests/fixtures/of_at_place");
}

#[test]
fn a_filtered_list_of_enum_values_written_out_is_the_values() {
    run_all("tests/fixtures/written_list");
}

#[test]
fn a_counter_at_the_largest_number_moves_by_what_it_really_moved() {
    run_all("tests/fixtures/saturated");
}

#[test]
fn a_secret_blocks_questions_are_not_shown_to_the_others() {
    run_all("tests/fixtures/secret_branch");
}

#[test]
fn routes_connect_and_moves_reach_through_the_spaces_allowed() {
    run_all("tests/fixtures/routes");
}

#[test]
fn a_shared_pot_paid_into_in_secret_tells_nobody_the_others_payment() {
    run_all("tests/fixtures/secret_pot");
    run_all("tests/fixtures/secret_leaks");
}

#[test]
fn a_game_ability_that_triggers_itself_is_named_by_the_trigger_budget() {
    run_all("tests/fixtures/game_trigger_loop");
}

#[test]
fn space_of_things_where_narrows_the_things_as_zone_of_does() {
    run_all("tests/fixtures/space_of");
}

#[test]
fn a_kind_or_an_enum_value_of_things_right_of_of_is_read_one_by_one() {
    run_all("tests/fixtures/of_kind");
}

#[test]
fn a_hand_held_facing_away_names_its_cards_only_to_those_who_see_them() {
    run_all("tests/fixtures/facing_away");
}

#[test]
fn highest_keeps_ties_and_breaks_them_by_a_second_key() {
    run_all("tests/fixtures/tie_break");
}

#[test]
fn the_duel_of_the_weights_strikes_and_heals_once_a_turn() {
    run_all("tests/fixtures/weights");
}

#[test]
fn a_setup_counter_of_a_piece_kind_is_set_on_every_piece_of_it() {
    run_all("tests/fixtures/piece_counter");
}

#[test]
fn a_roll_for_a_hidden_die_is_seen_as_its_change() {
    run_all("tests/fixtures/hidden_roll");
}

#[test]
fn what_the_review_of_end_game_and_hidden_rolls_found_stays_mended() {
    run_all("tests/fixtures/review57");
}

#[test]
fn the_games_own_triggered_ability_scores_each_round() {
    run_all("tests/fixtures/round_scoring");
}

#[test]
fn a_trigger_on_a_players_zone_waits_for_a_controller() {
    run_all("tests/fixtures/trigger_zone");
}

#[test]
fn a_clamped_counter_stops_at_its_bounds() {
    run_all("tests/fixtures/clamped");
}

#[test]
fn a_cooperative_game_is_won_and_lost_together() {
    run_all("tests/fixtures/coop");
}

#[test]
fn a_response_to_a_phase_ending_action_comes_before_the_phase_closes() {
    run_all("tests/fixtures/phase_response");
}

#[test]
fn an_action_legal_through_a_later_answer_is_offered() {
    run_all("tests/fixtures/later_answer");
}

#[test]
fn a_pattern_that_says_where_hears_a_move_at_either_end() {
    run_all("tests/fixtures/move_ends");
}

#[test]
fn each_side_of_or_in_a_pattern_means_any() {
    run_all("tests/fixtures/pattern_or");
}

#[test]
fn a_sealed_bid_in_a_counter_is_shown_to_its_bidder_alone() {
    run_all("tests/fixtures/secret_counter");
}

#[test]
fn an_attached_card_is_shown_with_its_bearer() {
    run_all("tests/fixtures/attached_view");
}

#[test]
fn a_grid_keeps_its_letters_and_lists_a_crowded_space() {
    run_all("tests/fixtures/grid_legend");
}

#[test]
fn every_whole_game_construct_runs() {
    run_all("tests/fixtures/table");
}

fn lotr() -> GameBundle {
    bundles("cards/lotr").remove(0)
}

#[test]
fn same_seed_and_answers_give_the_same_transcript() {
    let b = lotr();
    let rules = Rules::compile(&b).unwrap();
    let sc = b.scenarios.iter().find(|s| s.scenario.value == "rohirrim_road_does_not_change_revealed_cost").unwrap();
    let (a, c) = (scenario::run(&rules, sc), scenario::run(&rules, sc));
    assert!(a.failure.is_none());
    assert_eq!(a.transcript, c.transcript);
}

#[test]
fn a_random_agent_plays_200_seeded_lotr_turns_without_an_error() {
    let b = lotr();
    let rules = Rules::compile(&b).unwrap();
    let (mut turns, mut seed, mut refused) = (0, 1, 0);
    while turns < 200 {
        match scenario::random_game(&rules, seed, 2, 200 - turns) {
            Ok(g) => {
                assert!(g.state.clock.turn > 1, "seed {seed}: no turn was played");
                turns += g.state.clock.turn - 1;
                refused += g.refused;
            }
            Err(h @ (Halt::Error(..) | Halt::Budget(_) | Halt::Agent(_))) => panic!("seed {seed}: {h:?}"),
            Err(Halt::Refused(m)) => panic!("seed {seed}: a turn-structure step was refused: {m}"),
        }
        seed += 1;
    }
    // The agent is offered only legal actions: the rules refuse none of them.
    assert_eq!(refused, 0, "an offered action was refused");
}

#[test]
fn a_random_game_replays_byte_for_byte() {
    let b = lotr();
    let rules = Rules::compile(&b).unwrap();
    let render = |seed| {
        let s = scenario::random_game(&rules, seed, 3, 6).unwrap().state;
        s.log.iter().map(|e| e.render(&s)).collect::<Vec<_>>().join("\n")
    };
    let (a, b2) = (render(7), render(7));
    assert_eq!(a, b2);
    assert_ne!(a, render(8), "a different seed should give a different game");
}

#[test]
fn a_random_agent_plays_the_construct_game_with_its_supplies() {
    let b = bundles("tests/fixtures/run").remove(0);
    let rules = Rules::compile(&b).unwrap();
    for seed in 1..=5 {
        let state = scenario::random_game(&rules, seed, 3, 30).unwrap_or_else(|h| panic!("seed {seed}: {h:?}")).state;
        // `pawn: { per_player: 6 }` with `supply: { holds: [pawn, disc] }`: 6 each.
        let pawn = twilit::engine::Kind::Piece(state.piece_name_id("pawn").expect("pawn is a piece kind"));
        let pawns = state.ents.iter().filter(|e| e.kind == pawn).count();
        assert_eq!(pawns, 18, "seed {seed}");
        assert!(state.clock.turn > 1 || state.over, "seed {seed}: no turn played");
    }
}
