//! The loader's tests of files and folders: grouping by game, ids across files, paths.

use super::*;

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!("twilit-load-{name}-{}-{nanos}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn write(&self, rel: &str, bytes: &[u8]) {
        let p = self.0.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, bytes).unwrap();
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const GAME: &[u8] = b"game: g\nname: G\nplayers: { min: 2, max: 4 }\n";

fn codes(diags: &[Diagnostic]) -> Vec<&str> {
    diags.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn files_are_grouped_by_game_and_ids_checked_across_files() {
    let t = TempDir::new("group");
    t.write("g/game.yaml", GAME);
    t.write("g/a.yaml", b"- id: echo\n  name: Echo\n");
    t.write("g/sub/b.yml", b"- id: echo\n  name: Echo Again\n- id: other\n  name: O\n");
    t.write("g/notes.txt", b"not yaml: [");
    t.write("g/.hidden/x.yaml", b"[");
    t.write("g/f.yaml", b"faction: f\nname: F\ncards:\n  - { id: other, name: X }\n");
    let mut sources = SourceMap::default();
    let (lib, diags) = load_paths(std::slice::from_ref(&t.0), &mut sources);
    assert_eq!(codes(&diags), ["twilit::duplicate-id", "twilit::duplicate-id"], "{diags:#?}");
    let d = &diags[0];
    assert!(sources.get(d.labels[0].file).path.ends_with("g/sub/b.yml"));
    assert!(sources.get(d.labels[1].file).path.ends_with("g/a.yaml"));
    assert_ne!(d.labels[0].file, d.labels[1].file);
    assert_eq!(&sources.get(d.labels[0].file).text().unwrap()[d.labels[0].span.clone()], "echo");
    assert_eq!(lib.games.len(), 1);
    let g = &lib.games[0];
    assert_eq!(g.game.as_ref().unwrap().game.value, "g");
    assert_eq!((g.cards.len(), g.factions.len(), g.files.len()), (3, 1, 4));
    assert!(sources.get(g.files[0]).path.ends_with("game.yaml"));
}

#[test]
fn a_single_file_finds_its_game_above_it() {
    let t = TempDir::new("single");
    t.write("game.yaml", GAME);
    t.write("deep/er/card.txt", b"id: x\nname: X\n");
    let mut sources = SourceMap::default();
    let (lib, diags) = load_paths(&[t.0.join("deep/er/card.txt")], &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    assert_eq!(lib.games[0].cards[0].id.value, "x");
    assert!(lib.games[0].game.is_some());
}

#[test]
fn missing_paths_and_orphans_are_reported() {
    let t = TempDir::new("orphan");
    t.write("lonely.yaml", b"- id: x\n  name: X\n");
    let mut sources = SourceMap::default();
    let missing = t.0.join("nope");
    let (lib, diags) = load_paths(&[missing, t.0.join("lonely.yaml")], &mut sources);
    assert!(lib.games.is_empty());
    assert_eq!(codes(&diags), ["twilit::io", "twilit::no-game"]);
    assert!(super::super::is_io_error(&diags[0]));
}

#[test]
fn invalid_utf8_is_reported_at_the_first_bad_byte() {
    let t = TempDir::new("utf8");
    t.write("game.yaml", GAME);
    t.write("bad.yaml", b"- id: bin\n  name: \"Bin\xff\xfeary\"\n");
    let mut sources = SourceMap::default();
    let (lib, diags) = load_paths(std::slice::from_ref(&t.0), &mut sources);
    assert_eq!(codes(&diags), ["twilit::invalid-utf8"]);
    let l = &diags[0].labels[0];
    assert_eq!(l.span.start, 22);
    assert_eq!(&sources.get(l.file).text().unwrap()[l.span.clone()], "\u{FFFD}");
    assert_eq!(lib.games[0].cards[0].id.value, "bin");
}

#[test]
fn empty_files_and_misplaced_rulesets_are_reported() {
    let t = TempDir::new("empty");
    t.write("game.yaml", GAME);
    t.write("a_empty.yaml", b"");
    t.write("b_rules.yaml", b"game: h\nname: H\nplayers: {min: 1, max: 1}\n");
    let mut sources = SourceMap::default();
    let (_, diags) = load_paths(std::slice::from_ref(&t.0), &mut sources);
    assert_eq!(codes(&diags), ["twilit::empty-file", "twilit::misplaced-file"]);
}

#[test]
fn relative_paths_walk_up_past_their_start() {
    assert_eq!(up(Path::new("a/b")), Some(PathBuf::from("a")));
    assert_eq!(up(Path::new("a")), Some(PathBuf::from("")));
    assert_eq!(up(Path::new("")), Some(PathBuf::from("..")));
    assert_eq!(up(Path::new("..")), Some(PathBuf::from("../..")));
    assert_eq!(up(Path::new("/")), None);
}

#[test]
fn in_memory_bundles_check_ids_too() {
    let mut sources = SourceMap::default();
    let files = [
        ("game.yaml", "game: g\nname: G\nplayers: {min: 1, max: 2}\n"),
        ("s.yaml", "scenario: s\ngame: g\nplayers: [{name: a}]\n"),
        ("t.yaml", "scenario: s\ngame: g\nplayers: [{name: b}]\n"),
    ];
    let (b, diags) = load_bundle(Path::new("mem"), &files, &mut sources);
    assert!(b.game.is_some());
    assert_eq!(b.scenarios.len(), 2);
    assert_eq!(codes(&diags), ["twilit::duplicate-id"]);
}
