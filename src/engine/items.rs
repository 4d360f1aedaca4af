//! What a zone holds, top first (`Items`): one contiguous slice, so that searching,
//! counting and listing a zone is a plain loop over memory, and still constant time to
//! take from or put on either end, so that bulk verbs (`move all`, drawing a deck out)
//! stay linear in the number of things however large the zone.

use std::ops::{Deref, DerefMut};

use super::parts::EntId;

/// A zone's things, top first. They live in `buf[head..]`; the slots before `head` are
/// room left by things taken from the top, or made to put things there.
#[derive(Default)]
pub struct Items {
    buf: Vec<EntId>,
    head: usize,
}

impl Items {
    /// Puts `e` at the bottom.
    #[inline]
    pub fn push(&mut self, e: EntId) {
        if self.buf.len() == self.buf.capacity() && self.head >= self.len() {
            // As much room on top as things: used before the list grows, so that a zone
            // used as a queue (in at the bottom, out at the top) does not grow for ever.
            // Each thing moved here follows a take since the last move.
            self.compact();
        }
        self.buf.push(e);
    }

    /// Puts `e` at `i` (0: on top). Things move on the shorter side.
    #[inline]
    pub fn insert_at(&mut self, i: usize, e: EntId) {
        if i == self.len() {
            self.push(e);
        } else if i == 0 && self.head > 0 {
            self.head -= 1;
            self.buf[self.head] = e;
        } else {
            self.insert_within(i, e);
        }
    }

    /// `insert_at` anywhere else than at an end with room.
    #[inline(never)]
    fn insert_within(&mut self, i: usize, e: EntId) {
        let len = self.len();
        assert!(i <= len, "insertion at {i} in a zone of {len}");
        if i >= len / 2 {
            return self.buf.insert(self.head + i, e);
        }
        if self.head == 0 {
            self.make_room_on_top();
        }
        let h = self.head;
        self.buf.copy_within(h..h + i, h - 1);
        self.head = h - 1;
        self.buf[h - 1 + i] = e;
    }

    /// Takes out the thing at `i` (0: the top). Things move on the shorter side.
    #[inline(always)]
    pub fn remove_at(&mut self, i: usize) -> EntId {
        let len = self.len();
        if i + 1 == len {
            let e = self.buf[self.buf.len() - 1];
            self.buf.pop();
            self.taken();
            e
        } else if i == 0 && len > 0 {
            let e = self.buf[self.head];
            self.head += 1;
            self.taken();
            e
        } else {
            self.remove_within(i)
        }
    }

    /// `remove_at` anywhere else than at an end.
    #[inline(never)]
    fn remove_within(&mut self, i: usize) -> EntId {
        let len = self.len();
        assert!(i < len, "removal at {i} from a zone of {len}");
        let h = self.head;
        let e = self.buf[h + i];
        if i >= len / 2 {
            self.buf.remove(h + i);
        } else {
            self.buf.copy_within(h..h + i, h + 1);
            self.head = h + 1;
        }
        self.taken();
        e
    }

    /// After a take: an empty list gets all its room back; one with twice as much room
    /// on top as things gives it back, so that it holds at most three times its things.
    /// (Room made on top is as much as the things then: the two never undo each other
    /// at every step.)
    #[inline(always)]
    fn taken(&mut self) {
        if self.head == self.buf.len() {
            self.buf.clear();
            self.head = 0;
        } else if self.head > 16 && self.head > 2 * self.len() {
            self.compact();
        }
    }

    /// Keeps only the things `keep` accepts, in order.
    pub fn retain(&mut self, keep: impl FnMut(&EntId) -> bool) {
        self.compact();
        self.buf.retain(keep);
    }

    /// Moves the things to the start of the list, leaving no room on top.
    fn compact(&mut self) {
        if self.head > 0 {
            self.buf.drain(..self.head);
            self.head = 0;
        }
    }

    /// Room for as many things again on top (at least a few), the things moved after it.
    /// The new list is sized from the things, not from the old list's capacity (which
    /// emptying or compacting keeps: sized from it, a zone emptied and refilled from the
    /// top grew at every cycle), with as much again to spare, so that room made here is
    /// not soon made again.
    fn make_room_on_top(&mut self) {
        let room = self.len().max(4);
        let mut buf = Vec::with_capacity(2 * (room + self.len()));
        buf.resize(room, 0);
        buf.extend_from_slice(&self.buf[self.head..]);
        self.buf = buf;
        self.head = room;
    }
}

impl Deref for Items {
    type Target = [EntId];
    #[inline]
    fn deref(&self) -> &[EntId] {
        &self.buf[self.head..]
    }
}

