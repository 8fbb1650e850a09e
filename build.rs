//! Tells the tests whether the shared real-game data lies beside the repository
//! (`../shared/data/real-jieqi`): the test that reads it is ignored, with its reason, where it does not.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_real_jieqi)");
    println!("cargo::rerun-if-changed=build.rs");
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let shared = std::path::Path::new(&root).join("../shared/data");
    if shared.is_dir() {
        // Rebuilt when the data appears or changes; nothing is watched where there is none.
        println!("cargo::rerun-if-changed={}", shared.display());
        if shared.join("real-jieqi").is_dir() {
            println!("cargo::rustc-cfg=shared_real_jieqi");
        }
    }
}
