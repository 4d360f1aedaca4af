//! What a player knows of the counters' values, read from the log: a value is known after
//! a change the player saw that sets it (`set`), or one that moves it by a number they saw
//! from a value they knew. A change made in another player's secret block
//! (`simultaneously as`) hides the value from them, and a later `add` they see does not
//! tell it again: a shared pot two players paid into secretly tells neither what the other
//! paid, not in the table and not in the `(now N)` of their own line. A counter a match
//! keeps (`keep:`) keeps what each player knew of it into the next game.

use super::log::EventKind;
use super::state::{PlayerId, State};
use super::view::has;
use super::Holder;

/// A counter by its name and holder.
pub(super) type CounterKey<'s> = (&'s str, Holder);

/// Who knows a counter's value after a change `seen` by some players, when `before` knew
/// it: those who saw a `set`, or saw a move of the value they knew.
fn known_after(before: u64, verb: &str, seen: u64) -> u64 {
    if verb == "set" {
        seen
    } else {
        before & seen
    }
}

/// What `p` knows of the counters along the log: which counter events' resulting value
/// (`now`) `p` saw the change of but cannot know, by index into the log; and the counters
/// of the current game whose value `p` does not know now.
pub(super) fn unknown_to(s: &State, p: PlayerId) -> (Vec<usize>, Vec<CounterKey<'_>>) {
    // Who knows each counter changed so far: everyone, before its first change.
    let mut known: Vec<(CounterKey, u64)> = vec![];
    let mut nows = vec![];
    let mut game = None;
    for (i, e) in s.log.iter().enumerate() {
        // Each game of a match starts its counters afresh, in the open, but for those the
        // match keeps: what they were, they still are.
        if game != Some(e.game) {
            known.retain(|(key, _)| s.keeps(key));
            game = Some(e.game);
        }
        let EventKind::Counter { verb, name, holder, .. } = &e.kind else { continue };
        let key = (&**name, *holder);
        let slot = known.iter().position(|(k, _)| *k == key);
        let after = known_after(slot.map_or(u64::MAX, |k| known[k].1), verb, e.seen);
        if has(e.seen, p) && !has(after, p) {
            nows.push(i);
        }
        match slot {
            Some(k) => known[k].1 = after,
            None => known.push((key, after)),
        }
    }
    if game.is_some_and(|g| g != s.game) {
        known.retain(|(key, _)| s.keeps(key));
    }
    let unknown = known.into_iter().filter(|(_, k)| !has(*k, p)).map(|(key, _)| key).collect();
    (nows, unknown)
}

impl State {
    /// The players who know the value of counter `name` of `h` now: those who saw its last
    /// `set` and every change after it (everyone, before its first change in this game, or
    /// in the match for a counter it keeps).
    /// Read back from the end of the log to that `set`, not over the whole log: what
    /// `known_after` gives, folded over the changes from that `set` on (a `set` keeps who saw
    /// it; every change after it, who also saw that).
    pub fn counter_known_by(&self, name: &str, h: Holder) -> u64 {
        let mut known = self.all_players();
        let kept = self.keeps(&(name, h));
        for e in self.log.iter().rev().take_while(|e| kept || e.game == self.game) {
            if let EventKind::Counter { verb, name: n, holder, .. } = &e.kind {
                if **n == *name && *holder == h {
                    known &= e.seen;
                    if *verb == "set" {
                        break;
                    }
                }
            }
        }
        known
    }

    /// Whether every player knows the value a counter change `e` leaves (its `now`): they
    /// knew it before and saw the change, or saw it `set`. `true` for any other event. (A
    /// change already logged, folded in again, gives the same players.)
    pub fn now_known_to_all(&self, e: &super::log::Event) -> bool {
        let EventKind::Counter { verb, name, holder, .. } = &e.kind else { return true };
        let all = self.all_players();
        known_after(self.counter_known_by(name, *holder), verb, e.seen) == all
    }

    /// Whether counter `key` keeps its value from one game of a match to the next (a
    /// counter of the game or of a player named by `keep:`).
    fn keeps(&self, (name, h): &CounterKey) -> bool {
        matches!(h, Holder::Game | Holder::Player(_)) && self.kept.iter().any(|k| k == name)
    }

    /// The log as `viewer` saw it (`None`: everything), one text per event, without the
    /// indentation of its nesting: things and secrets hidden from them hidden, and the
    /// `(now N)` of a counter whose value they cannot know left out.
    pub fn texts_for(&self, viewer: Option<PlayerId>) -> Vec<String> {
        let nows = viewer.map(|p| unknown_to(self, p).0).unwrap_or_default();
        let mut next = nows.iter().peekable();
        (self.log.iter().enumerate())
            .map(|(i, e)| {
                let hide_now = next.next_if(|&&k| k == i).is_some();
                e.text_for(self, viewer, hide_now)
            })
            .collect()
    }

    /// `texts_for`, each line indented by its event's nesting: the log a player is shown.
    pub fn lines_for(&self, viewer: Option<PlayerId>) -> Vec<String> {
        let texts = self.texts_for(viewer);
        (self.log.iter().zip(texts)).map(|(e, t)| format!("{}{t}", "  ".repeat(e.depth as usize))).collect()
    }
}
