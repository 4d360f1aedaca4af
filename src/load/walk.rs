//! Finding files: the paths of a command line (directories walked, sorted, YAML only; files
//! named explicitly always read) and, for a game only partly named, the rest of its
//! directory. A walk skips what is not content: hidden entries, `node_modules`, and build
//! and cache directories (Cargo's `target/`, or any directory tagged by a `CACHEDIR.TAG`).

use std::collections::HashSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::files::{canonical, io_error, GAME_FILE};
use crate::diag::{Diagnostic, SourceMap};

/// What every cache directory tag starts with (<https://bford.info/cachedir/>); Cargo
/// writes one in each target directory.
const CACHEDIR_SIGNATURE: &[u8] = b"Signature: 8a477f597d28d172789f06886806bc55";

/// Walks directories, remembering the files found (so none is loaded twice, however it is
/// reached) and the directories walked (so a game whose directory was walked is complete).
pub(super) struct Walker<'a> {
    seen: HashSet<PathBuf>,
    dirs: HashSet<PathBuf>,
    sources: &'a mut SourceMap,
    diags: &'a mut Vec<Diagnostic>,
}

impl<'a> Walker<'a> {
    pub(super) fn new(sources: &'a mut SourceMap, diags: &'a mut Vec<Diagnostic>) -> Self {
        Walker { seen: HashSet::new(), dirs: HashSet::new(), sources, diags }
    }

    /// The files named by `paths`: directories walked (sorted, YAML only), duplicates removed.
    pub(super) fn discover(&mut self, paths: &[PathBuf]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for p in paths {
            match fs::metadata(p) {
                Err(e) => io_error(p, &e, self.sources, self.diags),
                Ok(m) if m.is_dir() => self.walk(p, &mut out, false),
                Ok(m) if !m.is_file() => self.skipped(p, "is not a regular file"),
                Ok(_) => {
                    if self.seen.insert(canonical(p)) {
                        out.push(p.clone());
                    }
                }
            }
        }
        out
    }

    /// How many files the source map holds (the id the next one registered gets).
    pub(super) fn registered(&self) -> usize {
        self.sources.len()
    }

    /// Whether the directory (canonical) has been walked, with everything under it.
    pub(super) fn walked(&self, canonical_dir: &Path) -> bool {
        self.dirs.contains(canonical_dir)
    }

    /// The files of the game in `dir` not found yet: its tree, without the directories of
    /// other games nested in it.
    pub(super) fn rest_of_game(&mut self, dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        self.walk(dir, &mut out, true);
        out
    }

    /// Reports a path the walk does not read (a warning: the rest is still checked).
    fn skipped(&mut self, path: &Path, why: &str) {
        let id = self.sources.add(path, String::new());
        let msg = format!("skipped `{}`: it {why}", path.display());
        let help = "only regular files inside the given directories are read";
        self.diags.push(Diagnostic::warning("skipped", msg, id, 0..0).with_help(help));
    }

    /// Walks a directory tree without recursion, skipping what `ignored` names and symlink
    /// loops; with `one_game`, also the directories below `root` that hold a `game.yaml`.
    /// It never leaves the tree (a link to a place outside it is skipped with a warning) and
    /// reads only regular files (a FIFO named `x.yaml` would block the read forever).
    /// Entries keep the spelling of `root` (`""` for the working directory gives `x.yaml`).
    fn walk(&mut self, root: &Path, out: &mut Vec<PathBuf>, one_game: bool) {
        let mut stack = vec![root.to_path_buf()];
        let inside = canonical(root);
        while let Some(dir) = stack.pop() {
            if !self.dirs.insert(canonical(&dir)) {
                continue;
            }
            let read = fs::read_dir(on_disk(&dir));
            let mut entries: Vec<PathBuf> = match read {
                Ok(rd) => rd.filter_map(Result::ok).map(|e| dir.join(e.file_name())).collect(),
                Err(e) => {
                    io_error(&dir, &e, self.sources, self.diags);
                    continue;
                }
            };
            entries.retain(|p| !hidden(p));
            entries.sort();
            for p in entries.into_iter().rev() {
                self.entry(p, root, &inside, &mut stack, out, one_game);
            }
        }
    }

