//! Files on disk: walking the given paths, reading bytes (size cap, invalid UTF-8),
//! registering files in the `SourceMap`, grouping them by game (the nearest ancestor
//! directory holding a `game.yaml`) and checking that ids are unique within a game.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use super::model::*;
use super::overlay::Overlay;
use super::walk::Walker;
use super::{load_source_with, Texts};
use crate::diag::{text_hash, Diagnostic, FileId, Severity, SourceMap, Span};
use crate::limits::Limits;

/// How many directories up a file's `game.yaml` is looked for.
const MAX_UP: usize = 256;
/// The file that makes a directory a game: its ruleset.
pub const GAME_FILE: &str = "game.yaml";

/// Loads every YAML file under `paths` (directories are walked recursively, sorted,
/// `.yaml`/`.yml` only, without hidden, `node_modules` and build directories; files given
/// explicitly are loaded whatever their extension), grouped by game. A game a path touches
/// is loaded whole: a scenario, a card file or a subdirectory of a game brings the rest of
/// its game's directory. Unreadable paths give `twilit::io` diagnostics.
pub fn load_paths(paths: &[PathBuf], sources: &mut SourceMap) -> (Library, Vec<Diagnostic>) {
    load_paths_with(paths, sources, &Limits::DEFAULT)
}

/// `load_paths` under the caller's limits, which each game keeps for checking and
/// playing (`GameBundle::limits`).
pub fn load_paths_with(paths: &[PathBuf], sources: &mut SourceMap, limits: &Limits) -> (Library, Vec<Diagnostic>) {
    let loaded = load_named(paths, sources, limits);
    (loaded.lib, loaded.diags)
}

/// A library loaded from the paths of a command line, with what the paths named.
#[derive(Debug, Default)]
pub struct Named {
    /// Every game a path touches, loaded whole.
    pub lib: Library,
    /// What loading found.
    pub diags: Vec<Diagnostic>,
    /// The files read only because a named file's game needed them: neither named nor
    /// inside a directory named.
    pub extra: HashSet<FileId>,
    /// For each game of `lib`, in order: its `game.yaml` and the files that did not load.
    pub games: Vec<GameFiles>,
}

/// What `Named` tells of one game's files.
#[derive(Debug, Clone)]
pub struct GameFiles {
    /// Its `game.yaml` (`GameBundle::files` lacks it when it cannot be read).
    pub game_file: FileId,
    /// The files that could not be read or gave nothing (a YAML syntax error, an empty
    /// file...), each with an error in `Named::diags`; `game.yaml` first if it is one.
    pub unparsed: Vec<FileId>,
}

/// `load_paths_with`, telling which files the paths named.
pub fn load_named(paths: &[PathBuf], sources: &mut SourceMap, limits: &Limits) -> Named {
    load_named_over(paths, sources, limits, &Overlay::default())
}

/// `load_named`, reading the texts of `over` instead of those files on disk.
pub fn load_named_over(paths: &[PathBuf], sources: &mut SourceMap, limits: &Limits, over: &Overlay) -> Named {
    let mut named = Named::default();
    let mut walker = Walker::new(sources, &mut named.diags);
    let files = walker.discover(paths);
    let mut groups: BTreeMap<PathBuf, (PathBuf, Vec<(PathBuf, bool)>)> = BTreeMap::new();
    let mut orphans = Vec::new();
    let mut cache = HashMap::new();
    for f in files {
        match game_dir(&f, &mut cache) {
            Some((canon, dir)) => groups.entry(canon).or_insert_with(|| (dir, Vec::new())).1.push((f, true)),
            None => orphans.push(f),
        }
    }
    // The rest of each game whose directory was not walked whole; what this walk skips
    // (a FIFO, a link out of the game) was not named either.
    let before = walker.registered();
    for (canon, (dir, files)) in &mut groups {
        if !walker.walked(canon) {
            files.extend(walker.rest_of_game(dir).into_iter().map(|f| (f, false)));
        }
    }
    named.extra.extend((before..walker.registered()).map(FileId::of));
    for (_, (dir, files)) in groups {
        let (bundle, unparsed) = load_group(&dir, files, sources, &mut named, limits, over);
        named.lib.games.push(bundle);
        named.games.push(unparsed);
    }
    for f in orphans {
        load_orphan(&f, sources, &mut named.diags, limits, over);
    }
    named
}

