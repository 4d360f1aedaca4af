//! Tests of `state.rs`: seating, versions, counters, zones and the layout.

use super::*;

/// A shared, ordered, public zone out of play, empty.
fn zone(name: &str) -> Zone {
    Zone {
        name: name.into(),
        owner: None,
        ordered: true,
        in_play: false,
        vis: Vis::Public,
        capacity: None,
        playable: false,
        attrs: None,
        items: Default::default(),
    }
}

fn three() -> State {
    let mut s = State::new(1);
    for n in ["a", "b", "c"] {
        s.add_player(Player { name: n.into(), role: None, faction: None });
    }
    s
}

#[test]
fn seats_form_a_ring() {
    let s = three();
    assert_eq!(s.seat_from(0, 1), 1);
    assert_eq!(s.seat_from(0, -1), 2);
    assert_eq!(s.seat_order(1, true), vec![1, 2, 0]);
    assert_eq!(s.seat_order(1, false), vec![1, 0, 2]);
    // Nobody has left (the seats read directly): any number of steps either way wraps.
    for p in 0..3 {
        for k in -7..8isize {
            assert_eq!(s.seat_from(p, k), (p as isize + k).rem_euclid(3) as PlayerId, "{p} {k}");
        }
        for cw in [true, false] {
            let step = if cw { 1 } else { -1 };
            let one_by_one: Vec<PlayerId> = (0..3).map(|k| s.seat_from(p, k * step)).collect();
            assert_eq!(s.seat_order(p, cw), one_by_one, "from {p}, clockwise {cw}");
            let mut out = [9; 3];
            assert_eq!(s.seat_order_into(p, cw, &mut out), Some(3));
            assert_eq!(out[..], one_by_one[..], "into, from {p}, clockwise {cw}");
        }
    }
}

#[test]
fn a_seat_order_is_each_step_around_the_ring_of_those_still_playing() {
    let mut s = three();
    s.add_player(Player { name: "d".into(), role: None, faction: None });
    s.eliminate(2);
    for p in 0..4 {
        for cw in [true, false] {
            let step = if cw { 1 } else { -1 };
            let n = if p == 2 { 4 } else { 3 };
            let one_by_one: Vec<PlayerId> = (0..n).map(|k| s.seat_from(p, k * step)).collect();
            assert_eq!(s.seat_order(p, cw), one_by_one, "from {p}, clockwise {cw}");
            // Written into an array, the same seats; none where the array is too short.
            let mut out = [9; 4];
            assert_eq!(s.seat_order_into(p, cw, &mut out), Some(one_by_one.len()));
            assert_eq!(out[..one_by_one.len()], one_by_one[..], "into, from {p}, clockwise {cw}");
            assert_eq!(s.seat_order_into(p, cw, &mut out[..2]), None);
        }
    }
    assert_eq!(s.seat_order(2, false), vec![2, 1, 0, 3]);
}

#[test]
fn the_version_is_new_at_every_change_and_restored_by_a_rollback() {
    let mut s = three();
    s.counters.declare("pool", Bounds { min: Some(0), max: Some(4), start: 1, clamp: false });
    let v0 = s.version();
    // Outside any checkpoint a change still counts.
    s.set_counter("pool", Holder::Game, 2).unwrap();
    let v1 = s.version();
    assert!(v1 > v0);
    let mark = s.checkpoint();
    s.set_counter("pool", Holder::Game, 3).unwrap();
    let v2 = s.version();
    assert!(v2 > v1);
    // Rolled back to the state of v1, under v1's number: what was kept of it holds again.
    s.rollback(mark);
    assert_eq!(s.counter("pool", Holder::Game), 2);
    assert_eq!(s.version(), v1);
    // The next change takes a number never given, not v2 (another state's).
    s.set_counter("pool", Holder::Game, 4).unwrap();
    assert!(s.version() > v2);
    s.set_counter("pool", Holder::Game, 2).unwrap();
    // Reading changes nothing.
    let v3 = s.version();
    let _ = s.counter("pool", Holder::Game);
    assert_eq!(s.version(), v3);
    // Nor does setting a value to what it holds: nothing is recorded.
    let mark = s.checkpoint();
    s.set_counter("pool", Holder::Game, 2).unwrap();
    assert_eq!(s.version(), v3);
    s.rollback(mark);
    assert_eq!(s.counter("pool", Holder::Game), 2);
    // A value never set is set even to its start: it is then held, not the default.
    s.counters.declare("fresh", Bounds { min: None, max: None, start: 0, clamp: false });
    assert_eq!(s.counters.get(s.counters.id("fresh").unwrap(), Holder::Game), None);
    s.set_counter("fresh", Holder::Game, 0).unwrap();
    assert_eq!(s.counters.get(s.counters.id("fresh").unwrap(), Holder::Game), Some(0));
    assert!(s.version() > v3);
}

