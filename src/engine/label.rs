//! Labels: how the table names each copy of a card or piece — its id for the first copy,
//! then `id#2`, `id#3`, ... Scenarios, transcripts and answers all read them this way.

/// A label's base (card id or piece kind) and copy number: `c5#2` is (`c5`, 2); `c5` and
/// `c5#1` are (`c5`, 1). `None` when what follows `#` is not a number from 1.
pub fn parse(label: &str) -> Option<(&str, usize)> {
    match label.split_once('#') {
        Some((base, n)) => n.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| (base, n)),
        None => Some((label, 1)),
    }
}

/// The label of copy `n` of `base`: `base` for the first, `base#n` after.
pub fn of(base: &str, n: usize) -> String {
    // Written by hand: every card dealt gets one, and `format!` costs more than the rest.
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut k = n;
    while k > 0 {
        i -= 1;
        digits[i] = b'0' + (k % 10) as u8;
        k /= 10;
    }
    let mut out = String::with_capacity(base.len() + 1 + digits.len() - i);
    out.push_str(base);
    if n > 1 {
        out.push('#');
        out.extend(digits[i..].iter().map(|&d| d as char));
    }
    out
}

/// A label as the table writes it: `c5#1`, the first copy, is `c5`; a label that does not
/// parse is kept as written.
pub fn canonical(label: &str) -> String {
    parse(label).map_or_else(|| label.to_string(), |(base, n)| of(base, n))
}

/// A label with its copy number always written (`c5` is `c5#1`): in a scenario's `put:`
/// that names exactly that copy, where a bare id makes a new one.
pub fn numbered(label: &str) -> String {
    parse(label).map_or_else(|| label.to_string(), |(base, n)| format!("{base}#{n}"))
}

/// Labels given as entities are made, their counts journaled with the state.
impl super::State {
    /// Claims label `base#n` (`base` for n = 1) for a new entity, as a scenario's setup
    /// names the copies it lays out: later fresh labels of `base` count on from the
    /// highest claimed. `None` when a thing already has that label.
    pub fn claim_label(&mut self, base: &str, n: usize) -> Option<String> {
        let label = of(base, n);
        if self.ents.iter().any(|e| *e.label == *label) {
            return None;
        }
        self.record_label(base);
        let seen = self.labels.entry(base.to_string()).or_insert(0);
        *seen = (*seen).max(n);
        Some(label)
    }

    /// Records what undoes a change of label base `base`'s count, when a checkpoint is
    /// open (outside one, nothing is recorded nor counted as a write).
    fn record_label(&mut self, base: &str) {
        if self.recording() {
            let old = self.labels.get(base).copied();
            self.record_heavy(|| super::journal::Heavy::Label(base.to_string(), old));
        }
    }

    /// A fresh label for a new entity named `base`: `base`, then `base#2`, ...
    pub fn fresh_label(&mut self, base: &str) -> String {
        self.record_label(base);
        let n = match self.labels.get_mut(base) {
            Some(n) => {
                *n += 1;
                *n
            }
            None => {
                self.labels.insert(base.to_string(), 1);
                1
            }
        };
        of(base, n)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn labels_read_and_write_back() {
        assert_eq!(super::parse("c5#2"), Some(("c5", 2)));
        assert_eq!(super::parse("c5"), Some(("c5", 1)));
        assert_eq!(super::parse("c5#1"), Some(("c5", 1)));
        assert_eq!(super::parse("c5#0"), None);
        assert_eq!(super::parse("c5#x"), None);
        assert_eq!(super::of("c5", 1), "c5");
        assert_eq!(super::of("c5", 3), "c5#3");
        assert_eq!(super::of("pawn", 1207), "pawn#1207");
        assert_eq!(super::of("c5", 10), "c5#10");
        assert_eq!((super::canonical("c5#1"), super::canonical("c5#2")), ("c5".into(), "c5#2".into()));
        assert_eq!((super::numbered("c5"), super::numbered("c5#2")), ("c5#1".into(), "c5#2".into()));
        assert_eq!(super::canonical("c5#x"), "c5#x");
    }
}