    /// One entry of a directory being walked: a directory to walk, a file to read, or
    /// something skipped.
    fn entry(
        &mut self,
        p: PathBuf,
        root: &Path,
        inside: &Path,
        stack: &mut Vec<PathBuf>,
        out: &mut Vec<PathBuf>,
        one_game: bool,
    ) {
        let linked = fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
        let Ok(meta) = fs::metadata(&p) else {
            // A dangling link: read as before, so that it is reported as unreadable.
            if is_yaml(&p) && self.seen.insert(canonical(&p)) {
                out.push(p);
            }
            return;
        };
        let wanted = meta.is_dir() || is_yaml(&p);
        if wanted && linked && !canonical(&p).starts_with(inside) {
            self.skipped(&p, &format!("links outside `{}`", root.display()));
        } else if meta.is_dir() {
            let other_game = one_game && p.join(GAME_FILE).is_file();
            if !other_game && !ignored(&p) {
                stack.push(p);
            }
        } else if wanted && !meta.is_file() {
            self.skipped(&p, "is not a regular file");
        } else if wanted && self.seen.insert(canonical(&p)) {
            out.push(p);
        }
    }
}

/// The path to give the file system: the working directory for `""`.
fn on_disk(p: &Path) -> &Path {
    if p.as_os_str().is_empty() {
        Path::new(".")
    } else {
        p
    }
}

fn hidden(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// A directory met during a walk that holds no content: `node_modules`, or a build or cache
/// directory (Cargo writes both a `CACHEDIR.TAG` and a `.rustc_info.json` in its target
/// directory, whatever its name).
fn ignored(dir: &Path) -> bool {
    dir.file_name().is_some_and(|n| n == "node_modules") || dir.join(".rustc_info.json").is_file() || {
        let mut head = [0; CACHEDIR_SIGNATURE.len()];
        fs::File::open(dir.join("CACHEDIR.TAG")).and_then(|mut f| f.read_exact(&mut head)).is_ok()
            && head == CACHEDIR_SIGNATURE
    }
}

pub(super) fn is_yaml(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

#[cfg(test)]
mod tests {
    use super::super::load_named;
    use super::*;
    use crate::diag::FileId;
    use crate::limits::Limits;

    #[test]
    fn a_file_named_brings_the_rest_of_its_game_but_not_a_nested_one() {
        let dir = std::env::temp_dir().join(format!("twilit-walk-rest-{}", std::process::id()));
        let write = |rel: &str, text: &str| {
            let p = dir.join(rel);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        };
        write("g/game.yaml", "game: g\nname: G\nplayers: { min: 1, max: 2 }\n");
        write("g/cards/a.yaml", "- { id: a, name: A }\n");
        write("g/broken.yaml", "- [\n");
        write("g/scenarios/s.yaml", "scenario: s\ngame: g\nplayers: [{ name: p }]\n");
        write("g/inner/game.yaml", "game: h\nname: H\nplayers: { min: 1, max: 2 }\n");
        write("g/inner/b.yaml", "- { id: b, name: B }\n");
        let mut sources = SourceMap::default();
        let named = load_named(&[dir.join("g/scenarios/s.yaml")], &mut sources, &Limits::DEFAULT);
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(named.lib.games.len(), 1);
        let g = &named.lib.games[0];
        assert_eq!((g.cards.len(), g.scenarios.len(), g.files.len()), (1, 1, 4));
        let path = |f: FileId| sources.get(f).path.strip_prefix(&dir).unwrap().to_path_buf();
        let mut extra: Vec<PathBuf> = named.extra.iter().map(|f| path(*f)).collect();
        extra.sort();
        assert_eq!(extra, ["g/broken.yaml", "g/cards/a.yaml", "g/game.yaml"].map(PathBuf::from));
        assert_eq!(
            named.games[0].unparsed.iter().map(|f| path(*f)).collect::<Vec<_>>(),
            [PathBuf::from("g/broken.yaml")]
        );
        assert_eq!(path(named.games[0].game_file), PathBuf::from("g/game.yaml"));
    }

    #[test]
    fn build_and_package_directories_are_not_content() {
        let dir = std::env::temp_dir().join(format!("twilit-walk-ignored-{}", std::process::id()));
        let cargo = dir.join("target");
        let tagged = dir.join("cache");
        let plain = dir.join("plain");
        for d in [&cargo, &tagged, &plain] {
            fs::create_dir_all(d).unwrap();
        }
        fs::write(cargo.join(".rustc_info.json"), "{}").unwrap();
        fs::write(tagged.join("CACHEDIR.TAG"), [CACHEDIR_SIGNATURE, b"\n# a cache\n"].concat()).unwrap();
        // A file of that name without the signature does not tag a directory.
        fs::write(plain.join("CACHEDIR.TAG"), "not a tag").unwrap();
        assert!(ignored(&cargo) && ignored(&tagged) && ignored(Path::new("x/node_modules")));
        assert!(!ignored(&plain) && !ignored(Path::new("x/target")));
        let _ = fs::remove_dir_all(&dir);
    }
}
