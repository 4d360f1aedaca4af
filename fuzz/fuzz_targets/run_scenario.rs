//! Target 3: one scenario file against goofspiel, the way `twilit test` runs it: load and
//! check the game with the scenario, stop on an error, else compile and run every
//! scenario of the file and render its transcript.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twilit::check::check_library;
use twilit::diag::{Severity, SourceMap};
use twilit::interp::Rules;
use twilit::load::{load_bundle, Library};
use twilit::scenario;

struct Host {
    dir: PathBuf,
    game: String,
    cards: String,
}

fn host() -> &'static Host {
    static HOST: OnceLock<Host> = OnceLock::new();
    HOST.get_or_init(|| Host {
        dir: twilit_fuzz::repo().join("cards/goofspiel"),
        game: twilit_fuzz::repo_file("cards/goofspiel/game.yaml"),
        cards: twilit_fuzz::repo_file("cards/goofspiel/cards.yaml"),
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let h = host();
    twilit_fuzz::on_stack(twilit_fuzz::CLI_STACK, || {
        let mut sources = SourceMap::default();
        let files = [("game.yaml", h.game.as_str()), ("cards.yaml", &h.cards), ("scenarios/fuzz.yaml", &text)];
        let (bundle, mut diags) = load_bundle(&h.dir, &files, &mut sources);
        let lib = Library { games: vec![bundle] };
        diags.extend(check_library(&lib).diags);
        twilit_fuzz::render_all(&diags, &sources);
        if diags.iter().any(|d| d.severity == Severity::Error) {
            return;
        }
        let bundle = &lib.games[0];
        let Ok(rules) = Rules::compile(bundle) else { return };
        for sc in &bundle.scenarios {
            let _ = scenario::run(&rules, sc).transcript;
        }
    });
});
