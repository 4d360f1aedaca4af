//! The one random generator of a game: xoshiro256** seeded through SplitMix64, with our
//! own bounded draw and Fisher–Yates shuffle, so a seed means the same game on every
//! machine and every version of our dependencies.

/// The game's seeded generator (algorithm: xoshiro256**, seeded by SplitMix64).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The algorithm's name, printed in transcripts so a seed is never ambiguous.
    pub const NAME: &'static str = "xoshiro256**";

    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng { s: [next(), next(), next(), next()] }
    }

    /// The generator's state as 64 hex digits, for a scenario to continue from
    /// (`{ generator: ... }`).
    pub fn to_hex(&self) -> String {
        self.s.iter().map(|w| format!("{w:016x}")).collect()
    }

    /// A generator in the state `to_hex` wrote; `None` unless 64 hex digits (not all zero:
    /// xoshiro's one state that never leaves itself).
    pub fn from_hex(text: &str) -> Option<Rng> {
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut s = [0u64; 4];
        for (i, w) in s.iter_mut().enumerate() {
            *w = u64::from_str_radix(&text[i * 16..i * 16 + 16], 16).ok()?;
        }
        (s != [0; 4]).then_some(Rng { s })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias (Lemire's method). The
    /// rejection threshold (`2^64 mod n`, a division) is below `n`, so it is worked out
    /// only when the low half of the product is below `n`: the same draws, the same
    /// answers, without a division for almost every draw.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            return self.below_near(n, m);
        }
        (m >> 64) as u64
    }

    /// `below` for a draw `m` whose low half is below `n`: rejected, and drawn again,
    /// while it is below `2^64 mod n` (rarely: kept out of line).
    #[cold]
    fn below_near(&mut self, n: u64, mut m: u128) -> u64 {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = (self.next_u64() as u128) * (n as u128);
        }
        (m >> 64) as u64
    }

    /// Shuffles in place: Fisher–Yates, last position first.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Golden values: changing them changes every recorded game. Do so only on purpose.
    #[test]
    fn seeding_matches_reference_splitmix64() {
        // SplitMix64's published first output for seed 0.
        assert_eq!(Rng::new(0).s[0], 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn a_state_written_as_hex_continues_the_same_draws() {
        let mut r = Rng::new(7);
        r.next_u64();
        let mut back = Rng::from_hex(&r.to_hex()).expect("64 hex digits");
        assert_eq!(back.to_hex().len(), 64);
        assert_eq!(
            (0..3).map(|_| back.next_u64()).collect::<Vec<_>>(),
            (0..3).map(|_| r.next_u64()).collect::<Vec<_>>()
        );
        assert_eq!(Rng::from_hex(&"0".repeat(64)), None);
        assert_eq!(Rng::from_hex("12"), None);
        assert_eq!(Rng::from_hex(&"g".repeat(64)), None);
    }

    #[test]
    fn first_outputs_are_fixed() {
        let mut r = Rng::new(42);
        let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
        insta::assert_debug_snapshot!(got);
    }

    #[test]
    fn bounded_draws_are_fixed_and_in_range() {
        let mut r = Rng::new(7);
        let got: Vec<u64> = (0..12).map(|_| r.below(6) + 1).collect();
        assert!(got.iter().all(|d| (1..=6).contains(d)));
        insta::assert_debug_snapshot!(got);
    }

    /// Lemire's method as first written, the threshold worked out at every draw.
    fn below_reference(r: &mut Rng, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = (r.next_u64() as u128) * (n as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    #[test]
    fn bounded_draws_skip_the_division_but_not_a_draw() {
        // Large bounds reject often (2^64 mod n is near n): the streams must still agree.
        let bounds = [1, 2, 3, 6, 13, 52, 1 << 32, (1 << 63) + 1, u64::MAX - 1, u64::MAX, 3 << 62];
        let (mut a, mut b) = (Rng::new(99), Rng::new(99));
        for k in 0..20_000 {
            let n = bounds[k % bounds.len()];
            assert_eq!(a.below(n), below_reference(&mut b, n), "draw {k} below {n}");
        }
        assert_eq!(a, b, "the same number of draws");
    }

    #[test]
    fn shuffled_deck_is_fixed() {
        let mut r = Rng::new(2026);
        let mut deck: Vec<u32> = (1..=10).collect();
        r.shuffle(&mut deck);
        let mut sorted = deck.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=10).collect::<Vec<_>>());
        insta::assert_debug_snapshot!(deck);
    }

    #[test]
    fn same_seed_same_stream_other_seed_other_stream() {
        let (mut a, mut b, mut c) = (Rng::new(1), Rng::new(1), Rng::new(2));
        let xa: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let xb: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let xc: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xa, xb);
        assert_ne!(xa, xc);
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::new(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_000..11_000).contains(&c)), "{counts:?}");
    }
}
