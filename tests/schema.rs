//! `twilit schema`: the JSON Schema it prints is a valid draft-07 schema, every bundled
//! file (each game's, scenarios included) validates against it with a real validator
//! (the `jsonschema` crate) generic and per game, broken files fail it where they are
//! broken, as the loader says too, and the README's "In your editor" section works as
//! written.

mod common;

use std::path::{Path, PathBuf};

use common::twilit;
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `twilit schema ARGS`, parsed.
fn schema(args: &[&str]) -> Value {
    let mut all = vec!["schema"];
    all.extend(args);
    let (code, out, err) = twilit(&all);
    assert_eq!(code, 0, "{err}");
    let s: Value = serde_json::from_str(&out).expect("the schema is JSON");
    jsonschema::draft7::meta::validate(&s).expect("a valid draft-07 schema");
    s
}

/// A YAML text as the JSON value an editor's YAML server validates.
fn json_of(yaml: &str) -> Value {
    serde_yaml::from_str(yaml).expect("YAML with text keys")
}

/// Every error of `instance` against `schema`: (instance path, message).
fn errors(schema: &Value, instance: &Value) -> Vec<(String, String)> {
    let v = jsonschema::draft7::new(schema).expect("the schema compiles");
    v.iter_errors(instance).map(|e| (e.instance_path().as_str().to_string(), e.to_string())).collect()
}

/// The YAML files under `dir`, recursively, sorted.
fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(yaml_files(&path));
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The bundled games: `cards/<game>`.
fn games() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("cards"))
        .expect("cards/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.join("game.yaml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// Validates every file of `game` against `schema`; the problems, and how many files.
fn check_game(schema: &Value, game: &Path) -> (Vec<String>, usize) {
    let files = yaml_files(game);
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        for (at, msg) in errors(schema, &json_of(&text)) {
            problems.push(format!("{}: at `{at}`: {msg}", f.display()));
        }
    }
    (problems, files.len())
}

