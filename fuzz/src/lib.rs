//! What the fuzz targets share: the bundled games they run against, the stacks they run
//! on, and the checks every diagnostic must pass (it renders, and its span is in its file).

use std::path::{Path, PathBuf};

use twilit::check::check_library;
use twilit::cli::render;
use twilit::diag::{Diagnostic, Severity, SourceMap};
use twilit::interp::Rules;
use twilit::load::{load_bundle, load_paths, GameBundle, Library};

/// The repository root (the fuzz crate is its `fuzz/` folder).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The text of a file of the repository, read once per target at start-up.
pub fn repo_file(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("fuzz set-up: {rel}: {e}"))
}

/// Stack the library promises to be safe on (ARCHITECTURE.md, limits): the parse and load
/// targets run there, so an overflow that the CLI's big thread would hide is a crash.
pub const LIBRARY_STACK: usize = 2 << 20;

/// Stack the CLI gives the interpreter (`main.rs`): the run targets use the same, so they
/// find what a user of `twilit test` or `play` would hit.
pub const CLI_STACK: usize = 256 << 20;

/// Runs `f` on a fresh thread with `stack` bytes of stack. A panic there is the fuzzer's
/// crash (libfuzzer-sys aborts on any thread's panic), an overflow its SIGSEGV.
pub fn on_stack<T: Send>(stack: usize, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new().stack_size(stack).spawn_scoped(s, f).expect("fuzz set-up: spawn");
        h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Renders every diagnostic as the CLI would (human and JSON), so a span that points
/// outside its file or a rendering bug is a crash here rather than in a user's terminal.
pub fn render_all(diags: &[Diagnostic], sources: &SourceMap) {
    for d in diags {
        if let Some(l) = d.primary() {
            let len = sources.get(l.file).text().unwrap().len();
            assert!(
                l.span.start <= l.span.end && l.span.end <= len,
                "span {:?} outside a {len}-byte file: {d:?}",
                l.span
            );
        }
        let _ = render::human(d, sources, false, 100);
        let _ = render::json(d, sources);
    }
}

/// Loads a bundled game folder (relative to the repository), which must load cleanly.
pub fn load_game(rel: &str) -> (GameBundle, SourceMap) {
    let mut sources = SourceMap::default();
    let (mut lib, diags) = load_paths(&[repo().join(rel)], &mut sources);
    assert!(diags.is_empty(), "fuzz set-up: {rel} does not load cleanly: {diags:#?}");
    (lib.games.remove(0), sources)
}

/// A bundled game's compiled rules.
pub fn rules(rel: &str) -> Rules {
    let (bundle, _) = load_game(rel);
    Rules::compile(&bundle).unwrap_or_else(|d| panic!("fuzz set-up: {rel} does not compile: {d:#?}"))
}

/// A game folder a target loads fuzzed files into, with two of its files read once.
pub struct Host {
    /// The folder the fuzzed files are loaded as if they were in.
    pub dir: PathBuf,
    /// Its `game.yaml` (or the game the fuzzed cards are checked against).
    pub game: String,
    /// A card file.
    pub cards: String,
}

impl Host {
    /// The folder `dir` and the texts of `game` and `cards`, all relative to the repository.
    pub fn new(dir: &str, game: &str, cards: &str) -> Host {
        Host { dir: repo().join(dir), game: repo_file(game), cards: repo_file(cards) }
    }

    /// Loads `files` as one game in the host's folder and checks it, as `twilit check`
    /// does, rendering every diagnostic; the library when nothing is an error.
    pub fn load_check(&self, files: &[(&str, &str)]) -> Option<Library> {
        let mut sources = SourceMap::default();
        let (bundle, mut diags) = load_bundle(&self.dir, files, &mut sources);
        let lib = Library { games: vec![bundle] };
        diags.extend(check_library(&lib).diags);
        render_all(&diags, &sources);
        (!diags.iter().any(|d| d.severity == Severity::Error)).then_some(lib)
    }
}
