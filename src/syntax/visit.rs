//! Walks over every expression of a script, so later stages (the compiler's name
//! resolution) need not repeat the shape of the AST.

use super::ast::*;

/// Calls `f` on every expression of a block, outer expressions before the ones inside them.
pub fn block_exprs_mut(b: &mut Block, f: &mut impl FnMut(&mut Expr)) {
    for s in &mut b.stmts {
        stmt_exprs_mut(s, f);
    }
}

/// Calls `f` on every expression of an expression (itself first).
pub fn expr_mut(e: &mut Expr, f: &mut impl FnMut(&mut Expr)) {
    f(e);
    match &mut e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Name(..) => {}
        ExprKind::You | ExprKind::This => {}
        ExprKind::List(items) => items.iter_mut().for_each(|x| expr_mut(x, f)),
        ExprKind::Unary(_, x) | ExprKind::Choose(x, _) | ExprKind::Roll(x) => expr_mut(x, f),
        ExprKind::SeatOrder { from, .. } => expr_mut(from, f),
        ExprKind::Binary(_, a, b) | ExprKind::Of(a, b) => {
            expr_mut(a, f);
            expr_mut(b, f);
        }
        ExprKind::Select { quantity, base, filters } => {
            if let Some(q) = quantity {
                quantity_mut(q, f);
            }
            expr_mut(base, f);
            for flt in filters {
                filter_mut(flt, f);
            }
        }
        ExprKind::Call(c) => c.args.iter_mut().for_each(|x| expr_mut(x, f)),
        ExprKind::Table { key, rows } => {
            expr_mut(key, f);
            rows.iter_mut().for_each(|r| expr_mut(&mut r.value, f));
        }
        ExprKind::If { cond, then, otherwise } => {
            expr_mut(cond, f);
            expr_mut(then, f);
            expr_mut(otherwise, f);
        }
    }
}

fn quantity_mut(q: &mut Quantity, f: &mut impl FnMut(&mut Expr)) {
    match &mut q.kind {
        QuantityKind::Exactly(x) | QuantityKind::UpTo(x) => expr_mut(x, f),
        QuantityKind::Top(Some(x)) | QuantityKind::Bottom(Some(x)) => expr_mut(x, f),
        _ => {}
    }
}

/// The expression a filter holds, borrowed as the filter is (one `match` for both).
macro_rules! filter_arg {
    ($kind:expr) => {
        match $kind {
            FilterKind::YouControl => None,
            FilterKind::Where(x)
            | FilterKind::With(x)
            | FilterKind::ControlledBy(x)
            | FilterKind::OwnedBy(x)
            | FilterKind::In(x)
            | FilterKind::At(x)
            | FilterKind::From(x)
            | FilterKind::On(x) => Some(x),
        }
    };
}

/// The expression of a filter, if it has one (`you control` has none).
pub fn filter_arg(flt: &Filter) -> Option<&Expr> {
    filter_arg!(&flt.kind)
}

fn filter_mut(flt: &mut Filter, f: &mut impl FnMut(&mut Expr)) {
    if let Some(x) = filter_arg!(&mut flt.kind) {
        expr_mut(x, f);
    }
}

fn effect_mut(e: &mut Effect, f: &mut impl FnMut(&mut Expr)) {
    e.objects.iter_mut().for_each(|x| expr_mut(x, f));
    for c in &mut e.clauses {
        match &mut c.kind {
            ClauseKind::To(x)
            | ClauseKind::ToEnd(_, x)
            | ClauseKind::Into(x)
            | ClauseKind::From(x)
            | ClauseKind::Onto(x)
            | ClauseKind::For(x)
            | ClauseKind::By(x) => expr_mut(x, f),
            ClauseKind::Face(_) | ClauseKind::Simultaneously => {}
        }
    }
}

fn duration_mut(d: &mut Option<Duration>, f: &mut impl FnMut(&mut Expr)) {
    if let Some(Duration::While(x)) = d {
        expr_mut(x, f);
    }
}