/// Loads in-memory files (`(path relative to dir, text)`) as one game, e.g. for tests.
/// The file named `game.yaml` is the ruleset.
pub fn load_bundle(dir: &Path, files: &[(&str, &str)], sources: &mut SourceMap) -> (GameBundle, Vec<Diagnostic>) {
    load_bundle_with(dir, files, sources, &Limits::DEFAULT)
}

/// `load_bundle` under the caller's limits.
pub fn load_bundle_with(
    dir: &Path,
    files: &[(&str, &str)],
    sources: &mut SourceMap,
    limits: &Limits,
) -> (GameBundle, Vec<Diagnostic>) {
    let mut b = Bundler::new(dir, limits);
    for (name, text) in files {
        let path = dir.join(name);
        let id = sources.add(&path, (*text).to_string());
        b.add(id, load_source_with(id, text, &mut Texts::default(), limits), is_game_file(&path));
    }
    (b.bundle, b.diags)
}

fn is_game_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == GAME_FILE)
}

/// Loads one game's files (`(path, named)`), `game.yaml` first and the others in path
/// order; gives the bundle and which files did not load.
fn load_group(
    dir: &Path,
    files: Vec<(PathBuf, bool)>,
    sources: &mut SourceMap,
    named: &mut Named,
    limits: &Limits,
    over: &Overlay,
) -> (GameBundle, GameFiles) {
    let game_path = dir.join(GAME_FILE);
    let game_canon = canonical(&game_path);
    // Sorted as they lie on disk, however each was spelled (`./x.yaml` beside `y.yaml`).
    let mut files: Vec<(PathBuf, PathBuf, bool)> = files.into_iter().map(|(f, n)| (sort_key(&f), f, n)).collect();
    files.sort();
    let game_named = files.iter().any(|(_, f, n)| *n && canonical(f) == game_canon);
    files.retain(|(_, f, _)| canonical(f) != game_canon);
    let files: Vec<(PathBuf, bool)> =
        std::iter::once((game_path, game_named)).chain(files.into_iter().map(|(_, f, n)| (f, n))).collect();
    let mut b = Bundler::new(dir, limits);
    // Every file is registered, readable or not, so file i gets the id `base + i`.
    let base = sources.len();
    let jobs: Vec<(FileId, &Path)> =
        files.iter().enumerate().map(|(i, (f, _))| (FileId::of(base + i), f.as_path())).collect();
    named.extra.extend(jobs.iter().zip(&files).filter(|(_, (_, n))| !n).map(|((id, _), _)| *id));
    let loaded = load_all(&jobs, limits, over);
    let mut converted = Vec::with_capacity(loaded.len());
    for ((id, path), l) in jobs.iter().zip(loaded) {
        let registered = match l.text {
            Stored::Kept(text) => sources.add(path, text),
            Stored::OnDisk { len, hash } => sources.add_on_disk(path, len, hash),
        };
        debug_assert_eq!(registered, *id);
        named.diags.extend(l.read_diag);
        converted.push(l.converted);
    }
    let mut unparsed = Vec::new();
    for (i, ((id, _), c)) in jobs.iter().zip(converted).enumerate() {
        match c {
            Some((None, d)) if d.iter().any(|d| d.severity == Severity::Error) => {
                unparsed.push(*id);
                b.add(*id, (None, d), i == 0);
            }
            Some(c) => b.add(*id, c, i == 0),
            None => unparsed.push(*id),
        }
    }
    named.diags.extend(b.diags);
    (b.bundle, GameFiles { game_file: FileId::of(base), unparsed })
}

/// The order of a game's files: by the real directory, then the name.
fn sort_key(file: &Path) -> PathBuf {
    match (file.parent(), file.file_name()) {
        (Some(dir), Some(name)) => canonical(dir).join(name),
        _ => file.to_path_buf(),
    }
}

