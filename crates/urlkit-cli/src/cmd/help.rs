//! `urlkit completions SHELL`, `urlkit man`, and external subcommands (`urlkit NAME …`
//! runs `urlkit-NAME …`, found beside the `urlkit` executable or on `PATH`, git-style).

use crate::driver::{self, Status};
use clap::{Args, Command};
use clap_complete::Shell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Print a shell completion script (bash, zsh, fish, elvish, powershell)
#[derive(Debug, Args)]
#[command(after_help = "Example:\n  urlkit completions bash > ~/.local/share/bash-completion/completions/urlkit")]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Print the man page (roff), made from the same definitions as --help
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  urlkit man > urlkit.1\n  urlkit man parse > urlkit-parse.1")]
pub struct ManArgs {
    /// The subcommand whose page to print, urlkit-SUBCOMMAND(1) [default: the page of urlkit]
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

impl super::Run for CompletionsArgs {
    fn run(self, ctx: &super::Context<'_>) -> Status {
        completions(self, (ctx.cli)())
    }
}

impl super::Run for ManArgs {
    fn run(self, ctx: &super::Context<'_>) -> Status {
        man((ctx.cli)(), self.subcommand.as_deref())
    }
}

/// Writes `bytes` to standard output, or says why it could not.
fn print(bytes: &[u8]) -> Status {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Status::Success,
        Err(e) => driver::usage(&format!(
            "error writing standard output: {}",
            driver::lower_first(&e.to_string())
        )),
    }
}

/// Runs `urlkit completions`.
pub fn completions(args: CompletionsArgs, mut command: Command) -> Status {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "urlkit", &mut script);
    print(&script)
}

/// Runs `urlkit man [SUBCOMMAND]`: the page of `urlkit`, or the page
/// `urlkit-SUBCOMMAND(1)` it refers to.
pub fn man(mut command: Command, subcommand: Option<&str>) -> Status {
    if let Some(name) = subcommand {
        command.build();
        let Some(sub) = command.find_subcommand(name) else {
            return driver::usage(&format!(
                "no man page for {name:?}: not a subcommand of urlkit (see urlkit --help)"
            ));
        };
        let name = sub.get_name().to_owned();
        command = sub
            .clone()
            .display_name(format!("urlkit-{name}"))
            .bin_name(format!("urlkit {name}"))
            // The top page's version (clap's `version` is the package's).
            .version(env!("CARGO_PKG_VERSION"));
    }
    let mut page = Vec::new();
    match clap_mangen::Man::new(command).render(&mut page) {
        Ok(()) => print(&page),
        Err(e) => driver::usage(&format!("cannot render the man page: {e}")),
    }
}

/// The program `urlkit-NAME`: beside the running executable, else on `PATH`.
fn find(name: &OsString) -> Option<PathBuf> {
    let mut file = OsString::from("urlkit-");
    file.push(name);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&file)));
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .map(|dir| dir.join(&file));
    beside.into_iter().chain(on_path).find(|p| is_executable(p))
}

/// Whether `path` is a file we may run.
fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// Runs the external subcommand `args[0]` with the other arguments, with its exit status.
pub fn external(args: &[OsString]) -> Status {
    let Some((name, rest)) = args.split_first() else {
        return driver::usage("no subcommand");
    };
    let Some(program) = find(name) else {
        let name = name.to_string_lossy();
        return driver::usage(&format!(
            "unknown subcommand {name:?}: no program urlkit-{name} beside urlkit or on PATH (see urlkit --help)"
        ));
    };
    match std::process::Command::new(&program).args(rest).status() {
        Ok(status) => match status.code() {
            Some(0) => Status::Success,
            Some(1) => Status::Failure,
            Some(code) => Status::Code(u8::try_from(code).unwrap_or(2)),
            None => Status::Error,
        },
        Err(e) => driver::usage(&format!(
            "cannot run {}: {}",
            program.display(),
            driver::lower_first(&e.to_string())
        )),
    }
}
