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
        // `seat_from(p, ±k)` for each k, read off the ring at once (a turn order is read
        // every turn): the seats from `p` on, then those before.
        let mut order = self.with_ring(p, |ring| {
            let i = ring.iter().position(|&s| s == p).unwrap_or(0);
            let mut order = Vec::with_capacity(ring.len());
            order.extend_from_slice(&ring[i..]);
            order.extend_from_slice(&ring[..i]);
            order
        });
        if !clockwise && order.len() > 1 {
            order[1..].reverse();
        }
        order
    }

    /// `seat_order` written into `out` (no list made while nobody has left): how many
    /// seats, `None` when `out` is too short for them.
    pub fn seat_order_into(&self, p: PlayerId, clockwise: bool, out: &mut [PlayerId]) -> Option<usize> {
        self.with_ring(p, |ring| {
            let n = ring.len();
            let i = ring.iter().position(|&s| s == p).unwrap_or(0);
            for (k, o) in out.get_mut(..n)?.iter_mut().enumerate() {
                // The k-th seat from `p` on, or back from `p` (counter-clockwise).
                *o = ring[if clockwise || k == 0 { (i + k) % n } else { (i + n - k) % n }];
            }
            Some(n)
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
