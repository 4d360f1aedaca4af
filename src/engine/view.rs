//! What each player can see: a card is seen by a player when it was revealed to them
//! since it last moved, or by its zone's visibility (`public` face-up cards by everyone,
//! `owner` zones and face-down cards by their owner, `others` by everyone but the owner,
//! `hidden` by nobody). Events carry the set of players who saw their details. Also the
//! table written out as one player may see it (`table_for`: transcripts, `play --human`).

use super::state::{EntId, PlayerId, State, Vis};

/// Every player sees it.
pub const EVERYONE: u64 = u64::MAX;

/// The bit of player `p` (players past 64 never see secrets).
pub fn bit(p: PlayerId) -> u64 {
    1u64.checked_shl(p as u32).unwrap_or(0)
}

/// Whether `p` is in the set.
pub fn has(set: u64, p: PlayerId) -> bool {
    set & bit(p) != 0
}

impl State {
    /// Whether player `p` can see card or piece `e` now.
    pub fn sees(&self, p: PlayerId, e: EntId) -> bool {
        let ent = &self.ents[e];
        if has(ent.shown, p) {
            return true;
        }
        let Some(z) = self.zone_of(e) else { return true };
        let zone = &self.zones[z];
        let mine = zone.owner.or(ent.owner) == Some(p);
        match zone.vis {
            Vis::Hidden => false,
            Vis::Owner => mine,
            Vis::Others => !mine && ent.face_up,
            Vis::Public => ent.face_up || mine,
        }
    }

