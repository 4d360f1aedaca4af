//! `draft from ZONE into ZONE: OPTIONS`: rounds of picks and passes.

use crate::engine::{Dest, EventKind, Loc, PlayerId, Value, ZoneId};
use crate::syntax::ast::*;

use super::{Ctx, Halt, Interp, R};

/// A draft's options and each player's hand and picks.
struct Plan {
    pick: usize,
    dir: isize,
    limits: Vec<(String, usize)>,
    face: Option<bool>,
    players: Vec<PlayerId>,
    hands: Vec<ZoneId>,
    picks: Vec<ZoneId>,
}

impl Interp<'_> {
    /// Runs a draft: each round every player picks from the hand they hold (a player with
    /// no legal pick passes without picking), then the hands pass, until they are empty or
    /// a whole lap of passes brings no pick.
    pub(super) fn draft(&mut self, d: &Draft, cx: &mut Ctx) -> R<()> {
        let plan = self.plan(d, cx)?;
        let mut idle = 0;
        for _round in 0..10_000 {
            if self.hands_empty(&plan) || idle >= plan.players.len() {
                break;
            }
            self.tick()?;
            idle = if self.draft_round(&plan, cx)? { 0 } else { idle + 1 };
            if self.hands_empty(&plan) {
                break;
            }
            self.pass_hands(&plan);
        }
        Ok(())
    }

    fn plan(&mut self, d: &Draft, cx: &mut Ctx) -> R<Plan> {
        let players = self.seated();
        let mut plan = Plan { pick: 1, dir: 1, limits: vec![], face: None, players, hands: vec![], picks: vec![] };
        for o in &d.options {
            match o {
                DraftOpt::Pick(e) => {
                    let n = self.count(e, cx)?;
                    if n < 1 {
                        return Err(Halt::error(format!("a draft's `pick` is at least 1 a round, not {n}")));
                    }
                    plan.pick = n;
                }
                DraftOpt::Pass(dr, _) => {
                    plan.dir = if matches!(dr, Direction::Left | Direction::Clockwise) { 1 } else { -1 }
                }
                DraftOpt::Limit(v, n) => plan.limits.push((v.name.to_string(), self.count(n, cx)?)),
                DraftOpt::Face(f, _) => plan.face = Some(*f == Face::Up),
            }
        }
        for p in plan.players.clone() {
            plan.hands.push(self.zone_for(&d.from, p, cx)?);
            plan.picks.push(self.zone_for(&d.into, p, cx)?);
        }
        Ok(plan)
    }

    /// A zone expression as player `p` sees it (`hand` is `p`'s hand).
    fn zone_for(&mut self, e: &Expr, p: PlayerId, cx: &mut Ctx) -> R<ZoneId> {
        let saved = cx.you.replace(p);
        let v = self.eval(e, cx);
        cx.you = saved;
        match super::select::first(v?) {
            Value::Zone(z) => Ok(z),
            v => Err(Halt::error(format!("draft needs zones, found {}", self.show(&v)))),
        }
    }

    fn hands_empty(&self, plan: &Plan) -> bool {
        plan.hands.iter().all(|&h| self.w.state.zones[h].items.is_empty())
    }

    /// One round of picks; whether anyone picked.
    fn draft_round(&mut self, plan: &Plan, cx: &mut Ctx) -> R<bool> {
        let mut any = false;
        // `face up`: a round's picks are made at once, as at a table; each lies face down
        // until every player has picked, so that no later seat picks knowing them.
        let mut to_turn = vec![];
        for (i, &p) in plan.players.iter().enumerate() {
            let mut legal = crate::engine::List::new();
            let hand = self.w.state.zones[plan.hands[i]].items.to_vec();
            for e in hand {
                if self.draft_legal(e, plan.picks[i], &plan.limits)? {
                    legal.push(Value::Ent(e));
                }
            }
            let n = plan.pick.min(legal.len());
            if n == 0 {
                if !self.w.state.zones[plan.hands[i]].items.is_empty() {
                    self.note(Some(p), false, |_| "draft: no legal pick, passes".into());
                }
                continue;
            }
            any = true;
            let saved = cx.you.replace(p);
            let got = self.ask("draft: pick", legal, n, n, cx);
            cx.you = saved;
            for v in got?.into_items() {
                let Value::Ent(e) = v else { continue };
                let from = self.w.state.zone_of(e);
                let before = self.w.state.seen_by(e);
                self.w.state.put(e, plan.picks[i], true);
                if let Some(f) = plan.face {
                    self.w.state.set_face(e, false);
                    if f {
                        to_turn.push((p, e));
                    }
                }
                // As any move: who saw it leave or arrive knows what moved; the others
                // read "a card" (a pick lying face down names itself to its player only).
                let seen = before | self.w.state.seen_by(e);
                let to = Dest::Zone(plan.picks[i], true);
                self.emit_seen(Some(p), EventKind::Move { verb: "move", ent: e, from, to }, seen);
            }
        }
        for (p, e) in to_turn {
            self.w.state.set_face(e, true);
            self.emit(Some(p), EventKind::Flip { ent: e, to: "face up".into() });
        }
        Ok(any)
    }

    /// Each player receives the hand of the player on the other side of the passing.
    fn pass_hands(&mut self, plan: &Plan) {
        let way = if plan.dir == 1 { "left" } else { "right" };
        self.note(None, false, |_| format!("draft: the hands pass {way}"));
        let old: Vec<Vec<usize>> = plan.hands.iter().map(|&h| self.w.state.zones[h].items.to_vec()).collect();
        for (i, &p) in plan.players.iter().enumerate() {
            let giver = self.w.state.seat_from(p, -plan.dir);
            let gi = plan.players.iter().position(|&x| x == giver).unwrap_or(i);
            self.w.state.set_items(plan.hands[i], old[gi].clone());
            for &e in &old[gi] {
                self.w.state.set_loc(e, Loc::Zone(plan.hands[i]));
            }
        }
    }

    fn draft_legal(&mut self, e: usize, picked: usize, limits: &[(String, usize)]) -> R<bool> {
        for (value, max) in limits {
            if self.is_a(&Value::Ent(e), value)? {
                let mut have = 0;
                let kept = self.w.state.zones[picked].items.to_vec();
                for x in kept {
                    if self.is_a(&Value::Ent(x), value)? {
                        have += 1;
                    }
                }
                if have >= *max {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}
