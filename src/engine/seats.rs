//! The ring of seats: neighbours, seat orders and how many are seated, counting only the
//! players still in the game (a player who left keeps a seat but has no turn).

use super::state::{PlayerId, State};

impl State {
    /// The neighbour `steps` seats clockwise (negative: counter-clockwise), counting only
    /// players still in the game.
    pub fn seat_from(&self, p: PlayerId, steps: isize) -> PlayerId {
        // Nobody has left: the ring is the seats.
        if self.eliminated.is_empty() {
            let n = self.seats.len() as isize;
            let i = self.seats.iter().position(|&s| s == p).unwrap_or(0) as isize;
            return self.seats.get((i + steps).rem_euclid(n.max(1)) as usize).copied().unwrap_or(p);
        }
        // The ring walked, not made (a neighbour is read every turn).
        let n = self.ring(p).count() as isize;
        let i = self.ring(p).position(|s| s == p).unwrap_or(0) as isize;
        self.ring(p).nth((i + steps).rem_euclid(n.max(1)) as usize).unwrap_or(p)
    }

    /// The seats of the players still in the game, and `p`'s.
    fn ring(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.seats.iter().copied().filter(move |&q| q == p || !self.eliminated.contains(&q))
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
        // `seat_from(p, ±k)` for each k, with the ring built once (a turn order is read
        // every turn).
        let mut ring: Vec<PlayerId> = Vec::with_capacity(self.seats.len());
        if self.eliminated.is_empty() {
            // Nobody has left: the seats from `p` on, then those before.
            let i = self.seats.iter().position(|&s| s == p).unwrap_or(0);
            ring.extend_from_slice(&self.seats[i..]);
            ring.extend_from_slice(&self.seats[..i]);
        } else {
            ring.extend(self.ring(p));
            let i = ring.iter().position(|&s| s == p).unwrap_or(0);
            ring.rotate_left(i);
        }
        if !clockwise && ring.len() > 1 {
            ring[1..].reverse();
        }
        ring
    }
}
