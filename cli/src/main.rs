//! The `lore` binary: all of it is in the library, so tests can run it in-process.

use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut console = lore_cli::Console {
        out: &mut std::io::stdout(),
        err: &mut std::io::stderr(),
        color,
    };
    ExitCode::from(lore_cli::run(std::env::args_os(), &mut console))
}
