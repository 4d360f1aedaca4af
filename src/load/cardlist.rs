//! `Cards`: a game's cards from card files, kept as each file's list. Joining the files'
//! lists into one would copy every card while both copies exist, and that moment was the
//! peak of a large library's memory (a card is a few hundred bytes before its strings).

use std::ops::Index;

use super::model::Card;

/// A game's cards from card files, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cards {
    files: Vec<Vec<Card>>,
    len: usize,
}

impl Cards {
    /// Appends one file's cards (an empty list is not kept).
    pub fn push_file(&mut self, cards: Vec<Card>) {
        if !cards.is_empty() {
            self.len += cards.len();
            self.files.push(cards);
        }
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every card, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Card> + Clone + '_ {
        self.files.iter().flatten()
    }

    /// The `i`th card.
    pub fn get(&self, mut i: usize) -> Option<&Card> {
        for f in &self.files {
            match f.get(i) {
                Some(c) => return Some(c),
                None => i -= f.len(),
            }
        }
        None
    }
}

impl Index<usize> for Cards {
    type Output = Card;
    fn index(&self, i: usize) -> &Card {
        let n = self.len;
        self.get(i).unwrap_or_else(|| panic!("card {i} of {n}"))
    }
}

impl<'a> IntoIterator for &'a Cards {
    type Item = &'a Card;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Vec<Card>>>;
    fn into_iter(self) -> Self::IntoIter {
        self.files.iter().flatten()
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut cards = Cards::default();
        cards.push_file(iter.into_iter().collect());
        cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;
    use crate::load::Sp;

    fn card(id: &str) -> Card {
        let sp = |s: &str| Sp::new(s.to_string(), FileId(0), 0..0);
        Card {
            id: sp(id),
            name: sp(id),
            text: None,
            copies: None,
            play: None,
            abilities: Box::default(),
            props: Box::default(),
            file: FileId(0),
            span: (0..0).into(),
        }
    }

    #[test]
    fn files_read_as_one_list() {
        let mut cards = Cards::default();
        cards.push_file(vec![card("a"), card("b")]);
        cards.push_file(vec![]);
        cards.push_file(vec![card("c")]);
        let ids: Vec<&str> = cards.iter().map(|c| c.id.as_str()).collect();
        assert_eq!((ids, cards.len()), (vec!["a", "b", "c"], 3));
        assert_eq!((cards[2].id.as_str(), cards.get(3).is_none()), ("c", true));
        assert_eq!(cards.iter().next_back().map(|c| c.id.as_str()), Some("c"));
    }
}