/// One file read and converted, not yet registered.
struct Loaded {
    text: Stored,
    /// Why the file could not be read (it is then not converted), or is not valid UTF-8.
    read_diag: Option<Diagnostic>,
    /// The item and diagnostics of a file that could be read.
    converted: Option<(Option<Item>, Vec<Diagnostic>)>,
}

/// What the source map keeps of a file's text.
enum Stored {
    Kept(String),
    /// Dropped: only a diagnostic needs the text, and the file had none while it was
    /// loaded, so it is read again if checking reports on it (see `diag::SourceMap`).
    OnDisk {
        len: usize,
        hash: u64,
    },
}

/// Files are independent until they are bundled: read and convert them on all cores, in
/// order. Each worker reads its files one at a time, so the library's texts are never all
/// in memory at once.
fn load_all(jobs: &[(FileId, &Path)], limits: &Limits, over: &Overlay) -> Vec<Loaded> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    // Each worker shares the script texts of its files (`Texts`).
    let convert = |part: &[(FileId, &Path)]| {
        let mut shared = Texts::default();
        part.iter().map(|(id, path)| load_one(*id, path, &mut shared, limits, over)).collect::<Vec<_>>()
    };
    if threads < 2 || jobs.len() < 8 {
        return convert(jobs);
    }
    let chunk = jobs.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = jobs.chunks(chunk).map(|part| s.spawn(move || convert(part))).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    })
}

fn load_one(id: FileId, path: &Path, shared: &mut Texts, limits: &Limits, over: &Overlay) -> Loaded {
    let (text, read_diag) = match read(id, path, limits.file_bytes, over) {
        Ok(read) => read,
        Err(d) => return Loaded { text: Stored::Kept(String::new()), read_diag: Some(d), converted: None },
    };
    let (item, d) = load_source_with(id, &text, shared, limits);
    // An overlaid text is kept: the disk does not hold it to be read again.
    let text = if read_diag.is_none() && d.is_empty() && over.text(path).is_none() {
        Stored::OnDisk { len: text.len(), hash: text_hash(&text) }
    } else {
        Stored::Kept(text)
    };
    Loaded { text, read_diag, converted: Some((item, d)) }
}

fn load_orphan(path: &Path, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>, limits: &Limits, over: &Overlay) {
    let id = FileId::of(sources.len());
    let (text, read_diag) = match read(id, path, limits.file_bytes, over) {
        Ok(read) => read,
        Err(d) => {
            sources.add(path, String::new());
            diags.push(d);
            return;
        }
    };
    diags.extend(read_diag);
    let (_, d) = load_source_with(id, &text, &mut Texts::default(), limits);
    sources.add(path, text);
    diags.extend(d);
    let msg = format!("no `{GAME_FILE}` found for this file");
    let help = format!("put the file in the directory of its game's `{GAME_FILE}` (or below it)");
    diags.push(Diagnostic::error("no-game", msg, id, 0..0).with_help(help));
}

/// Collects one game's items and checks that ids are unique across its files.
struct Bundler {
    bundle: GameBundle,
    seen: HashMap<(&'static str, String), (FileId, Span)>,
    diags: Vec<Diagnostic>,
}

impl Bundler {
    fn new(dir: &Path, limits: &Limits) -> Self {
        let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir.to_path_buf() };
        let bundle = GameBundle { dir, limits: *limits, ..GameBundle::default() };
        Bundler { bundle, seen: HashMap::new(), diags: Vec::new() }
    }

    fn add(&mut self, file: FileId, (item, d): (Option<Item>, Vec<Diagnostic>), game_file: bool) {
        self.bundle.files.push(file);
        self.diags.extend(d);
        match item {
            Some(Item::Game(g)) if game_file => {
                for sp in g.board.iter().flat_map(|b| &b.spaces) {
                    self.unique("space", &sp.id);
                }
                self.bundle.game = Some(*g)
            }
            Some(Item::Game(g)) => {
                self.misplaced(file, g.game.span.range(), "a ruleset must be the game's `game.yaml`")
            }
            Some(other) => {
                if game_file {
                    self.misplaced(file, 0..0, "`game.yaml` must hold the game's ruleset (`game:`)");
                }
                self.add_item(other);
            }
            None => {}
        }
    }

