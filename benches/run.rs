//! Benchmarks of the interpreter: running the bundled LOTR scenarios, and a random agent
//! playing turns of a whole game (`twilit play` does the same). Run with `cargo bench`.

use std::path::PathBuf;

use divan::Bencher;
use twilit::interp::Rules;

fn main() {
    divan::main();
}

fn lotr() -> twilit::load::GameBundle {
    let mut sources = twilit::diag::SourceMap::default();
    let (mut lib, _) = twilit::load::load_paths(&[PathBuf::from("cards/lotr")], &mut sources);
    lib.games.remove(0)
}

#[divan::bench(sample_count = 20)]
fn lotr_scenarios(bencher: Bencher) {
    let b = lotr();
    let rules = Rules::compile(&b).expect("compiles");
    bencher.bench(|| b.scenarios.iter().filter(|s| twilit::scenario::run(&rules, s).failure.is_none()).count());
}

#[divan::bench(args = [10, 50], sample_count = 10)]
fn random_lotr_turns(bencher: Bencher, turns: u32) {
    let b = lotr();
    let rules = Rules::compile(&b).expect("compiles");
    bencher.bench(|| twilit::scenario::random_game(&rules, 1, 2, turns).map(|g| g.state.log.len()).unwrap_or(0));
}
