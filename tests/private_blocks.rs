//! `simultaneously as` blocks that the compiler marks `private` (each only moves the acting
//! player's things between their own zones) run once per player instead of rehearsal and
//! run (`interp/secret.rs`). Which blocks are marked, and that a game plays exactly the
//! same either way: the same events, seen by the same players, the same generator, the
//! same result. An agent that looks at the table before answering forces the rehearsal.

use std::path::PathBuf;

use twilit::diag::SourceMap;
use twilit::engine::Rng;
use twilit::interp::rules::Body;
use twilit::interp::{Agent, Ask, RandomAgent, Rules, Sampler};
use twilit::load::load_paths;
use twilit::scenario::whole_game;
use twilit::syntax::ast::StmtKind;
use twilit::syntax::visit;

fn rules(dir: &str) -> Rules {
    let mut sources = SourceMap::default();
    let (mut lib, diags) = load_paths(&[PathBuf::from(dir)], &mut sources);
    assert!(diags.is_empty(), "{dir} does not load cleanly: {diags:#?}");
    Rules::compile(&lib.games.remove(0)).unwrap_or_else(|d| panic!("{dir} does not compile: {d:#?}"))
}

fn inline(game: &str) -> Rules {
    let mut sources = SourceMap::default();
    let files = [("game.yaml", game)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("g"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Rules::compile(&bundle).expect("compiles")
}

/// Each procedure's simultaneous blocks, by the procedure's name: whether each is private.
fn marks(r: &Rules) -> Vec<(String, bool)> {
    let mut out = vec![];
    for p in r.proc_list.iter().flatten() {
        let Body::Script(s) = &p.body else { continue };
        visit::block_stmts(&s.block, &mut |st| {
            if let StmtKind::As { simultaneous: true, private, .. } = &st.kind {
                out.push((p.name.to_string(), *private));
            }
        });
    }
    out.sort();
    out
}

#[test]
fn the_bundled_blocks_that_only_move_a_players_own_cards_are_private() {
    assert_eq!(marks(&rules("cards/goofspiel")), [("place_bids".to_string(), true)]);
    assert_eq!(marks(&rules("tests/fixtures/table")), [("bid".to_string(), true)]);
    // TI4: choosing a seating card is private; keeping starting cards calls a procedure.
    let ti4 = marks(&rules("cards/ti4"));
    assert!(ti4.contains(&("reveal_seating_cards".to_string(), true)), "{ti4:?}");
    assert!(ti4.iter().any(|(_, private)| !private), "{ti4:?}");
}

#[test]
fn a_block_that_reads_or_writes_beyond_the_players_own_zones_is_not_private() {
    let game = |body: &str| {
        format!(
            "game: g\nname: G\nplayers: {{ min: 2, max: 2 }}\nproperties:\n  value: {{ type: number, default: 0 }}\n\
             zones:\n  hand: {{ per: player }}\n  bid: {{ per: player, visibility: owner }}\n  pool: {{ per: game }}\n\
             counters:\n  points: {{ on: player, min: 0 }}\n\
             procedures:\n  bid:\n    script: |\n      simultaneously as players {{\n        {body}\n      }}\n\
             turn:\n  phases:\n    - name: main\n      actions: none\nend: turn > 1\n"
        )
    };
    let private = |body: &str| marks(&inline(&game(body)))[0].1;
    // Private: the acting player's own zones, named alone or `of you`, counted plainly.
    assert!(private("move 1 card from hand to bid face down"));
    assert!(private("move choose 1 card in hand to bid of you"));
    assert!(private(
        "if exists(cards in hand) { move top card of hand to bid } else { move all cards in bid to hand }"
    ));
    // Not private: a shared zone, another player's zone, a property, a counter, a roll of
    // the count, a call, a verb other than `move`.
    assert!(!private("move 1 card from hand to pool"));
    assert!(!private("move 1 card from pool to hand"));
    assert!(!private("move 1 card from hand of opponents to bid"));
    assert!(!private("move 1 card from hand where value > 2 to bid"));
    assert!(!private("move (points of you) cards from hand to bid"));
    assert!(!private("if count(cards in pool) > 0 { move 1 card from hand to bid }"));
    assert!(!private("add 1 points"));
    assert!(!private("move 1 card from hand to bid\n        add 1 points"));
    assert!(!private("bid()"));
}

/// The random agent, but looking at the table before each answer (as a person would):
/// then a simultaneous block is always rehearsed.
struct Watching(RandomAgent);

impl Agent for Watching {
    fn sampler(&self) -> Option<Sampler> {
        self.0.sampler()
    }
    fn choose(&mut self, ask: &Ask, rng: &mut Rng) -> Result<Vec<usize>, String> {
        assert!(ask.view.is_some(), "a watching agent is shown the table");
        self.0.choose(ask, rng)
    }
    fn wants_names(&self) -> bool {
        false
    }
    fn wants_view(&self, _chooser: &str) -> bool {
        true
    }
}

#[test]
fn a_private_block_run_once_plays_the_game_its_rehearsal_plays() {
    for (dir, players, turns) in [("cards/goofspiel", 2, 20), ("tests/fixtures/table", 2, 6), ("cards/ti4", 3, 1)] {
        let r = rules(dir);
        for seed in 1..=6 {
            let once = whole_game(&r, seed, players, turns, Box::new(RandomAgent)).expect("plays");
            let rehearsed = whole_game(&r, seed, players, turns, Box::new(Watching(RandomAgent))).expect("plays");
            assert!(once.state.log.len() > 20, "{dir} seed {seed}: the game played");
            assert_eq!(once.state.log, rehearsed.state.log, "{dir} seed {seed}: the same events, seen alike");
            assert_eq!(once.state.rng.to_hex(), rehearsed.state.rng.to_hex(), "{dir} seed {seed}: the same draws");
            assert_eq!(once.standing, rehearsed.standing, "{dir} seed {seed}");
            assert_eq!(once.refused, rehearsed.refused, "{dir} seed {seed}");
        }
    }
}