    fn add_item(&mut self, item: Item) {
        match item {
            Item::Faction(f) => {
                self.unique("faction", &f.faction);
                f.cards.iter().for_each(|c| self.unique("card", &c.id));
                self.bundle.factions.push(*f);
            }
            Item::Cards(cards) => {
                cards.iter().for_each(|c| self.unique("card", &c.id));
                self.bundle.cards.push_file(cards);
            }
            Item::Scenario(s) => {
                self.unique("scenario", &s.scenario);
                self.bundle.scenarios.push(*s);
            }
            Item::Game(_) => {}
        }
    }

    fn misplaced(&mut self, file: FileId, span: Span, msg: &str) {
        let help = format!("each game directory holds exactly one `{GAME_FILE}`; move other files beside it");
        self.diags.push(Diagnostic::error("misplaced-file", msg, file, span).with_help(help));
    }

    /// Reports `id` if a `kind` with the same id was seen before in this game.
    fn unique(&mut self, kind: &'static str, id: &Sp<String>) {
        if id.is_missing() {
            return;
        }
        let key = (kind, id.value.clone());
        if let Some((file, span)) = self.seen.get(&key) {
            let msg = format!("duplicate {kind} id `{}`", id.value);
            let d = Diagnostic::error("duplicate-id", msg, id.file, id.span)
                .with_label("defined again here")
                .with_secondary(*file, span.clone(), "first defined here")
                .with_help(match kind {
                    "space" => "each space of the board needs its own id".to_string(),
                    _ => format!("{kind} ids must be unique across all files of a game"),
                });
            self.diags.push(d);
        } else {
            self.seen.insert(key, (id.file, id.span.range()));
        }
    }
}

/// Registers a path that could not be read and reports it.
pub(super) fn io_error(path: &Path, err: &std::io::Error, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>) {
    let id = FileId::of(sources.len());
    diags.push(io_diag(id, path, err));
    sources.add(path, String::new());
}

fn io_diag(id: FileId, path: &Path, err: &std::io::Error) -> Diagnostic {
    let msg = format!("cannot read `{}`: {err}", path.display());
    // A mistyped path is the usual cause: say how paths are read.
    let help = (err.kind() == std::io::ErrorKind::NotFound).then(|| {
        "check the path: give a game directory or a file of a game (relative to the current directory)".into()
    });
    Diagnostic::error("io", msg, id, 0..0).with_help_opt(help)
}

/// The first `max + 1` bytes of the file at `path`: more than `max` of them says it is too
/// large, without reading the rest (a device such as `/dev/zero` never ends).
pub(crate) fn read_at_most(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    fs::File::open(path).and_then(|f| f.take(max.saturating_add(1)).read_to_end(&mut bytes))?;
    Ok(bytes)
}

/// Reads the file that will be registered as `id`: its text, with the diagnostic of
/// invalid UTF-8 (reported and replaced, so spans stay valid); `Err` when it cannot be
/// used at all: unreadable, too large, or in another encoding (UTF-16 or UTF-32, with or
/// without a byte-order mark: named, and not read further, since its text would be noise).
/// A text of `over` is read instead of the file's bytes, under the same size cap.
fn read(id: FileId, path: &Path, max: u64, over: &Overlay) -> Result<(String, Option<Diagnostic>), Diagnostic> {
    let bytes = match over.text(path) {
        Some(text) => text.as_bytes().to_vec(),
        None => read_at_most(path, max).map_err(|e| io_diag(id, path, &e))?,
    };
    if bytes.len() as u64 > max {
        let msg = format!("this file is larger than {max} bytes");
        let help = format!("split it into several files ({})", Limits::advice("file_bytes"));
        return Err(Diagnostic::error("too-large", msg, id, 0..0).with_help(help));
    }
    if let Some(enc) = wide_encoding(&bytes) {
        let msg = format!("this file looks like {enc}, not UTF-8");
        let help = "save it as UTF-8 (in most editors: Save As, then choose the encoding UTF-8)";
        return Err(Diagnostic::error("encoding", msg, id, 0..0).with_help(help));
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let end = (at + '\u{FFFD}'.len_utf8()).min(text.len());
            // A lone byte from 0xA0 up is a letter in Latin-1 and Windows-1252: name it.
            let legacy = (byte >= 0xA0).then(|| char::from(byte)).map(|c| {
                format!(" (byte 0x{byte:02X} is `{c}` in Latin-1 and Windows-1252, the usual other encodings)")
            });
            let d = Diagnostic::error("invalid-utf8", "this file is not valid UTF-8", id, at..end)
                .with_label(format!("invalid byte 0x{byte:02X} here"))
                .with_help(format!("save the file as UTF-8{}", legacy.unwrap_or_default()));
            (text, Some(d))
        }
    })
}

