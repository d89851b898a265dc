//! Operator comforts (issue 17, item 4): the end-of-run summary and --quiet, no progress
//! bar when standard error is not a terminal, colour and NO_COLOR, completions, the man
//! page, --help with examples and exit codes, and external subcommands.

mod common;

use common::urlkit;
use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_urlkit")
}

#[test]
fn a_summary_ends_runs_over_streams_unless_quiet() {
    let run = urlkit(&["normalize"], b"http://a/\nnope\n\xff\nhttp://b/\n");
    assert_eq!(run.code, 1);
    let last = run.stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with(
            "urlkit: 4 inputs, 2 failed (1 invalid-utf8, 1 missing-scheme-non-relative-URL) in "
        ),
        "{last}"
    );
    assert!(last.ends_with(" s"), "{last}");
    let quiet = urlkit(&["normalize", "--quiet"], b"http://a/\nnope\n");
    assert!(!quiet.stderr.contains("inputs,"), "{}", quiet.stderr);
    assert!(
        quiet.stderr.contains("cannot parse \"nope\""),
        "failures are still reported"
    );
    // Arguments only: no summary.
    let run = urlkit(&["normalize", "http://a/", "nope"], b"");
    assert!(!run.stderr.contains("inputs,"), "{}", run.stderr);
    // Never a progress bar when standard error is not a terminal.
    let data = "http://a/\n".repeat(50_000);
    let run = urlkit(&["normalize"], data.as_bytes());
    assert!(
        !run.stderr.contains('\r') && !run.stderr.contains('\u{1b}'),
        "{:?}",
        &run.stderr
    );
}

#[test]
fn colour_on_request_and_never_with_no_color() {
    let run = |env: &[(&str, &str)]| {
        let mut command = Command::new(bin());
        command
            .args(["normalize", "nope"])
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            command.env(k, v);
        }
        String::from_utf8(command.output().unwrap().stderr).unwrap()
    };
    assert!(!run(&[]).contains('\u{1b}'), "not a terminal: no colour");
    assert!(run(&[("CLICOLOR_FORCE", "1")]).contains("\u{1b}[1;31murlkit:\u{1b}[0m"));
    assert!(!run(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).contains('\u{1b}'));
}

#[test]
fn completions_and_man_page_from_the_same_definitions() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = urlkit(&["completions", shell], b"");
        assert_eq!(run.code, 0, "{shell}");
        assert!(
            run.stdout.contains("normalize") && run.stdout.contains("path-to-url"),
            "{shell}"
        );
    }
    assert_eq!(urlkit(&["completions", "nosh"], b"").code, 2);
    let man = urlkit(&["man"], b"");
    assert_eq!(man.code, 0);
    assert!(man.stdout.contains(".TH urlkit 1"), "{}", &man.stdout[..200]);
    assert!(man.stdout.contains("Exit status"));
}

#[test]
fn every_help_has_examples_and_exit_codes() {
    let top = urlkit(&["--help"], b"");
    for part in [
        "Examples:",
        "Exit status:",
        "0  every input succeeded",
        "2  usage or I/O error",
        "urlkit-NAME",
    ] {
        assert!(top.stdout.contains(part), "{part}");
    }
    for sub in [
        "parse",
        "resolve",
        "normalize",
        "relative",
        "validate",
        "set",
        "query",
        "inspect",
        "encode",
        "decode",
        "path-to-url",
        "url-to-path",
        "completions",
    ] {
        let run = urlkit(&[sub, "--help"], b"");
        assert_eq!(run.code, 0, "{sub}");
        assert!(run.stdout.contains("Example"), "{sub} --help has examples");
        if sub != "completions" {
            assert!(
                run.stdout.contains("Exit status: 0"),
                "{sub} --help has exit codes"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn unknown_subcommands_run_urlkit_name_from_path() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("urlkit-ext-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("urlkit-hello");
    std::fs::write(&script, "#!/bin/sh\necho \"hello $*\"\nexit 3\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new(bin())
        .args(["hello", "SELECT 1", "x"])
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello SELECT 1 x\n");
    assert_eq!(out.status.code(), Some(3), "its exit code is passed on");
    let out = Command::new(bin())
        .arg("no-such-thing")
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("urlkit-no-such-thing"));
}

/// On a terminal (a pseudo-terminal from `script`), a run that takes over two seconds shows
/// a progress line on standard error, and removes it at the end.
#[cfg(target_os = "linux")]
#[test]
fn a_progress_line_on_a_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("progress test skipped: no script(1)");
        return;
    }
    let inner = format!(
        "(printf 'http://a/\\n'; sleep 3; printf 'http://b/\\n') | '{}' normalize > /dev/null",
        bin()
    );
    let out = Command::new("script")
        .args(["-qec", &inner, "/dev/null"])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(tty.contains("\r\u{1b}[K2 inputs, 0 failed, "), "{tty:?}");
    assert!(tty.contains("urlkit: 2 inputs, 0 failed in "), "{tty:?}");
}