#[test]
fn counters_respect_bounds() {
    let mut s = three();
    s.counters.declare("pool", Bounds { min: Some(0), max: Some(4), start: 1, clamp: false });
    assert_eq!(s.counter("pool", Holder::Game), 1);
    assert!(s.set_counter("pool", Holder::Game, -1).is_err());
    assert!(s.set_counter("pool", Holder::Game, 5).is_err());
    s.set_counter("pool", Holder::Game, 4).unwrap();
    assert_eq!(s.counter("pool", Holder::Game), 4);
}

#[test]
fn ordered_zones_take_the_top_first_and_attachments_follow_their_bearer() {
    let mut s = three();
    let zone = |name: &str, ordered, in_play| Zone {
        name: name.into(),
        owner: Some(0),
        ordered,
        in_play,
        vis: Vis::Public,
        capacity: None,
        playable: false,
        attrs: None,
        items: Default::default(),
    };
    let deck = s.add_zone(zone("deck", true, false));
    let area = s.add_zone(zone("area", false, true));
    let x = Kind::Piece(s.piece_id("x"));
    let a = s.create(x, "x".into(), Some(0), deck);
    let b = s.create(x, "x#2".into(), Some(0), deck);
    s.put(b, deck, true);
    assert_eq!(*s.zones[deck].items, [b, a]);
    s.put(a, area, true);
    s.attach(b, a);
    assert_eq!(s.zone_of(b), Some(area));
    assert!(s.in_play(b));
    assert_eq!(s.controller(b), Some(0));
    assert_eq!(s.attached(a), vec![b]);
}

#[test]
fn the_card_layout_changes_with_every_move_of_a_card_and_is_never_restored_by_a_rollback() {
    let mut s = three();
    let (deck, pile) = (s.add_zone(zone("deck")), s.add_zone(zone("pile")));
    s.key_zone(7, deck);
    assert_eq!((s.zone_keyed(7, None), s.zone_keyed(7, Some(0)), s.zone_keyed(8, None)), (Some(deck), None, None));
    let a = s.create(Kind::Card(0), "x".into(), None, deck);
    let before = s.card_layout();
    s.set_face(a, false);
    assert_eq!(s.card_layout(), before, "turning a thing over moves nothing");
    let mark = s.checkpoint();
    s.put(a, pile, true);
    let moved = s.card_layout();
    assert!(moved > before);
    s.rollback(mark);
    assert_eq!(*s.zones[deck].items, [a]);
    assert!(s.card_layout() > moved, "the state is as before, but a list kept at `moved` must not be reused");
}

