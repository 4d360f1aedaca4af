//! `Overlay`: texts that stand in for files on disk while a library is loaded, such as the
//! unsaved buffers of an editor (`twilit lsp`). A file is still found by walking the disk;
//! only where its text comes from changes. Keys are canonical paths, so a file matches
//! however the walk spelled it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Texts by file, read instead of the files' bytes on disk.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    texts: HashMap<PathBuf, String>,
}

impl Overlay {
    /// Reads `text` instead of the file at `path` from now on.
    pub fn insert(&mut self, path: &Path, text: String) {
        self.texts.insert(super::canonical(path), text);
    }

    /// Reads the file at `path` from disk again.
    pub fn remove(&mut self, path: &Path) {
        self.texts.remove(&super::canonical(path));
    }

    /// The text that stands in for the file at `path`, if any.
    pub fn text(&self, path: &Path) -> Option<&str> {
        if self.texts.is_empty() {
            return None;
        }
        self.texts.get(&super::canonical(path)).map(String::as_str)
    }

    /// True when no file is overlaid.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;

    #[test]
    fn an_overlaid_text_is_read_instead_of_the_disk() {
        let dir = std::env::temp_dir().join(format!("twilit-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.yaml"), "game: g\nname: G\nplayers: {min: 1, max: 2}\n").unwrap();
        std::fs::write(dir.join("cards.yaml"), "- {id: a, name: A}\n").unwrap();
        let mut over = Overlay::default();
        over.insert(&dir.join("cards.yaml"), "- {id: b, name: B}\n- {id: b, name: B}\n".into());
        let mut sources = SourceMap::default();
        let named = crate::load::load_named_over(std::slice::from_ref(&dir), &mut sources, &Default::default(), &over);
        let ids: Vec<&str> = named.lib.games[0].cards.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["b", "b"]);
        assert_eq!(named.diags.iter().map(|d| d.code.as_str()).collect::<Vec<_>>(), ["twilit::duplicate-id"]);
        // The overlaid text is kept for the diagnostics that quote it.
        let file = named.diags[0].labels[0].file;
        assert_eq!(sources.get(file).text(), Some("- {id: b, name: B}\n- {id: b, name: B}\n"));
        over.remove(&dir.join("cards.yaml"));
        assert!(over.is_empty());
        let named = crate::load::load_named_over(
            std::slice::from_ref(&dir),
            &mut SourceMap::default(),
            &Default::default(),
            &over,
        );
        assert_eq!(named.lib.games[0].cards.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["a"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
