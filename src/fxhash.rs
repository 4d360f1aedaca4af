//! A fast hasher for the tables of names the checker and the interpreter look things up
//! in on every evaluation (FxHash, the multiply-rotate hash rustc uses). The keys are the
//! designer's own names, not adversarial input, so the flooding resistance of the
//! standard SipHash buys nothing here and costs a tenth of a playout.

use std::hash::{BuildHasherDefault, Hasher};

/// FxHash's state.
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = mix(self.hash, word);
    }
}

/// FxHash's step: one word into the running number (for a fingerprint made by hand of a
/// few words, without a `Hasher`).
#[inline]
pub fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(SEED)
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Builds `FxHasher`s.
pub type FxBuild = BuildHasherDefault<FxHasher>;
/// A `HashMap` hashed with FxHash.
pub type FxHashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;
/// An `IndexMap` hashed with FxHash.
/// A hash set with the Fx hash.
pub type FxHashSet<K> = std::collections::HashSet<K, FxBuild>;
/// An index map with the Fx hash.
pub type FxIndexMap<K, V> = indexmap::IndexMap<K, V, FxBuild>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_hash_equal_and_maps_work() {
        let mut m: FxHashMap<String, usize> = FxHashMap::default();
        for (i, w) in ["card", "cards", "deck", "hand", "a", "ab", "abcdefghij"].iter().enumerate() {
            m.insert(w.to_string(), i);
        }
        assert_eq!(m.get("abcdefghij"), Some(&6));
        assert_eq!(m.get("cards"), Some(&1));
        assert_eq!(m.get("card"), Some(&0));
        assert_eq!(m.get("decks"), None);
    }
}
