fn main() {
    let s = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    for chunk in s.split("\n----\n") {
        match twilit::syntax::parse_script(chunk) {
            Ok(b) => println!("{b}"),
            Err(e) => println!("ERR {e:?}"),
        }
    }
}
