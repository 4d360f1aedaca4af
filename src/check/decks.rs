//! What `decks:` deals, against what cards say: a card's `copies:` that no deck reads,
//! since every deck that deals the card gives its own count.

use crate::diag::Diagnostic;
use crate::load::{DeckCards, GameBundle};

/// Warns of each card whose `copies:` is written but never read: `decks:` deals it only
/// by count (`{ zone: supply, cards: { gem: 40 } }`), so a designer who wrote both saw
/// a number dealt that their `copies:` did not say, and no word of it.
pub fn unread_copies(bundle: &GameBundle, diags: &mut Vec<Diagnostic>) {
    let Some(g) = &bundle.game else { return };
    // `cards: all` and a list of ids deal each card `copies:` times.
    let listed = |id: &str| {
        g.decks.iter().any(|d| match &d.cards {
            DeckCards::All => true,
            DeckCards::Ids(ids) => ids.iter().any(|i| i.value == id),
            DeckCards::Counted(_) => false,
        })
    };
    let counted = |id: &str| -> Vec<String> {
        let of = |d: &crate::load::DeckSpec| match &d.cards {
            DeckCards::Counted(ids) => ids.iter().find(|(i, _)| i.value == id).map(|(_, n)| {
                let each = g.zones.iter().any(|z| z.name.value == d.zone.value && z.per == crate::load::Per::Player);
                format!("{}: {}{}", d.zone.value, n.value, if each { " each" } else { "" })
            }),
            _ => None,
        };
        g.decks.iter().filter_map(of).collect()
    };
    let cards = bundle.cards.iter().chain(bundle.factions.iter().flat_map(|f| &f.cards));
    for c in cards {
        let Some(copies) = &c.copies else { continue };
        let id = c.id.value.as_str();
        let by_count = counted(id);
        if by_count.is_empty() || listed(id) {
            continue;
        }
        let msg = format!("`copies: {}` of `{id}` is not read: `decks:` deals it by count", copies.value);
        let d = Diagnostic::warning("unread-copies", msg, copies.file, copies.span)
            .with_label(format!("each deck gives its own count ({})", by_count.join(", ")))
            .with_help("leave `copies:` out, or deal the card with `cards: all` or a list of ids");
        diags.push(d);
    }
}
