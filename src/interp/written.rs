//! Lists written out in a script (`[hand, deck]`, `[red, blue]`): their zones and enum
//! values are themselves, not what the zones hold or the values describe, whether the
//! list is filtered (`[red, blue] where ...`), chosen from or looped over.

use crate::engine::{List, Value};
use crate::syntax::ast::{Expr, ExprKind};

use super::{Interp, R};

impl Interp<'_> {
    /// The elements of a list written out (`[hand, deck]`, `[red, blue]`), as `for each`
    /// and `choose` go over them: a zone or an enum value is itself (what the list names,
    /// not the things it holds or describes); a card id still stands for its copies, and a
    /// selection for its things.
    pub(super) fn written_items(&mut self, written: &[Value]) -> R<List> {
        let mut out = List::with_capacity(written.len());
        for x in written {
            let itself = match x {
                Value::Zone(_) => true,
                Value::Sym(s) => matches!(self.rules.env.lookup(s), Some(crate::check::env::Sym::EnumValue(_))),
                _ => false,
            };
            if itself {
                out.push(x.clone());
            } else {
                out.extend(self.things(x)?);
            }
        }
        Ok(out)
    }

    /// `choose` and `for each` over a list written out: its items (`written_items`), then
    /// a filter's (`[red, blue] where ...`: `it` is each colour), with the steps a
    /// selection counts. Elsewhere a filtered list is a selection of the things it names
    /// (`count([red, green] where owner of it == alice)` counts cards).
    pub(super) fn written_over(&mut self, e: &Expr, cx: &mut super::Ctx) -> R<List> {
        let (list, filters) = match &e.kind {
            ExprKind::Select { quantity: None, base, filters } => (&**base, &filters[..]),
            _ => (e, &[][..]),
        };
        let v = self.eval(list, cx)?;
        let Value::List(written) = &v else { return self.things(&v) };
        let mut cands = self.written_items(written)?;
        for f in filters {
            cands = self.kept_by(f, cands, cx)?;
        }
        Ok(cands)
    }
}

/// Whether `e` is a list written out (`[red, blue]`), filtered or not: its zones and enum
/// values are themselves (`Interp::written_items`), not what they hold or describe.
pub(super) fn written_out(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::List(_) => true,
        ExprKind::Select { quantity: None, base, .. } => matches!(base.kind, ExprKind::List(_)),
        _ => false,
    }
}