impl DerefMut for Items {
    #[inline]
    fn deref_mut(&mut self) -> &mut [EntId] {
        &mut self.buf[self.head..]
    }
}

impl<'a> IntoIterator for &'a Items {
    type Item = &'a EntId;
    type IntoIter = std::slice::Iter<'a, EntId>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl From<Vec<EntId>> for Items {
    fn from(buf: Vec<EntId>) -> Items {
        Items { buf, head: 0 }
    }
}

impl Clone for Items {
    /// Only the things are copied, not the room on top.
    fn clone(&self) -> Items {
        Items::from(self.to_vec())
    }

    fn clone_from(&mut self, src: &Items) {
        self.buf.clear();
        self.head = 0;
        self.buf.extend_from_slice(src);
    }
}

impl PartialEq for Items {
    fn eq(&self, other: &Items) -> bool {
        **self == **other
    }
}

impl Eq for Items {}

impl std::fmt::Debug for Items {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Items;

    /// Every operation beside a plain list doing the same, from seeded pseudo-random
    /// sequences: the same things in the same order after each, and never more than
    /// twice the things (plus a little) held.
    #[test]
    fn items_behave_as_a_list_and_stay_small() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..200 {
            let (mut items, mut model, mut most) = (Items::default(), Vec::new(), 0);
            for k in 0..300 {
                let len = model.len();
                match next(6) {
                    0 | 1 => {
                        let i = if next(2) == 0 { 0 } else { next(len + 1) };
                        items.insert_at(i, k);
                        model.insert(i, k);
                    }
                    2 => {
                        items.push(k);
                        model.push(k);
                    }
                    3 | 4 if len > 0 => {
                        let i = if next(2) == 0 { 0 } else { next(len) };
                        assert_eq!(items.remove_at(i), model.remove(i));
                    }
                    5 => {
                        let m = next(3) + 2;
                        items.retain(|x| x % m != 0);
                        model.retain(|x| x % m != 0);
                    }
                    _ => {}
                }
                assert_eq!(&*items, &model[..]);
                assert!(items.buf.len() <= 3 * model.len() + 17, "{} held for {}", items.buf.len(), model.len());
                most = most.max(model.len());
                assert!(
                    items.buf.capacity() <= 8 * most + 64,
                    "room for {} where {most} at most",
                    items.buf.capacity()
                );
            }
            let copy = items.clone();
            assert_eq!(copy, items);
            let mut into = Items::from(vec![7, 8, 9]);
            into.clone_from(&items);
            assert_eq!(&*into, &model[..]);
        }
    }

    /// A zone drawn out from the top, or one with things put on top, moves none of the
    /// others: the list only gains or gives room on top (so bulk verbs stay linear).
    #[test]
    fn taking_from_and_putting_on_top_moves_nothing_else() {
        let n = 1000;
        let mut items = Items::from((0..n).collect::<Vec<_>>());
        let buf = items.buf.as_ptr();
        for k in 0..n / 4 {
            assert_eq!(items.remove_at(0), k);
        }
        assert_eq!((items.head, items.buf.len(), items.buf.as_ptr()), (n / 4, n, buf), "things were moved");
        for k in 0..n / 4 {
            items.insert_at(0, k);
        }
        assert_eq!((items.head, items.buf.as_ptr()), (0, buf), "things were moved");
        assert_eq!(&*items, &(0..n / 4).rev().chain(n / 4..n).collect::<Vec<_>>()[..]);
        // Putting one more on top makes room for as many again: the next ones move nothing.
        items.insert_at(0, n);
        let (head, buf) = (items.head, items.buf.as_ptr());
        assert!(head + 1 >= n);
        for k in 0..n / 2 {
            items.insert_at(0, k);
            items.remove_at(0);
        }
        assert_eq!((items.head, items.buf.as_ptr()), (head, buf), "things were moved");
    }

    /// A zone emptied and refilled from the top, again and again (a pile played onto), keeps
    /// the room of its largest contents, not more at every cycle.
    #[test]
    fn a_zone_emptied_and_refilled_from_the_top_does_not_grow() {
        for size in [1, 3, 52] {
            let mut items = Items::default();
            let mut after_first = 0;
            for cycle in 0..10_000 {
                for k in 0..size {
                    items.insert_at(0, k);
                }
                while !items.is_empty() {
                    items.remove_at(0);
                }
                if cycle == 0 {
                    after_first = items.buf.capacity();
                }
            }
            assert!(
                items.buf.capacity() <= after_first.max(8 * size + 64),
                "{size}: room for {}",
                items.buf.capacity()
            );
        }
    }
}