#[test]
fn every_bundled_file_validates_against_the_generic_schema() {
    let s = schema(&[]);
    assert_eq!(s["$schema"], "http://json-schema.org/draft-07/schema#");
    let (mut problems, mut files, mut scenarios) = (Vec::new(), 0, 0);
    for game in games() {
        let (p, n) = check_game(&s, &game);
        problems.extend(p);
        files += n;
        scenarios += yaml_files(&game.join("scenarios")).len();
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(files >= 30 && scenarios >= 10, "{files} files, {scenarios} scenarios");
}

#[test]
fn every_game_validates_against_its_own_schema() {
    for game in games() {
        let dir = game.strip_prefix(ROOT).expect("under the crate").to_string_lossy().into_owned();
        let s = schema(&[&dir]);
        let (problems, files) = check_game(&s, &game);
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(files >= 2, "{dir}");
    }
}

/// The loader's diagnostic codes for `yaml` read as one file.
fn loader_codes(yaml: &str) -> Vec<String> {
    let (_, diags) = twilit::load::load_source(twilit::diag::FileId(0), yaml);
    diags.into_iter().map(|d| d.code).collect()
}

/// Broken files: (what is wrong, the text, where the validator must point, the loader's code).
const BROKEN: &[(&str, &str, &str, &str)] = &[
    (
        "an unknown field",
        "game: g\nname: G\nplayers: { min: 2, max: 4 }\nzones:\n  hand: { visibilty: owner }\n",
        "/zones/hand",
        "twilit::unknown-field",
    ),
    (
        "a word not among the allowed",
        "game: g\nname: G\nplayers: { min: 2, max: 4 }\nzones:\n  hand: { visibility: secret }\n",
        "/zones/hand/visibility",
        "twilit::wrong-type",
    ),
    ("a wrong type", "- id: a\n  name: A\n  copies: many\n", "/0/copies", "twilit::wrong-type"),
    (
        "an ability of two kinds",
        "id: a\nname: A\nabilities:\n  - { action: main, when: you play this, effect: draw 1 }\n",
        "/abilities/0",
        "twilit::wrong-type",
    ),
    (
        "a step of two keys",
        "scenario: s\ngame: g\nplayers: [{ name: a }]\nsteps:\n  - { expect: x == 1, advance: main }\n",
        "/steps/0",
        "twilit::wrong-type",
    ),
    (
        "a missing required field",
        "faction: f\ncards:\n  - { id: c, name: C }\n",
        "",
        "twilit::missing-field",
    ),
    (
        "a bad use limit",
        "cards:\n  - id: a\n    name: A\n    abilities:\n      - { action: main, limit: thrice per turn, effect: draw 1 }\n",
        "/cards/0/abilities/0/limit",
        "twilit::wrong-type",
    ),
];

#[test]
fn broken_files_fail_where_they_are_broken_as_the_loader_says() {
    let s = schema(&[]);
    for (what, yaml, path, code) in BROKEN {
        let found = errors(&s, &json_of(yaml));
        assert!(found.iter().any(|(at, _)| at == path), "{what}: no error at `{path}`: {found:#?}");
        assert!(found.iter().all(|(at, _)| at.starts_with(path)), "{what}: errors elsewhere: {found:#?}");
        assert!(loader_codes(yaml).iter().any(|c| c == code), "{what}: the loader gives {:?}", loader_codes(yaml));
    }
}

#[test]
fn a_games_schema_knows_its_names() {
    // Fine for any game; not for lotr, which has no phase `dusk` and no zone `pocket`.
    let yaml = "scenario: s\ngame: lotr\nplayers: [{ name: a }]\nsetup:\n  - { put: [gandalf], in: pocket }\n\
        steps:\n  - advance: dusk\n";
    assert_eq!(errors(&schema(&[]), &json_of(yaml)), []);
    let lotr = schema(&["cards/lotr"]);
    let at: Vec<String> = errors(&lotr, &json_of(yaml)).into_iter().map(|(at, _)| at).collect();
    for path in ["/setup/0/in", "/steps/0/advance"] {
        assert!(at.iter().any(|a| a == path), "no error at {path}: {at:?}");
    }
    // A card's properties are the game's, typed: an enum value not declared fails.
    let card = "- id: x\n  name: X\n  side: nowhere\n";
    assert_eq!(errors(&schema(&[]), &json_of(card)), []);
    let at: Vec<String> = errors(&lotr, &json_of(card)).into_iter().map(|(at, _)| at).collect();
    assert_eq!(at, ["/0/side"]);
}

#[test]
fn a_path_that_is_no_game_is_a_usage_error() {
    let (code, out, err) = twilit(&["schema", "tests"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("twilit::no-game") && err.contains("`tests` is not a game directory"), "{err}");
    let (code, _, err) = twilit(&["schema", "no/such/dir"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`no/such/dir` does not exist"), "a missing path is said to be missing: {err}");
}

/// The README's "In your editor" section.
fn editor_section() -> String {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README");
    let start = readme.find("## In your editor\n").expect("the README has an \"In your editor\" section");
    let rest = &readme[start + 3..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_string()
}

/// The lines of the README section's first ```LANG block.
fn block(section: &str, lang: &str) -> String {
    let open = format!("```{lang}\n");
    let start = section.find(&open).unwrap_or_else(|| panic!("a ```{lang} block")) + open.len();
    section[start..start + section[start..].find("```").expect("the block ends")].to_string()
}

#[test]
fn the_readme_editor_section_works_as_written() {
    let section = editor_section();
    let tmp = tempfile::tempdir().expect("a temporary directory");
    // Each command, run as written, writes a schema to where it says.
    let commands = block(&section, "sh");
    let mut written = Vec::new();
    for line in commands.lines() {
        let (cmd, target) = line.split_once(" > ").unwrap_or_else(|| panic!("`CMD > FILE`: {line}"));
        let args: Vec<&str> = cmd.split_whitespace().collect();
        assert_eq!(args[..2], ["twilit", "schema"], "{line}");
        let (code, out, err) = twilit(&args[1..]);
        assert_eq!(code, 0, "{line}: {err}");
        let file = tmp.path().join(target);
        std::fs::create_dir_all(file.parent().expect("a directory")).expect("made");
        std::fs::write(&file, &out).expect("written");
        written.push(file);
    }
    assert_eq!(written.len(), 2, "{commands}");
    let generic = std::fs::read_to_string(&written[0]).expect("written");
    assert_eq!(serde_json::from_str::<Value>(&generic).expect("JSON"), schema(&[]));

    // The comment, first in each file of a game's directory, names that schema; the files
    // still check clean, and validate against it.
    let comment = block(&section, "yaml");
    let comment = comment.trim_end();
    let rel = comment.strip_prefix("# yaml-language-server: $schema=").expect("the modeline");
    let game = tmp.path().join("cards/goofspiel");
    std::fs::create_dir_all(&game).expect("made");
    let generic: Value = serde_json::from_str(&generic).expect("JSON");
    for name in ["game.yaml", "cards.yaml"] {
        let text = std::fs::read_to_string(Path::new(ROOT).join("cards/goofspiel").join(name)).expect("bundled");
        let with = format!("{comment}\n{text}");
        std::fs::write(game.join(name), &with).expect("written");
        assert_eq!(canonical(&game.join(rel)), canonical(&written[0]), "{rel}");
        assert_eq!(errors(&generic, &json_of(&with)), [], "{name}");
    }
    let (code, out, err) = twilit(&["check", &game.to_string_lossy()]);
    assert_eq!(code, 0, "{out}{err}");

    // The VS Code setting maps the schema written to every bundled file its glob matches.
    let settings: Value = serde_json::from_str(&block(&section, "json")).expect("the setting is JSON");
    let map = settings["yaml.schemas"].as_object().expect("`yaml.schemas`");
    let (path, glob) = map.iter().next().expect("one schema");
    assert_eq!(canonical(&tmp.path().join(path)), canonical(&written[0]));
    let (dir, ext) = glob.as_str().and_then(|g| g.split_once("/**/*")).expect("`DIR/**/*.EXT`");
    let files = yaml_files(&Path::new(ROOT).join(dir));
    assert!(files.len() >= 30 && files.iter().all(|f| f.to_string_lossy().ends_with(ext)));
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        assert_eq!(errors(&generic, &json_of(&text)), [], "{}", f.display());
    }

    // And it points to the language server's client.
    assert!(section.contains("`twilit lsp`") && section.contains("(editors/vscode/README.md)"));
    assert!(Path::new(ROOT).join("editors/vscode/README.md").is_file());
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn the_fixture_game_and_a_made_scenario_validate() {
    // The run fixture uses every setup item (`setup_as_data.yaml`: labels, `on:`, `home:`,
    // `order:`, `generator:`, `act: { action }`), against both schemas.
    let fixture = Path::new(ROOT).join("tests/fixtures/run");
    for s in [schema(&[]), schema(&["tests/fixtures/run"])] {
        let (problems, files) = check_game(&s, &fixture);
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(files >= 40, "{files}");
    }
    // What `scenario-from` writes (`random_agents:`, quoted labels) is a valid scenario too.
    let dir = tempfile::tempdir().expect("temp dir");
    let saved = dir.path().to_str().expect("utf-8");
    let args = ["simulate", "cards/root", "--games", "1", "--seed", "2", "--turns", "6", "--save-replays", saved];
    let (code, _, err) = twilit(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, made, err) = twilit(&["scenario-from", &format!("{saved}/root-2.json"), "--at", "20"]);
    assert_eq!(code, 0, "{err}");
    for s in [schema(&[]), schema(&["cards/root"])] {
        assert_eq!(errors(&s, &json_of(&made)), vec![], "{made}");
    }
}
