//! Every example runs as shown (issue 25): the `$ urlkit …` commands of README.md's console
//! blocks, with the output shown under them, and the `Examples:` of every `--help` and man
//! page, run by `sh` in a directory holding the files they name, `urlkit` on `PATH`.
//!
//! An example line of a `--help` page is a command, then optionally `# SHOWN`: the lines
//! of standard output, separated by `, `, or `exit N: why` for an example that exits N.
//! Without a comment an example exits 0.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_urlkit");

/// The inputs the `--help` examples name.
const URLS: &str = "https://example.com/?q=a+b\nhttps://www.example.org/a/b?id=7\n";

/// Two lines of an access log in the combined format: the request line holds a path, the
/// referrer and the user agent hold URLs.
const ACCESS_LOG: &str = "\
203.0.113.7 - - [27/Nov/2026:10:00:00 +0000] \"GET /index.html?id=1 HTTP/1.1\" 200 512 \"https://www.example.com/start\" \"Mozilla/5.0 (X11; Linux x86_64)\"
198.51.100.2 - - [27/Nov/2026:10:00:01 +0000] \"GET /robots.txt HTTP/1.1\" 200 64 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"
";

/// A fresh directory for one test's examples.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlkit-examples-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Runs `command` with `sh` in `dir`, `urlkit` first on `PATH`, `HOME` in `dir`.
fn sh(dir: &Path, command: &str, merge_stderr: bool) -> Output {
    let bin_dir = Path::new(BIN).parent().expect("binary directory");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![bin_dir.to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    let script = if merge_stderr {
        format!("exec 2>&1\n{command}")
    } else {
        command.to_owned()
    };
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(dirs).expect("PATH"))
        .env("HOME", dir)
        .env_remove("COLUMNS")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run sh")
}

/// `urlkit args…`' standard output.
fn urlkit(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().expect("run urlkit");
    assert!(
        out.status.success(),
        "urlkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The subcommands `urlkit --help` lists.
fn subcommands() -> Vec<String> {
    urlkit(&["--help"])
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .filter(|name| name != "help")
        .collect()
}

/// The lines of the `Examples:` (or `Example:`) section of a page.
fn examples(page: &str) -> Vec<String> {
    page.lines()
        .skip_while(|line| !matches!(*line, "Examples:" | "Example:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .map(|line| line.trim().to_owned())
        .filter(|line| line.starts_with("urlkit ") || line.contains("| urlkit "))
        .collect()
}

/// A man page's text as printed, for its examples: roff's escapes undone.
fn unroff(page: &str) -> String {
    page.replace("\\*(Aq", "'")
        .replace("\\-", "-")
        .replace("\\(ga", "`")
        .replace("\\\\", "\\")
}

/// The files the `--help` examples name.
fn help_fixtures(dir: &Path) {
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).expect("fixture");
    write("urls.txt", URLS.as_bytes());
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(URLS.as_bytes()).expect("gzip");
    write("urls.txt.gz", &gz.finish().expect("gzip"));
    let zst = ruzstd::encoding::compress_to_vec(URLS.as_bytes(), ruzstd::encoding::CompressionLevel::Fastest);
    write("urls.txt.zst", &zst);
    write("links.txt", b"a/b\n../c\n?q\n");
    write("targets.txt", b"http://a/b/c\nhttp://a/d\n");
    write("access.log", ACCESS_LOG.as_bytes());
    std::fs::create_dir_all(dir.join(".local/share/bash-completion/completions")).expect("fixture");
}

#[test]
fn every_help_and_man_page_example_runs_as_shown() {
    let dir = scratch("help");
    help_fixtures(&dir);
    let mut all = BTreeSet::new();
    let mut pages = vec![(String::from("urlkit"), urlkit(&["--help"]), urlkit(&["man"]))];
    for sub in subcommands() {
        let help = urlkit(&[&sub, "--help"]);
        let man = urlkit(&["man", &sub]);
        pages.push((format!("urlkit {sub}"), help, man));
    }
    for (page, help, man) in &pages {
        let shown = examples(help);
        // The man page is made from the same definitions: the same examples.
        assert_eq!(
            examples(&unroff(man)),
            shown,
            "{page}: man page and --help differ"
        );
        all.extend(shown);
    }
    assert!(all.len() >= 25, "only {} examples found", all.len());
    let mut wrong = Vec::new();
    for example in &all {
        let (command, comment) = match example.split_once("  # ") {
            Some((command, comment)) => (command.trim(), Some(comment.trim())),
            None => (example.as_str(), None),
        };
        let out = sh(&dir, command, false);
        let code = out.status.code().unwrap_or(-1);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let expected_code = comment
            .and_then(|c| c.strip_prefix("exit "))
            .and_then(|c| c.split(':').next())
            .map_or(0, |n| n.parse().expect("exit N: why"));
        if code != expected_code {
            wrong.push(format!("{command}: exit {code}, not {expected_code}\n{stderr}"));
            continue;
        }
        if let Some(shown) = comment.filter(|c| !c.starts_with("exit ")) {
            let lines: Vec<&str> = stdout.lines().collect();
            let shown: Vec<&str> = shown.split(", ").collect();
            if lines != shown {
                wrong.push(format!("{command}: printed {lines:?}, shown {shown:?}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} examples do not run as shown:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // The access-log example, on a real log's lines: the hosts of the URLs in it.
    let out = sh(
        &dir,
        "urlkit extract --plain access.log | urlkit normalize --get '{host}'",
        false,
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "www.example.com\nwww.google.com\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One `$ command` of README.md and the output shown under it.
struct Shown {
    command: String,
    output: Vec<String>,
}

/// The `$ ` commands of README.md's console blocks, each with the lines up to the next
/// command or the block's end (trailing blank lines dropped).
fn readme_examples(readme: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => shown.push(Shown {
                command: command.to_owned(),
                output: Vec::new(),
            }),
            None => {
                if let Some(last) = shown.last_mut() {
                    last.output.push(line.to_owned());
                }
            }
        }
    }
    for example in &mut shown {
        while example.output.last().is_some_and(|l| l.trim().is_empty()) {
            example.output.pop();
        }
    }
    shown
}

/// Lines with the end-of-run summary's time masked (`in T s`), trailing blank lines dropped.
fn masked(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .map(|line| match line.rfind(" in ") {
            Some(at)
                if line.starts_with("urlkit: ") && line.ends_with(" s") && line.contains(" inputs, ") =>
            {
                format!("{} in T s", &line[..at])
            }
            _ => line.to_owned(),
        })
        .collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

#[test]
fn every_readme_example_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let shown = readme_examples(&readme);
    assert!(shown.len() >= 5, "only {} README examples found", shown.len());
    let dir = scratch("readme");
    // The file the tour names, as it describes it.
    std::fs::write(
        dir.join("urls.txt"),
        "HTTP://Example.COM:80/a/./b/../c?utm_source=x&q=1\nhttps://xn--bcher-kva.example/%7e\nnot a url\n",
    )
    .expect("urls.txt");
    let mut wrong = Vec::new();
    for example in &shown {
        let out = sh(&dir, &example.command, true);
        let printed = masked(&String::from_utf8_lossy(&out.stdout));
        let expected = masked(&example.output.join("\n"));
        if printed != expected {
            wrong.push(format!(
                "$ {}\n--- shown\n{}\n--- printed\n{}",
                example.command,
                expected.join("\n"),
                printed.join("\n")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "README examples that do not run as shown:\n{}",
        wrong.join("\n\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