    /// Every player, as the set `seen_by` gives.
    pub fn all_players(&self) -> u64 {
        let n = self.players.len();
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// Whether every player sees `e` (`seen_by` names them all).
    pub fn seen_by_all(&self, e: EntId) -> bool {
        self.seen_by(e) == self.all_players()
    }

    /// The players who can see `e` now: what `sees` says of each, as one set, made from
    /// the zone's visibility at once (a move asks it twice, a choice once per thing).
    pub fn seen_by(&self, e: EntId) -> u64 {
        let (n, all) = (self.players.len(), self.all_players());
        let out = match self.zone_of(e) {
            None => all,
            Some(z) => (self.seen_in(e, z, self.ents[e].face_up) | self.ents[e].shown) & all,
        };
        debug_assert_eq!(out, (0..n).filter(|&p| self.sees(p, e)).fold(0, |m, p| m | bit(p)), "seen_by of {e}");
        out
    }

    /// The players who would see `e` in zone `z`, lying `face_up` or not, were it moved
    /// there now (nobody has been shown it there yet; a move `face down` turns it as it
    /// arrives): whose eyes a move about to happen passes before.
    pub fn seen_in(&self, e: EntId, z: super::state::ZoneId, face_up: bool) -> u64 {
        let all = self.all_players();
        let (ent, zone) = (&self.ents[e], &self.zones[z]);
        let owner = zone.owner.or(ent.owner).map_or(0, bit);
        let seen = match zone.vis {
            Vis::Hidden => 0,
            Vis::Owner => owner,
            Vis::Others if face_up => !owner,
            Vis::Others => 0,
            Vis::Public if face_up => all,
            Vis::Public => owner,
        };
        seen & all
    }

    /// The players who see every card or piece `text` names by its label: who may read
    /// a message written with the labels of things (a refusal's reason) as it is. A
    /// script quoted in it (between backticks, or the condition of `requirement not met:`)
    /// names card ids, the rules' words, not things: it is left out.
    pub fn seen_of_text(&self, text: &str) -> u64 {
        let word = |c: char| c.is_alphanumeric() || c == '_' || c == '#';
        let mut named = String::with_capacity(text.len());
        for (i, part) in text.split('`').enumerate() {
            if i % 2 == 1 {
                continue;
            }
            // `requirement not met: COND (x = v)`: the condition is script; the bound
            // values after it may name things.
            match part.split_once("requirement not met: ") {
                Some((before, after)) => {
                    named.push_str(before);
                    named.push(' ');
                    named.push_str(after.find(" (").map_or("", |k| &after[k..]));
                }
                None => named.push_str(part),
            }
            named.push(' ');
        }
        let words: crate::fxhash::FxHashSet<&str> = named.split(|c| !word(c)).filter(|w| !w.is_empty()).collect();
        let mut seen = EVERYONE;
        for (e, ent) in self.ents.iter().enumerate() {
            if words.contains(&*ent.label) {
                seen &= self.seen_by(e);
            }
        }
        seen
    }

    /// Whether event `ev` told `p` something no player's choice could have: a roll or a
    /// shuffle they saw, a reveal to them of what is not theirs, a flip face up of what is
    /// not theirs, or a thing they saw come from where they could not see it (a card drawn,
    /// an opponent's card played). An `undo` back past it would let `p` choose again
    /// knowing it (the generator's draws are judged apart: `View::rng`). (A move of an
    /// earlier game of a match is left out: its ids index another table, and the new
    /// game's deal is a shuffle.)
    pub fn tells(&self, ev: &super::Event, p: PlayerId) -> bool {
        use super::EventKind;
        let theirs = |e: EntId| e < self.ents.len() && self.ents[e].owner != Some(p);
        match &ev.kind {
            EventKind::Roll { .. } | EventKind::Shuffle { .. } => has(ev.seen, p),
            EventKind::Reveal { to, ents, .. } => {
                (to.is_empty() || to.contains(&p)) && (ev.game != self.game || ents.iter().any(|&e| theirs(e)))
            }
            EventKind::Flip { ent, to } if ev.game == self.game => has(ev.seen, p) && to == "face up" && theirs(*ent),
            EventKind::Move { ent, from: Some(z), .. } if ev.game == self.game => {
                has(ev.seen, p)
                    && *ent < self.ents.len()
                    && *z < self.zones.len()
                    && !has(self.seen_in(*ent, *z, true), p)
            }
            _ => false,
        }
    }

    /// Shows `e` to these players until it next moves.
    pub fn show_to(&mut self, e: EntId, players: u64) {
        self.record(super::journal::Undo::Loc(e, self.ents[e].loc, self.ents[e].shown));
        self.ents[e].shown |= players;
    }

    /// Ends what was revealed of `e` to `players` (it changed where they could not see).
    pub fn unshow_to(&mut self, e: EntId, players: u64) {
        if self.ents[e].shown & players != 0 {
            self.record(super::journal::Undo::Loc(e, self.ents[e].loc, self.ents[e].shown));
            self.ents[e].shown &= !players;
        }
    }
}

/// What a zone holds, runs of copies of one piece with one owner folded:
/// `pawn ×20 (pawn..pawn#20)`; in a shared zone each run names its owner. What is
/// attached to a thing is written with it, as `viewer` may see it (`None`: everything):
/// `base (with topper on it)`.
pub fn runs(s: &State, items: &[usize], shared: bool, viewer: Option<PlayerId>) -> Vec<String> {
    let split = |e: usize| {
        let l = &s.ents[e].label;
        let (b, n) = super::label::parse(l).unwrap_or((l, 0));
        (b.to_string(), n)
    };
    let owner = |e: usize| described(s, e, shared, viewer);
    let mut out: Vec<String> = vec![];
    let mut i = 0;
    while i < items.len() {
        let (b, first) = split(items[i]);
        let mut n = 1;
        while i + n < items.len()
            && split(items[i + n]) == (b.clone(), first + n)
            && s.ents[items[i + n]].owner == s.ents[items[i]].owner
            && owner(items[i + n]) == owner(items[i])
        {
            n += 1;
        }
        let (a, z) = (&s.ents[items[i]].label, &s.ents[items[i + n - 1]].label);
        if n >= 3 {
            out.push(format!("{b} ×{n} ({a}..{z}){}", owner(items[i])));
        } else {
            out.extend(items[i..i + n].iter().map(|&e| format!("{}{}", s.ents[e].label, owner(e))));
        }
        i += n;
    }
    out
}

/// What `runs` writes after a thing's label: what is not the default in parentheses (a
/// piece's side, a card face down, exhausted, what is attached to it), then in a `shared`
/// zone whose it is: ` (face down) of bob`.
pub(super) fn described(s: &State, e: EntId, shared: bool, viewer: Option<PlayerId>) -> String {
    let x = &s.ents[e];
    let mut v: Vec<&str> = vec![];
    v.extend(x.side.map(|i| &**s.piece_name(i)));
    if !x.face_up {
        v.push("face down");
    }
    if x.exhausted {
        v.push("exhausted");
    }
    let borne = attached_text(s, e, viewer);
    v.extend(borne.as_deref());
    let state = if v.is_empty() { String::new() } else { format!(" ({})", v.join(", ")) };
    match (shared, x.owner) {
        (true, Some(p)) => format!("{state} of {}", s.players[p].name),
        _ => state,
    }
}

/// `with X, Y on it`: what is attached to `e`, each written as `runs` writes it (so what
/// is attached to them too), what `viewer` cannot see counted. `None` when nothing is.
fn attached_text(s: &State, e: EntId, viewer: Option<PlayerId>) -> Option<String> {
    let on = s.attached(e);
    if on.is_empty() {
        return None;
    }
    Some(format!("with {} on it", as_seen(s, &on, false, viewer, false).join(", ")))
}

/// `runs` of what `viewer` sees of `items`, then how many they cannot see: `7 hidden`.
pub fn as_seen(s: &State, items: &[EntId], shared: bool, viewer: Option<PlayerId>, fold: bool) -> Vec<String> {
    let (seen, hidden): (Vec<EntId>, Vec<EntId>) = items.iter().partition(|&&e| viewer.is_none_or(|p| s.sees(p, e)));
    let mut parts = if fold { super::grouped::alike(s, &seen, shared, viewer) } else { runs(s, &seen, shared, viewer) };
    if !hidden.is_empty() {
        parts.push(format!("{} hidden", hidden.len()));
    }
    parts
}

/// The table as `viewer` may see it (`None`: everything): one line per zone or space
/// that holds something, what they cannot see counted, not named (`deck of p2: 7 hidden`);
/// then the counters that are set, but not those on things the viewer cannot see, and
/// the `declared` counters of the game (`false`) or of each seated player (`true`) at
/// their start (a bidder sees their coins before they first change).
pub fn table_for(s: &State, viewer: Option<PlayerId>, declared: &[(super::CounterId, bool)]) -> Vec<String> {
    let mut out = vec![];
    let grid = s.grid.as_deref();
    for (z, zone) in s.zones.iter().enumerate() {
        if zone.items.is_empty() || grid.is_some_and(|g| g.has(z)) {
            continue;
        }
        let parts = as_seen(s, &zone.items, zone.owner.is_none(), viewer, !zone.ordered);
        out.push(format!("{}: {}", s.zone_name(z), parts.join(", ")));
    }
    out.extend(grid.map(|g| super::grid_view::drawn(s, g, viewer)).unwrap_or_default());
    let mut counters: Vec<(&str, super::Holder, i64)> = s
        .counters
        .iter()
        // A counter on a thing the viewer cannot see would tell what the thing is.
        .filter(|&(_, h, _)| !matches!((viewer, h), (Some(p), super::Holder::Ent(e)) if !s.sees(p, e)))
        .collect();
    for &(id, per_player) in declared {
        let holders: Vec<super::Holder> = if per_player {
            s.seats.iter().map(|&p| super::Holder::Player(p)).collect()
        } else {
            vec![super::Holder::Game]
        };
        for h in holders.into_iter().filter(|&h| s.counters.get(id, h).is_none()) {
            counters.push((s.counters.name(id), h, s.counter_at(id, h)));
        }
    }
    counters.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let unseen = viewer.map(|p| super::known::unknown_to(s, p).1).unwrap_or_default();
    for (name, h, v) in counters {
        let on = match h {
            super::Holder::Game => String::new(),
            h => format!(" of {}", s.holder_name(h)),
        };
        if unseen.contains(&(name, h)) {
            out.push(format!("{name}{on} = (hidden)"));
        } else {
            out.push(format!("{name}{on} = {v}"));
        }
    }
    out
}
