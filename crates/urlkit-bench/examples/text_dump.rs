//! Every link `urlkit::text` finds in the given files, in each configuration of the text
//! bench (`scheme`, `scheme+email`, `all`, `all + bare domains`), from the whole string and
//! from a stream read 4 KiB at a time: one output line per link (span, line, column, kind,
//! URL), for comparing the finder's output byte for byte before and after a change.
//!
//! ```sh
//! cargo run --release -p urlkit-bench --example text_dump -- ../shared/datasets/*.txt > before.txt
//! ```
use std::io::Write;

use urlkit::text::{Finder, Kind, Options};

fn main() {
    let scheme = Options::none()
        .kind(Kind::Scheme, true)
        .kind(Kind::Angle, true)
        .kind(Kind::UrlWrapper, true)
        .kind(Kind::UrlPrefix, true)
        .kind(Kind::Quoted, true);
    let configs = [
        ("scheme", scheme.clone()),
        ("scheme+email", scheme.kind(Kind::Email, true)),
        ("all", Options::new()),
        ("all+bare", Options::new().bare_domains(true)),
        ("bare-only", Options::none().bare_domains(true)),
    ];
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("corpus");
        let text = String::from_utf8_lossy(&bytes);
        for (name, options) in &configs {
            let finder = Finder::new(options.clone());
            for l in finder.links(&text) {
                writeln!(
                    out,
                    "{path} {name} {}..{} {}:{} {} {:?} {:?}",
                    l.start(),
                    l.end(),
                    l.line(),
                    l.column(),
                    l.kind(),
                    l.url(),
                    l.alternatives()
                )
                .expect("stdout");
            }
            let reader = std::io::BufReader::with_capacity(4096, &bytes[..]);
            for l in finder.links_in(reader) {
                let l = l.expect("read");
                writeln!(
                    out,
                    "{path} {name} stream {}..{} {}:{} {} {:?}",
                    l.start(),
                    l.end(),
                    l.line(),
                    l.column(),
                    l.kind(),
                    l.url()
                )
                .expect("stdout");
            }
        }
    }
}
