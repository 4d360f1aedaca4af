//! `twilit explain --text`: every card and faction of the bundled games written back as
//! rules text, snapshotted per game (reviewed: each line says what the scripts do).

use std::path::Path;

use twilit::diag::SourceMap;

#[test]
fn every_bundled_card_reads_as_rules_text() {
    for game in ["goofspiel", "crazy_eights", "lotr", "root", "ti4"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards").join(game);
        let mut sources = SourceMap::default();
        let (lib, _) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
        let bundle = &lib.games[0];
        let mut ids: Vec<String> = bundle.cards.iter().map(|c| c.id.value.clone()).collect();
        for f in &bundle.factions {
            ids.push(f.faction.value.clone());
            ids.extend(f.cards.iter().map(|c| c.id.value.clone()));
        }
        let mut all = String::new();
        for id in &ids {
            let text = twilit::check::prose::explain(&lib, id).unwrap_or_else(|| panic!("{game}: no text for {id}"));
            assert!(text.lines().count() >= 2, "{game}: {id} has a name and at least one line:\n{text}");
            all.push_str(&text);
        }
        insta::with_settings!({ snapshot_suffix => game }, {
            insta::assert_snapshot!("explain_text", all);
        });
    }
}

/// An ability's `from:` zones and `limit:` are part of its rule: both forms of `explain`
/// say them (they used to leave out `from:`, and the s-expressions `limit:` too).
#[test]
fn an_abilitys_from_and_limit_are_explained() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/explain");
    let mut sources = SourceMap::default();
    let (lib, diags) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let sexp = twilit::check::explain(&lib, "herald").expect("the card");
    assert!(
        sexp.contains("  action main:\n    name: proclaim\n    from: (hand)\n    limit: (1 per game)\n    cost: "),
        "{sexp}"
    );
    let text = twilit::check::prose::explain(&lib, "herald").expect("the card");
    assert!(text.contains("- proclaim — Action (main) (works from hand) (once per game): Cost: "), "{text}");
}

/// `optional:` and `used_by:` change who may use an ability and whether it asks: the
/// s-expressions left both out, and the rules text `used_by:`.
#[test]
fn an_abilitys_optional_and_used_by_are_explained() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/explain");
    let mut sources = SourceMap::default();
    let (lib, diags) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let sexp = twilit::check::explain(&lib, "town_crier").expect("the card");
    assert!(sexp.contains("  when (on moves (by this) (to pile)):\n    optional: true\n    effect: "), "{sexp}");
    assert!(sexp.contains("  action main:\n    used_by: players\n    effect: "), "{sexp}");
    let text = twilit::check::prose::explain(&lib, "town_crier").expect("the card");
    assert!(text.contains("You may."), "{text}");
    assert!(text.contains("Usable by players."), "{text}");
}

/// A game's own ability (Crazy Eights' `draw`) is explained by its name too, both ways; it
/// was "no card or faction `draw`".
#[test]
fn a_game_ability_is_explained_by_its_name() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/crazy_eights");
    let mut sources = SourceMap::default();
    let (lib, _) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    let parsed = twilit::check::explain(&lib, "draw").expect("the game's draw");
    assert!(parsed.starts_with("game ability draw\n  action turn:\n"), "{parsed}");
    assert!(parsed.contains("limit: (5 per turn)"), "{parsed}");
    let text = twilit::check::prose::explain(&lib, "draw").expect("the game's draw");
    assert!(text.starts_with("the game's draw\n- draw — Action, on your turn (5 times per turn)"), "{text}");
    assert!(twilit::check::all_ids(&lib).iter().any(|i| i == "pass"), "named abilities are ids to suggest");
}

/// A card's printed values and the game's `play:` rule it follows, and a game procedure,
/// are explained (a designer's walkthrough: a plain card showed only "(no abilities)",
/// and a procedure was "no card or faction").
#[test]
fn a_cards_values_the_games_play_and_procedures_are_explained() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/crazy_eights");
    let mut sources = SourceMap::default();
    let (lib, diags) = twilit::load::load_paths(std::slice::from_ref(&dir), &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    let sexp = twilit::check::explain(&lib, "ca").expect("the card");
    assert!(sexp.starts_with("card ca (Ace of Clubs)\n  printed: rank ace, suit club, suit_index 0, penalty 10\n  play (the game's): (do (require (== you active_player)"), "{sexp}");
    let text = twilit::check::prose::explain(&lib, "ca").expect("the card");
    assert!(text.contains("  values: rank ace, suit club, suit_index 0, penalty 10\n- When played (the game's rule): Only if you == active_player."), "{text}");
    assert!(!text.contains("(no abilities)"), "{text}");
    let proc = twilit::check::explain(&lib, "penalty_in_hand").expect("the procedure");
    assert_eq!(
        proc,
        "procedure penalty_in_hand(p: player)\n  value: (sum() (select cards (in (of hand p))) penalty)\n"
    );
    let text = twilit::check::prose::explain(&lib, "deal_hands").expect("the procedure");
    assert!(text.starts_with("the game's procedure deal_hands()\n- Does: Let hand_size be "), "{text}");
}
