//! The files of one run (`SourceMap`) and their texts. A library of 100,000 cards is
//! about 60 MB of YAML that nothing needs once it is converted, except the few files a
//! diagnostic quotes: so a file the loader found nothing wrong with keeps only its length
//! and hash (`SourceMap::add_on_disk`), and its text is read again the first time a
//! diagnostic needs it. A text read again is used only if it is the one that was checked;
//! otherwise the file has no text and diagnostics in it are shown without a snippet.

use std::hash::Hasher;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::{line_col, FileId};

/// One file of a run: its path and, while it can be had, its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Path as given on the command line (relative paths stay relative).
    pub path: PathBuf,
    text: Stored,
}

#[derive(Debug, Clone)]
enum Stored {
    /// Kept in memory: files given as text, and files the loader reported on (whose
    /// text may have been repaired, invalid UTF-8 replaced, so that spans stay valid).
    Kept(String),
    /// Read again from `path` when first asked for, if its length and hash are still these.
    OnDisk { len: usize, hash: u64, read: OnceLock<Option<String>> },
}

impl SourceFile {
    /// The file's text as it was loaded; `None` when it was not kept and the file on
    /// disk has changed since (or can no longer be read).
    pub fn text(&self) -> Option<&str> {
        match &self.text {
            Stored::Kept(t) => Some(t),
            Stored::OnDisk { len, hash, read } => {
                read.get_or_init(|| reread(&self.path, *len).filter(|t| text_hash(t) == *hash)).as_deref()
            }
        }
    }
}

/// The file's text if it is valid UTF-8 of exactly `len` bytes.
fn reread(path: &Path, len: usize) -> Option<String> {
    let mut bytes = Vec::with_capacity(len);
    // One byte more than expected tells a grown file without reading all of it.
    let f = std::fs::File::open(path).ok()?;
    f.take(len as u64 + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() == len).then_some(())?;
    String::from_utf8(bytes).ok()
}

/// The hash that tells a file read again from the one that was checked (FxHash: it runs
/// over every byte of the library, so it must be fast; a file edited in the moments
/// between checking and printing is not adversarial).
pub fn text_hash(text: &str) -> u64 {
    let mut h = crate::fxhash::FxHasher::default();
    h.write(text.as_bytes());
    h.finish()
}

/// All files read in one run; diagnostics refer to them by [`FileId`].
#[derive(Debug, Default, Clone)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Registers a file with its text, kept in memory, and returns its id.
    pub fn add(&mut self, path: impl AsRef<Path>, text: String) -> FileId {
        self.push(path.as_ref(), Stored::Kept(text))
    }

    /// Registers a file whose text (`len` bytes, `hash` by [`text_hash`]) is not kept: it is
    /// read again from `path` if a diagnostic needs it.
    pub fn add_on_disk(&mut self, path: impl AsRef<Path>, len: usize, hash: u64) -> FileId {
        self.push(path.as_ref(), Stored::OnDisk { len, hash, read: OnceLock::new() })
    }

    fn push(&mut self, path: &Path, text: Stored) -> FileId {
        self.files.push(SourceFile { path: path.to_path_buf(), text });
        FileId::of(self.files.len() - 1)
    }

    /// How many files are registered; the next one added gets `FileId(len)`.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when no file is registered.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The file behind an id.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.index()]
    }

    /// Every file, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId::of(i), f))
    }

    /// 1-based line and column of a byte offset, as [`line_col`] counts them; `None` when
    /// the file's text is gone (see [`SourceFile::text`]).
    pub fn line_col(&self, id: FileId, offset: usize) -> Option<(usize, usize)> {
        self.get(id).text().map(|t| line_col(t, offset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_not_kept_is_read_again_only_if_unchanged() {
        let dir = std::env::temp_dir().join(format!("twilit-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (same, changed, gone) = (dir.join("same.yaml"), dir.join("changed.yaml"), dir.join("gone.yaml"));
        let text = "a: 1\nb: ü\n";
        std::fs::write(&same, text).unwrap();
        std::fs::write(&changed, "a: 2\nb: ü\n").unwrap();
        let mut map = SourceMap::default();
        let ids = [&same, &changed, &gone].map(|p| map.add_on_disk(p, text.len(), text_hash(text)));
        let kept = map.add("mem.yaml", "x: 1".into());
        assert_eq!(map.get(ids[0]).text(), Some(text));
        assert_eq!(map.line_col(ids[0], 8), Some((2, 4)));
        assert_eq!(map.get(ids[1]).text(), None, "same length, other bytes");
        assert_eq!(map.get(ids[2]).text(), None, "no longer there");
        assert_eq!(map.line_col(ids[2], 0), None);
        assert_eq!(map.get(kept).text(), Some("x: 1"));
        // The text read again is kept for the next diagnostic, whatever the disk does after.
        std::fs::remove_file(&same).unwrap();
        assert_eq!(map.get(ids[0]).text(), Some(text));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
