//! Target 1: one script text through every parser entry point (script, condition, event,
//! keyword signature). Bad input must end in a `SyntaxError` whose span is in the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use twilit::syntax::{parse_condition, parse_event, parse_keyword_sig, parse_script, SyntaxError};

fn in_text(r: Result<impl Sized, SyntaxError>, src: &str) {
    if let Err(e) = r {
        assert!(
            e.span.start <= e.span.end && e.span.end <= src.len(),
            "span {:?} of a {}-byte script: {e:?}",
            e.span,
            src.len()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    // Invalid UTF-8 never reaches the parser (the loader refuses it), so spend no time on it.
    let Ok(src) = std::str::from_utf8(data) else { return };
    twilit_fuzz::on_stack(twilit_fuzz::LIBRARY_STACK, || {
        in_text(parse_script(src), src);
        in_text(parse_condition(src), src);
        in_text(parse_event(src), src);
        in_text(parse_keyword_sig(src), src);
    });
});
