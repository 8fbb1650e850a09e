//! The `anqi` command: parse the command line and hand it to the library.

fn main() {
    std::process::exit(anqi::cli::main());
}
