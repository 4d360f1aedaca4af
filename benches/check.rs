//! Benchmarks of `twilit check`: parsing single abilities, and loading plus checking a
//! generated library (`twilit bench` reports the same for 20,000 cards).
//! Run with `cargo bench`.

use divan::{black_box, Bencher};

fn main() {
    divan::main();
}

const CATAPULT: &str = "let shown = reveal top card of deck of (choose opponent)
let victim = choose opponent
as victim { discard choose 1 card you control where side == shadow and cost == cost of shown }";

#[divan::bench]
fn parse_catapult() -> usize {
    twilit::syntax::parse_script(black_box(CATAPULT)).map(|b| b.stmts.len()).unwrap_or(0)
}

#[divan::bench]
fn parse_condition() -> bool {
    twilit::syntax::parse_condition(black_box("count(elf you control) > 0 and tokens >= cost of this")).is_ok()
}

#[divan::bench(args = [1_000, 5_000, 20_000], sample_count = 10)]
fn load_and_check(bencher: Bencher, cards: usize) {
    let dir = twilit::cli::bench::temp_dir(cards);
    twilit::cli::bench::generate(&dir, cards).expect("generate library");
    bencher.bench(|| twilit::cli::bench::measure(&dir).problems);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The floor `load_and_check` is held to: the same generated files read and parsed into a
/// generic `serde_yaml::Value`, nothing converted or checked (single-threaded).
#[divan::bench(args = [1_000, 5_000, 20_000], sample_count = 10)]
fn bare_serde_yaml(bencher: Bencher, cards: usize) {
    let dir = twilit::cli::bench::temp_dir(cards).with_extension("bare");
    twilit::cli::bench::generate(&dir, cards).expect("generate library");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    bencher.bench(|| {
        files
            .iter()
            .map(|f| serde_yaml::from_str::<serde_yaml::Value>(&std::fs::read_to_string(f).unwrap()).is_ok() as usize)
            .sum::<usize>()
    });
    let _ = std::fs::remove_dir_all(&dir);
}
