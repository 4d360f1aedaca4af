//! Locals as slots (`interp/slots.rs`): a name that reads one of its script's own
//! `let`s or `for each` variables is compiled to the binding's place on the stack, and it
//! reads what the name reads: the innermost binding of that name where it is written,
//! through shadowing, nested blocks, loops, a `let` bound to an effect, a parameter of the
//! same name, a procedure called in between, and the parameters of procedures and
//! keywords (bound first, in order, beneath what their bodies bind). Debug builds also assert the name at
//! every slot read.

use twilit::diag::SourceMap;
use twilit::engine::{Holder, Player};
use twilit::interp::{Interp, RandomAgent, Rules};
use twilit::syntax::ast::{ExprKind, Res, StmtKind};

const GAME: &str = r#"
game: slots
name: Slots
players: { min: 2, max: 2 }
zones:
  deck: { per: game, ordered: true }
  pile: { per: game }
decks:
  - { zone: deck, cards: all }
counters:
  r1: { on: game }
  r2: { on: game }
  r3: { on: game }
  r4: { on: game }
  r5: { on: game }
  r6: { on: game }
  r7: { on: game }
  r8: { on: game }
  r9: { on: game }
  r10: { on: game }
  r11: { on: game }
keywords:
  # A keyword's parameter is a slot too, beneath what its body binds.
  "Bump[x: int]": |
    let y = x + 1
    add (y + x) r10
procedures:
  # A value procedure's parameters: slots, the innermost last.
  weigh:
    params: [x, y]
    value: x * 10 + y
  # `x` is a parameter here; the body's `let y` is its own.
  twice:
    params: [x]
    script: |
      let y = x + x
      add (y) r7
  # A binding of the caller's that this body does not see: its `y` is its own.
  shadow:
    params: [y]
    script: |
      let x = y * 3
      add (x) r8
turn:
  order: first(players)
  phases:
    - { name: main, actions: none }
setup: |
  let x = 1
  let y = 10
  add (x) r1
  for each p in players {
    let x = 100
    add (x) r2
    add (y) r3
    if x == 100 {
      let y = 5
      add (y) r4
      twice(y)
    }
    add (y) r5
  }
  add (x) r6
  shadow(x + y)
  let moved = move top card of deck to pile
  let y = count(moved) + 40
  for each c in cards in pile {
    add (y) r9
  }
  Bump[y]
  add (weigh(y, x)) r11
end: true
"#;

const CARDS: &str = r#"
cards:
  - { id: c1, name: Card one }
  - { id: c2, name: Card two }
"#;

fn rules() -> Rules {
    let mut sources = SourceMap::default();
    let files = [("game.yaml", GAME), ("cards.yaml", CARDS)];
    let (bundle, diags) = twilit::load::load_bundle(std::path::Path::new("slots"), &files, &mut sources);
    assert!(diags.is_empty(), "{diags:#?}");
    Rules::compile(&bundle).unwrap_or_else(|d| panic!("does not compile: {d:#?}"))
}

#[test]
fn slots_read_the_innermost_binding_of_their_name() {
    let r = rules();
    let names = (1..=2).map(|i| Player { name: format!("p{i}"), role: None, faction: None }).collect();
    let mut it = Interp::new(&r, Interp::lay_out(&r, 7, names), Box::new(RandomAgent));
    it.prepare_whole_game().expect("the setup runs");
    let expected = [
        ("r1", 1),    // the first `x`
        ("r2", 200),  // the loop's own `x`, twice
        ("r3", 20),   // the outer `y` inside the loop
        ("r4", 10),   // the `if`'s own `y`
        ("r5", 20),   // the outer `y` again once the `if` is over
        ("r6", 1),    // the outer `x` once the loop is over
        ("r7", 20),   // `twice(5)`, twice: its parameter and its `let`, both slots
        ("r8", 33),   // `shadow(1 + 10)`
        ("r9", 41),   // a `let` bound after a `let` bound to an effect
        ("r10", 83),  // `Bump[41]`: 42 + 41
        ("r11", 411), // `weigh(41, 1)`
    ];
    for (name, want) in expected {
        assert_eq!(it.w.state.counter(name, Holder::Game), want, "{name}");
    }
}

#[test]
fn the_scripts_own_bindings_are_compiled_to_slots() {
    let r = rules();
    let setup = r.setup.as_ref().expect("a setup script");
    // `add (x) r1`: `x` is the second binding from the top (`y` was bound after it).
    let StmtKind::Effect(e) = &setup.block.stmts[2].kind else { panic!("an effect") };
    let mut found = vec![];
    for o in &e.objects {
        twilit::syntax::visit::expr_mut(&mut o.clone(), &mut |x| {
            if let ExprKind::Name(n, res) = &x.kind {
                found.push((n.clone(), *res));
            }
        });
    }
    assert!(found.contains(&("x".to_string(), Res::Local(1))), "{found:?}");
    // A procedure's parameters are slots beneath its own bindings: in `twice`, `x` is
    // read from under `let y`.
    let twice = r.proc_list.iter().flatten().find(|p| &*p.name == "twice").expect("twice");
    let twilit::interp::rules::Body::Script(body) = &twice.body else { panic!("a script") };
    let StmtKind::Let { value, .. } = &body.block.stmts[0].kind else { panic!("a let") };
    let mut read = vec![];
    twilit::syntax::visit::expr_mut(&mut value.clone(), &mut |x| {
        if let ExprKind::Name(n, res) = &x.kind {
            read.push((n.clone(), *res));
        }
    });
    assert_eq!(read, [("x".to_string(), Res::Local(0)), ("x".to_string(), Res::Local(0))]);
}