#[test]
fn a_state_copied_into_another_equals_its_source_whatever_the_other_held() {
    // A small table and a larger one, with moves, counters and variables between them.
    let mut small = three();
    let deck = small.add_zone(zone("deck"));
    small.create(Kind::Card(0), "c".into(), None, deck);
    let mut large = three();
    let pile = large.add_zone(zone("pile"));
    let hand = large.add_zone(zone("hand"));
    let x = Kind::Piece(large.piece_id("x"));
    for k in 0..5 {
        large.create(x, format!("x#{k}"), Some(1), pile);
    }
    large.put(2, hand, true);
    large.set_face(3, false);
    large.set_var("round_bonus", Value::Int(3));
    large.eliminate(2);
    for (mut into, from) in [(small.clone(), &large), (large.clone(), &small), (small.clone(), &small)] {
        into.copy_from(from);
        assert_eq!(&into, from);
        assert_eq!(into.zones.len(), from.zones.len());
        assert_eq!(
            into.ents.iter().map(|e| &e.label).collect::<Vec<_>>(),
            from.ents.iter().map(|e| &e.label).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_card_layout_changes_when_a_card_may_have_moved_and_not_for_pieces_alone() {
    let mut s = three();
    let (deck, pile) = (s.add_zone(zone("deck")), s.add_zone(zone("pile")));
    let card = s.create(Kind::Card(0), "c".into(), None, deck);
    let x = Kind::Piece(s.piece_id("x"));
    let (p, q) = (s.create(x, "x".into(), None, deck), s.create(x, "x#2".into(), None, deck));
    let before = s.card_layout();
    s.put(p, pile, true);
    assert_eq!(s.card_layout(), before, "a piece moved, no card");
    let mark = s.checkpoint();
    s.put(card, pile, true);
    let moved = s.card_layout();
    assert!(moved > before, "a card moved");
    s.rollback(mark);
    assert!(s.card_layout() > moved, "a card's move undone");
    // A card borne by a piece goes where the piece goes: while anything is attached,
    // every move counts.
    s.attach(card, q);
    let attached = s.card_layout();
    s.put(q, pile, true);
    assert_eq!(s.zone_of(card), Some(pile));
    assert!(s.card_layout() > attached, "the card moved with its bearer");
    // Whose a card is decides whose searches it is in.
    let owned = s.card_layout();
    s.set_owner(card, Some(1));
    assert!(s.card_layout() > owned, "the card changed hands");
}

#[test]
fn active_player_set_to_what_is_not_a_player_is_kept_as_a_variable_until_someone_is_active() {
    let mut s = three();
    s.set_active(1);
    let mark = s.checkpoint();
    // A script may set `active_player` to none or to a card (the checker allows it).
    s.set_var(ACTIVE, Value::Null);
    assert_eq!((s.active(), s.var(ACTIVE)), (None, Some(Value::Null)));
    s.set_var(ACTIVE, Value::Ent(7));
    assert_eq!((s.active(), s.var(ACTIVE)), (None, Some(Value::Ent(7))));
    // A player takes its place: nothing else is kept.
    s.set_active(2);
    assert_eq!((s.active(), s.var(ACTIVE), s.vars.by_name(ACTIVE)), (Some(2), Some(Value::Player(2)), None));
    s.set_var(ACTIVE, Value::Null);
    s.rollback(mark);
    assert_eq!((s.active(), s.var(ACTIVE), s.vars.by_name(ACTIVE)), (Some(1), Some(Value::Player(1)), None));
}

#[test]
fn piece_names_are_shared_ids_that_a_rollback_leaves_and_a_new_name_copies() {
    let seeded = std::sync::Arc::new(crate::engine::PieceNames::of(["pawn", "disc", "light", "dark"]));
    let (mut s, mut t) = (three(), three());
    s.use_piece_names(&seeded);
    t.use_piece_names(&seeded);
    // Seeded names have the ruleset's ids, the same in every state of it.
    assert_eq!((s.piece_name_id("pawn"), s.piece_name_id("dark")), (Some(0), Some(3)));
    assert_eq!(s.piece_id("disc"), 1);
    let deck = s.add_zone(zone("deck"));
    let disc = s.create(Kind::Piece(1), "disc".into(), None, deck);
    s.set_side(disc, Some(2));
    // A side no ruleset named gets the next id in this state alone.
    let mark = s.checkpoint();
    let grey = s.piece_id("grey");
    s.set_side(disc, Some(grey));
    assert_eq!((grey, &**s.piece_name(grey)), (4, "grey"));
    assert_eq!((t.piece_name_id("grey"), seeded.id("grey")), (None, None));
    // A rollback restores the side (a light entry) and leaves the name: ids stay valid.
    s.rollback(mark);
    assert_eq!(s.ents[disc].side, Some(2));
    assert_eq!(s.piece_name_id("grey"), Some(4));
    assert_eq!(&**s.piece_name(s.ents[disc].side.unwrap()), "light");
}

#[test]
fn a_state_takes_the_rules_piece_names_only_before_it_names_a_piece() {
    let rules = std::sync::Arc::new(crate::engine::PieceNames::of(["pawn", "disc"]));
    let mut fresh = three();
    fresh.seed_piece_names(&rules);
    assert_eq!(fresh.piece_name_id("disc"), Some(1));
    // One that named a piece already keeps its own ids: its pieces hold them.
    let mut own = three();
    let deck = own.add_zone(zone("deck"));
    let disc = own.piece_id("disc");
    own.create(Kind::Piece(disc), "disc".into(), None, deck);
    own.seed_piece_names(&rules);
    assert_eq!((own.piece_name_id("disc"), own.piece_name_id("pawn")), (Some(0), None));
}
