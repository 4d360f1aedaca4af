//! The built-in functions: count, exists, min, max, sum, first, sort, most, adjacent,
//! neighbors, random, sees.

use crate::engine::Value;
use crate::syntax::ast::Expr;

use super::{Ctx, Halt, Interp, R};

impl Interp<'_> {
    /// Calls a built-in function.
    pub(super) fn builtin_fn(&mut self, name: &str, args: &[Expr], cx: &mut Ctx) -> R<Value> {
        let arg = |i: usize| args.get(i).ok_or_else(|| Halt::error(format!("`{name}` needs more arguments")));
        match name {
            "count" | "exists" | "first" if self.in_zones_only(arg(0)?, cx).is_some() => {
                // `count(cards in X)`, `exists(...)`, `first(...)`: X's zones are read in
                // place instead of listing their things.
                let zones = self.zones_of_selector(arg(0)?, cx)?;
                let (zones, cards) = match zones {
                    super::select::Selected::Zones(z, cards) => (z, cards),
                    super::select::Selected::Things(things) => {
                        return Ok(match name {
                            "count" => Value::Int(things.len() as i64),
                            "exists" => Value::Bool(!things.is_empty()),
                            _ => things.into_iter().next().unwrap_or(Value::Null),
                        })
                    }
                };
                let s = &self.w.state;
                let kind = |e: &usize| matches!(s.ents[*e].kind, crate::engine::Kind::Card(_)) == cards;
                let mut items = zones.iter().flat_map(|&z| s.zones[z].items.iter()).filter(|e| kind(e));
                Ok(match name {
                    "count" => Value::Int(items.count() as i64),
                    "exists" => Value::Bool(items.next().is_some()),
                    _ => items.next().map_or(Value::Null, |&e| Value::Ent(e)),
                })
            }
            "count" | "exists" | "first" | "random" | "neighbors" => {
                let v = self.eval(arg(0)?, cx)?;
                let items = self.things(&v)?;
                Ok(match name {
                    "count" => Value::Int(items.len() as i64),
                    "exists" => Value::Bool(!items.is_empty()),
                    "first" => items.into_iter().next().unwrap_or(Value::Null),
                    "random" if items.is_empty() => Value::Null,
                    "random" => {
                        let i = self.w.state.rng.below(items.len() as u64) as usize;
                        items[i].clone()
                    }
                    _ => Value::List(self.neighbors(&items)),
                })
            }
            "min" | "max" => {
                let mut nums = vec![];
                for a in args {
                    let v = self.eval(a, cx)?;
                    match v {
                        Value::List(l) if l.len() != 1 => {
                            for x in l {
                                nums.push(self.int(&x, a, cx)?);
                            }
                        }
                        v => nums.push(self.int(&v, a, cx)?),
                    }
                }
                let r = if name == "min" { nums.iter().min() } else { nums.iter().max() };
                Ok(Value::Int(r.copied().unwrap_or(0)))
            }
            "sum" | "sort" | "most" => {
                let v = self.eval(arg(0)?, cx)?;
                let mut keyed = vec![];
                for x in self.things(&v)? {
                    keyed.push((self.keyed(&x, arg(1)?, cx)?, x));
                }
                Ok(by_key(name, keyed))
            }
            "adjacent" => {
                let (a, b) = (self.eval(arg(0)?, cx)?, self.eval(arg(1)?, cx)?);
                let a = super::select::first(a);
                Ok(Value::Bool(self.neighbors(&[a]).contains(&super::select::first(b))))
            }
            "sees" => {
                let who = self.eval(arg(0)?, cx)?;
                let who = self.players(&who)?;
                let what = self.eval(arg(1)?, cx)?;
                let mut all = true;
                for t in self.things(&what)? {
                    let e = self.ent(&t)?;
                    all &= who.iter().all(|&p| self.w.state.sees(p, e));
                }
                Ok(Value::Bool(all))
            }
            _ => Err(Halt::error(format!("unknown function `{name}`"))),
        }
    }

    /// A sort key: `expr` evaluated with `it` bound to `x`; a bare property name reads it.
    fn keyed(&mut self, x: &Value, key: &Expr, cx: &mut Ctx) -> R<i64> {
        let saved = cx.it.replace(x.clone());
        let v = self.eval(key, cx);
        cx.it = saved;
        let v = v?;
        self.int(&v, key, cx)
    }

    /// The spaces adjacent to any of `spaces`.
    fn neighbors(&self, spaces: &[Value]) -> Vec<Value> {
        let Some(board) = &self.rules.board else { return vec![] };
        let s = &self.w.state;
        let mut out = vec![];
        for v in spaces {
            let Value::Zone(z) = v else { continue };
            let name = &s.zones[*z].name;
            for (a, b) in &board.adjacency {
                let other = if &a.value == name {
                    &b.value
                } else if &b.value == name {
                    &a.value
                } else {
                    continue;
                };
                if let Some(o) = s.zone(other, None) {
                    if !out.contains(&Value::Zone(o)) {
                        out.push(Value::Zone(o));
                    }
                }
            }
        }
        out
    }
}

/// `sum`, `sort` (lowest first, stable) and `most` (the one strictly highest, else none)
/// over things paired with their keys.
fn by_key(name: &str, mut keyed: Vec<(i64, Value)>) -> Value {
    match name {
        "sum" => Value::Int(keyed.iter().fold(0i64, |t, (k, _)| t.saturating_add(*k))),
        "sort" => {
            keyed.sort_by_key(|(k, _)| *k);
            Value::List(keyed.into_iter().map(|(_, x)| x).collect())
        }
        _ => {
            let Some(top) = keyed.iter().map(|(k, _)| *k).max() else { return Value::Null };
            let mut best = keyed.into_iter().filter(|(k, _)| *k == top);
            match (best.next(), best.next()) {
                (Some((_, x)), None) => x,
                _ => Value::Null,
            }
        }
    }
}
