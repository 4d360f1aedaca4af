//! Target 2: one YAML file through `load` and `check`, twice: as a file of a small game
//! (tests/fixtures/bad, the game every bad fixture is checked against) and as the
//! `game.yaml` of goofspiel's cards. Every diagnostic is rendered as the CLI would; a
//! clean game is compiled, as `twilit test` does next.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use twilit::interp::Rules;
use twilit_fuzz::Host;

fn host() -> &'static Host {
    static HOST: OnceLock<Host> = OnceLock::new();
    HOST.get_or_init(|| Host::new("tests/fixtures/bad", "tests/fixtures/bad/game.yaml", "cards/goofspiel/cards.yaml"))
}

fn check(files: &[(&str, &str)]) {
    if let Some(lib) = host().load_check(files) {
        let _ = Rules::compile(&lib.games[0]);
    }
}

fuzz_target!(|data: &[u8]| {
    // The walker reads bytes; `load` sees text only after the UTF-8 check, which the
    // loader's own tests cover. Lossy decoding keeps every input useful here.
    let text = String::from_utf8_lossy(data);
    let h = host();
    twilit_fuzz::on_stack(twilit_fuzz::LIBRARY_STACK, || {
        check(&[("game.yaml", &h.game), ("fuzz.yaml", &text)]);
        check(&[("game.yaml", &text), ("cards.yaml", &h.cards)]);
    });
});
