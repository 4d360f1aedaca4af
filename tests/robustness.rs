//! Bad input never panics: thousands of generated scripts (token soup from the language's
//! own vocabulary, so many parse and many almost parse) go through the parser and the
//! checker. A deterministic generator keeps failures reproducible.

use std::path::Path;

use twilit::check::check_library;
use twilit::diag::SourceMap;
use twilit::load::{load_bundle, Library};

const VOCAB: &[&str] = &[
    "let",
    "x",
    "=",
    "if",
    "{",
    "}",
    "else",
    "for",
    "each",
    "in",
    "repeat",
    "times",
    "any",
    "number",
    "of",
    "may",
    "choose",
    "one",
    "as",
    "require",
    "fail",
    "\"msg\"",
    "pass",
    "modify",
    "cost",
    "by",
    "+2",
    "until",
    "end",
    "turn",
    "set",
    "to",
    "forbid",
    "opponents",
    "place",
    ",",
    "or",
    "except",
    "during",
    "draft",
    "from",
    "into",
    ":",
    "pick",
    "1",
    "limit",
    "unit",
    "face",
    "up",
    "down",
    "Add[",
    "]",
    "[",
    "(",
    ")",
    "draw",
    "move",
    "card",
    "cards",
    "hand",
    "deck",
    "where",
    "with",
    "==",
    ">",
    "<=",
    "and",
    "not",
    "-",
    "*",
    "you",
    "control",
    "this",
    "it",
    "count(",
    "table",
    "2..3",
    "else:",
    "roll",
    "d6",
    "clockwise",
    "speaker",
    "top",
    "bottom",
    "a",
    "all",
    "up to",
    "2",
    "n",
    "pool",
    "soldier",
    "at",
    "on",
    "owned",
    "controlled",
    "simultaneously",
    "reveal",
    "flip",
    "score",
    "play",
    "seat",
    "removes",
    "plays",
    "start",
    "\n",
    "\n",
    ";",
    "#c\n",
    "..",
    "5",
    "players",
    "vp",
];

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn soup(rng: &mut Lcg) -> String {
    let len = 1 + rng.next(24);
    (0..len).map(|_| VOCAB[rng.next(VOCAB.len())]).collect::<Vec<_>>().join(" ")
}

#[test]
fn token_soup_never_panics_the_parser() {
    let mut rng = Lcg(7);
    let mut parsed = 0;
    for _ in 0..4_000 {
        let s = soup(&mut rng);
        parsed += usize::from(twilit::syntax::parse_script(&s).is_ok());
        let _ = twilit::syntax::parse_condition(&s);
        let _ = twilit::syntax::parse_event(&s);
        if let Err(e) = twilit::syntax::parse_script(&s) {
            assert!(e.span.start <= e.span.end && e.span.end <= s.len(), "{s:?}: {e:?}");
        }
    }
    assert!(parsed > 20, "the generator should also produce valid scripts ({parsed})");
}

const GAME: &str = "game: g\nname: G\nplayers: { min: 2, max: 2 }\nproperties:\n  type: { type: enum, values: [unit] }\n  cost: { type: number }\nzones:\n  hand: {}\n  deck: { ordered: true }\npieces:\n  soldier: {}\ncounters:\n  pool: { on: game }\n  vp: {}\ndice:\n  d6: [1, 2, 3, 4, 5, 6]\nkeywords:\n  \"Add[n]\": add n pool\nturn:\n  phases:\n    - name: main\n";

#[test]
fn token_soup_never_panics_the_checker() {
    let mut rng = Lcg(11);
    let mut cards = String::new();
    for i in 0..1_000 {
        let script = soup(&mut rng).replace('\n', " ").replace('"', "'");
        cards.push_str(&format!(
            "- id: c{i}\n  name: C\n  abilities:\n    - action: main\n      effect: \"{script}\"\n"
        ));
    }
    let mut sources = SourceMap::default();
    let (bundle, load) = load_bundle(Path::new("g"), &[("game.yaml", GAME), ("cards.yaml", &cards)], &mut sources);
    assert!(load.is_empty(), "{load:?}");
    let report = check_library(&Library { games: vec![bundle] });
    assert_eq!(report.cards, 1_000);
    assert!(!report.diags.is_empty());
    for d in &report.diags {
        for l in &d.labels {
            assert!(l.span.end <= sources.get(l.file).text.len(), "{d:?}");
        }
    }
}
