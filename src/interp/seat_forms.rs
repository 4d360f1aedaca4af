//! Seat orders read in place: `clockwise from P` (or `counterclockwise`, `left`,
//! `right`) where `P` reads as an id (`ids.rs`: a game variable, `left of` one, `you`,
//! `active_player`, a binding), as a round's turn order (`turn: order:`) and as what
//! `for each` goes over. The seats are written into a small array: no list of values is
//! made, and `P` is not evaluated as a value.
//!
//! Invariant: the seats are those `eval` lists for the expression, with the steps it
//! counts (the node's, then `P`'s). Where `P` gives no player, coverage is recorded, or
//! the steps do not fit in the budget, nothing is counted and the general path runs (and
//! raises what it raises). Debug builds compare the two.

use crate::syntax::ast::{Direction, Expr, ExprKind, Stmt};

use super::ids::{Id, Ti};
use super::rules::Rules;
use super::stmts::Seats;
use super::{Ctx, Interp, R};

/// `clockwise from P` compiled: the direction, `P` as an id, and the steps `eval`
/// counts for the whole expression.
#[derive(Debug, Clone, Copy)]
pub(super) struct SeatForm {
    clockwise: bool,
    from: Ti,
    steps: usize,
}

/// `e` compiled, if it is a seat order from a player read as an id.
pub(super) fn compile(rules: &Rules, e: &Expr) -> Option<SeatForm> {
    let ExprKind::SeatOrder { dir, from } = &e.kind else { return None };
    let from = super::ids::id_operand(rules, &super::fast::compile(rules, from)?)?;
    let clockwise = matches!(dir, Direction::Left | Direction::Clockwise);
    Some(SeatForm { clockwise, from, steps: 1 + super::ids::id_steps(from) })
}

impl Interp<'_> {
    /// The seats `f` lists, written into `out`, and how many, with their steps counted;
    /// `None`, having counted nothing, where it gives up (see the module's invariant).
    pub(super) fn seats_in_order(&mut self, f: &SeatForm, e: &Expr, out: &mut Seats, cx: &Ctx) -> Option<usize> {
        if self.coverage.is_some() || self.steps.room() < f.steps as i64 {
            return None;
        }
        let Id::Player(p) = self.id_of(f.from, cx)? else { return None };
        let n = self.w.state.seat_order_into(p, f.clockwise, out)?;
        #[cfg(debug_assertions)]
        let before = self.steps;
        self.steps.count(f.steps);
        #[cfg(debug_assertions)]
        self.same_players_as_eval(e, before, &out[..n], cx);
        #[cfg(not(debug_assertions))]
        let _ = e;
        Some(n)
    }

    /// Debug builds: the players `eval` lists for `e` from the step count `before`, with
    /// the same steps, are `got`, which a path reading them in place gave (the count
    /// is left where that path left it).
    #[cfg(debug_assertions)]
    pub(super) fn same_players_as_eval(
        &mut self,
        e: &Expr,
        before: super::steps::Steps,
        got: &[crate::engine::PlayerId],
        cx: &Ctx,
    ) {
        let after = self.steps;
        self.steps = before;
        let listed = self.eval(e, &mut cx.clone()).and_then(|v| self.players(&v));
        debug_assert_eq!(listed.ok().as_deref(), Some(got), "players read in place differ from eval's: {e}");
        debug_assert_eq!(self.steps.taken(), after.taken(), "players read in place count other steps: {e}");
        self.steps = after;
    }
}

impl Interp<'_> {
    /// The players `for each` (statement `s`) goes over, when it reads them in place:
    /// `players` named alone (`named_seated`) or a compiled seat order; `None`, having
    /// done nothing, for anything else.
    pub(super) fn for_each_seats(&mut self, s: &Stmt, over: &Expr, seats: &mut Seats, cx: &Ctx) -> Option<R<usize>> {
        if let Some(n) = self.named_seated(over, seats, cx) {
            return Some(n);
        }
        let rules: &Rules = self.rules;
        let form = rules.stmts.code(s)?.seats?;
        self.seats_in_order(&form, over, seats, cx).map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game variable is read as an id where a seat order starts from it: had its name
    /// compiled to anything the id reader does not take (as once happened when variables
    /// got ids), the order would quietly fall back to `eval`, with the same seats.
    #[test]
    fn a_turn_order_from_a_game_variable_is_read_in_place() {
        let mut sources = crate::diag::SourceMap::default();
        let dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/run"));
        let (mut lib, diags) = crate::load::load_paths(&[dir], &mut sources);
        assert!(diags.is_empty(), "{diags:#?}");
        let rules = Rules::compile(&lib.games.remove(0)).expect("compiles");
        // `order: clockwise from speaker`, a `player` variable.
        let order = rules.stmts.order.expect("the turn order is read in place");
        assert!(order.clockwise);
        assert!(matches!(order.from, Ti::Var(_)), "{:?}", order.from);
    }
}
