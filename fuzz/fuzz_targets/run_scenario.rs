//! Target 3: one scenario file against goofspiel, the way `twilit test` runs it: load and
//! check the game with the scenario, stop on an error, else compile and run every
//! scenario of the file and render its transcript.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twilit::interp::Rules;
use twilit::scenario;
use twilit_fuzz::Host;

fn host() -> &'static Host {
    static HOST: OnceLock<Host> = OnceLock::new();
    HOST.get_or_init(|| Host::new("cards/goofspiel", "cards/goofspiel/game.yaml", "cards/goofspiel/cards.yaml"))
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let h = host();
    twilit_fuzz::on_stack(twilit_fuzz::CLI_STACK, || {
        let files = [("game.yaml", h.game.as_str()), ("cards.yaml", &h.cards), ("scenarios/fuzz.yaml", &text)];
        let Some(lib) = h.load_check(&files) else { return };
        let bundle = &lib.games[0];
        let Ok(rules) = Rules::compile(bundle) else { return };
        for sc in &bundle.scenarios {
            let _ = scenario::run(&rules, sc).transcript;
        }
    });
});