/// Calls `f` on every expression of a statement, with the blocks inside it.
pub fn stmt_exprs_mut(s: &mut Stmt, f: &mut impl FnMut(&mut Expr)) {
    match &mut s.kind {
        StmtKind::Let { value, .. } => expr_mut(value, f),
        StmtKind::LetEffect { effect, .. } | StmtKind::Effect(effect) => effect_mut(effect, f),
        StmtKind::If { cond, then, otherwise } => {
            expr_mut(cond, f);
            block_exprs_mut(then, f);
            if let Some(o) = otherwise {
                block_exprs_mut(o, f);
            }
        }
        StmtKind::ForEach { over, body, .. } => {
            expr_mut(over, f);
            block_exprs_mut(body, f);
        }
        StmtKind::Repeat { count, body } => {
            expr_mut(count, f);
            block_exprs_mut(body, f);
        }
        StmtKind::AnyTimes { body, .. } => block_exprs_mut(body, f),
        StmtKind::May { who, body, .. } => {
            if let Some(w) = who {
                expr_mut(w, f);
            }
            block_exprs_mut(body, f);
        }
        StmtKind::ChooseOne { options, .. } => options.iter_mut().for_each(|o| block_exprs_mut(&mut o.body, f)),
        StmtKind::As { who, body, .. } => {
            expr_mut(who, f);
            block_exprs_mut(body, f);
        }
        StmtKind::Require { cond, .. } => expr_mut(cond, f),
        StmtKind::Fail { .. } | StmtKind::Pass | StmtKind::EndPhase | StmtKind::EndGame => {}
        StmtKind::Eliminate { who } => expr_mut(who, f),
        StmtKind::Modify { target, by, duration, .. } => {
            expr_mut(target, f);
            expr_mut(by, f);
            duration_mut(duration, f);
        }
        StmtKind::Set { target, value, duration, .. } => {
            if let Some(t) = target {
                expr_mut(t, f);
            }
            expr_mut(value, f);
            duration_mut(duration, f);
        }
        StmtKind::Forbid(fb) => {
            let fb = std::sync::Arc::make_mut(fb);
            expr_mut(&mut fb.who, f);
            for x in [&mut fb.object, &mut fb.at].into_iter().flatten() {
                expr_mut(x, f);
            }
            if let Some(Exception::If(x)) = &mut fb.except {
                expr_mut(x, f);
            }
        }
        StmtKind::Draft(d) => {
            expr_mut(&mut d.from, f);
            expr_mut(&mut d.into, f);
            for o in &mut d.options {
                match o {
                    DraftOpt::Pick(x) | DraftOpt::Limit(_, x) => expr_mut(x, f),
                    DraftOpt::Pass(..) | DraftOpt::Face(..) => {}
                }
            }
        }
        StmtKind::Call(c) => c.args.iter_mut().for_each(|x| expr_mut(x, f)),
    }
}

/// Calls `f` on every statement of a block and of the blocks inside it (outer first).
pub fn block_stmts<'a>(b: &'a Block, f: &mut impl FnMut(&'a Stmt)) {
    for s in &b.stmts {
        f(s);
        match &s.kind {
            StmtKind::If { then, otherwise, .. } => {
                block_stmts(then, f);
                if let Some(o) = otherwise {
                    block_stmts(o, f);
                }
            }
            StmtKind::ForEach { body, .. }
            | StmtKind::Repeat { body, .. }
            | StmtKind::AnyTimes { body, .. }
            | StmtKind::May { body, .. }
            | StmtKind::As { body, .. } => block_stmts(body, f),
            StmtKind::ChooseOne { options, .. } => options.iter().for_each(|o| block_stmts(&o.body, f)),
            _ => {}
        }
    }
}

/// `block_stmts`, able to change the statements.
pub fn block_stmts_mut(b: &mut Block, f: &mut impl FnMut(&mut Stmt)) {
    for s in &mut b.stmts {
        f(s);
        match &mut s.kind {
            StmtKind::If { then, otherwise, .. } => {
                block_stmts_mut(then, f);
                if let Some(o) = otherwise {
                    block_stmts_mut(o, f);
                }
            }
            StmtKind::ForEach { body, .. }
            | StmtKind::Repeat { body, .. }
            | StmtKind::AnyTimes { body, .. }
            | StmtKind::May { body, .. }
            | StmtKind::As { body, .. } => block_stmts_mut(body, f),
            StmtKind::ChooseOne { options, .. } => options.iter_mut().for_each(|o| block_stmts_mut(&mut o.body, f)),
            _ => {}
        }
    }
}

/// The names a block binds (`let`, `for each`), wherever they are.
pub fn bound_names(b: &Block, out: &mut Vec<String>) {
    block_stmts(b, &mut |s| match &s.kind {
        StmtKind::Let { name, .. } | StmtKind::LetEffect { name, .. } => out.push(name.name.to_string()),
        StmtKind::ForEach { var, .. } => out.push(var.name.to_string()),
        _ => {}
    });
}
