//! The ring of seats: neighbours, seat orders and how many are seated, counting only the
//! players still in the game (a player who left keeps a seat but has no turn).

use super::state::{PlayerId, State};

impl State {
    /// The neighbour `steps` seats clockwise (negative: counter-clockwise), counting only
    /// players still in the game.
    pub fn seat_from(&self, p: PlayerId, steps: isize) -> PlayerId {
        self.with_ring(p, |ring| {
            let n = ring.len() as isize;
            let i = ring.iter().position(|&s| s == p).unwrap_or(0) as isize;
            ring.get((i + steps).rem_euclid(n.max(1)) as usize).copied().unwrap_or(p)
        })
    }

    /// Whether `p` has left the game (`eliminate`): a seat no window asks any more.
    #[inline]
    pub fn has_left(&self, p: PlayerId) -> bool {
        !self.eliminated.is_empty() && self.eliminated.contains(&p)
    }

    /// How many players are seated (those who left the game aside).
    pub fn seated_count(&self) -> usize {
        if self.eliminated.is_empty() {
            return self.seats.len();
        }
        self.seats.iter().filter(|p| !self.eliminated.contains(p)).count()
    }

    /// All players still in the game in seat order starting with `p`, clockwise or not
    /// (`p` first even if it has left).
    pub fn seat_order(&self, p: PlayerId, clockwise: bool) -> Vec<PlayerId> {
        self.with_ring(p, |ring| {
            let mut order = vec![p; ring.len()];
            order_from(ring, p, clockwise, &mut order);
            order
        })
    }

    /// `seat_order` written into `out` (no list made while nobody has left): how many
    /// seats, `None` when `out` is too short for them.
    pub fn seat_order_into(&self, p: PlayerId, clockwise: bool, out: &mut [PlayerId]) -> Option<usize> {
        self.with_ring(p, |ring| {
            order_from(ring, p, clockwise, out.get_mut(..ring.len())?);
            Some(ring.len())
        })
    }

    /// `f` of the seats of the players still in the game, and `p`'s, in seat order: the
    /// seats themselves while nobody has left (every turn of most games), else a list of
    /// them.
    fn with_ring<T>(&self, p: PlayerId, f: impl FnOnce(&[PlayerId]) -> T) -> T {
        if self.eliminated.is_empty() {
            return f(&self.seats);
        }
        let ring: Vec<PlayerId> =
            self.seats.iter().copied().filter(|&q| q == p || !self.eliminated.contains(&q)).collect();
        f(&ring)
    }
}

/// The seats of `ring` from `p` on, clockwise or back (counter-clockwise), written into
/// `out` (as long as `ring`).
fn order_from(ring: &[PlayerId], p: PlayerId, clockwise: bool, out: &mut [PlayerId]) {
    // The seats from `p` on, then those before; counter-clockwise, all but `p` reversed.
    let (before, from) = ring.split_at(ring.iter().position(|&s| s == p).unwrap_or(0));
    out[..from.len()].copy_from_slice(from);
    out[from.len()..].copy_from_slice(before);
    if !clockwise && out.len() > 1 {
        out[1..].reverse();
    }
}