/// The encoding of a file that is UTF-16 or UTF-32: by its byte-order mark, or by the zero
/// bytes that ASCII text has in those encodings (every other byte, or three of four).
fn wide_encoding(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, 0, 0, ..] => return Some("UTF-32 LE (it starts with a byte-order mark)"),
        [0, 0, 0xFE, 0xFF, ..] => return Some("UTF-32 BE (it starts with a byte-order mark)"),
        [0xFF, 0xFE, ..] => return Some("UTF-16 LE (it starts with a byte-order mark)"),
        [0xFE, 0xFF, ..] => return Some("UTF-16 BE (it starts with a byte-order mark)"),
        _ => {}
    }
    let head = &bytes[..bytes.len().min(4096) & !3];
    if head.len() < 4 {
        return None;
    }
    let zeros = |phase: usize, step: usize| head.iter().skip(phase).step_by(step).filter(|b| **b == 0).count();
    let (quads, pairs) = (head.len() / 4, head.len() / 2);
    // Mostly ASCII text: nearly all of the high bytes are zero, nearly none of the low ones.
    let mostly = |z: usize, n: usize| z * 10 >= n * 9;
    let few = |z: usize, n: usize| z * 10 <= n;
    if mostly(zeros(1, 4) + zeros(2, 4) + zeros(3, 4), 3 * quads) && few(zeros(0, 4), quads) {
        Some("UTF-32 LE (with no byte-order mark)")
    } else if mostly(zeros(0, 4) + zeros(1, 4) + zeros(2, 4), 3 * quads) && few(zeros(3, 4), quads) {
        Some("UTF-32 BE (with no byte-order mark)")
    } else if mostly(zeros(1, 2), pairs) && few(zeros(0, 2), pairs) {
        Some("UTF-16 LE (with no byte-order mark)")
    } else if mostly(zeros(0, 2), pairs) && few(zeros(1, 2), pairs) {
        Some("UTF-16 BE (with no byte-order mark)")
    } else {
        None
    }
}

/// A path made absolute and free of links where possible (as written otherwise).
pub fn canonical(p: &Path) -> PathBuf {
    let p = if p.as_os_str().is_empty() { Path::new(".") } else { p };
    fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The game directory of a file: the nearest directory at or above it holding a `game.yaml`.
pub fn game_dir_of(file: &Path) -> Option<PathBuf> {
    game_dir(file, &mut HashMap::new()).map(|(_, as_written)| as_written)
}

/// The nearest directory at or above `file`'s that holds a `game.yaml`: (canonical, as written).
fn game_dir(file: &Path, cache: &mut HashMap<PathBuf, Option<(PathBuf, PathBuf)>>) -> Option<(PathBuf, PathBuf)> {
    let start = file.parent().map(Path::to_path_buf).unwrap_or_default();
    if let Some(hit) = cache.get(&start) {
        return hit.clone();
    }
    let mut dir = start.clone();
    let mut found = None;
    for _ in 0..MAX_UP {
        if dir.join(GAME_FILE).is_file() {
            found = Some((canonical(&dir), dir));
            break;
        }
        match up(&dir) {
            Some(d) => dir = d,
            None => break,
        }
    }
    cache.insert(start, found.clone());
    found
}

/// The parent of `dir` as it would be written; past the start of a relative path, `..`.
fn up(dir: &Path) -> Option<PathBuf> {
    let only_dots = dir.components().all(|c| matches!(c, Component::CurDir | Component::ParentDir));
    if !only_dots {
        return dir.parent().map(Path::to_path_buf);
    }
    canonical(dir).parent()?;
    Some(dir.join(".."))
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
