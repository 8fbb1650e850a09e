//! Tells the tests which shared data lies beside the repository (`../shared/data`, never copied into
//! it): each test that reads a part of it is ignored, with its reason, where that part is absent.

/// The cfg set when each folder of `../shared/data` is there.
const SHARED: [(&str, &str); 4] = [
    ("shared_real_jieqi", "real-jieqi"),
    ("shared_real_games", "real-games"),
    ("shared_trf_bbp", "trf/bbpPairings-tests"),
    ("shared_trf_found", "trf/found"),
];

fn main() {
    for (cfg, _) in SHARED {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    println!("cargo::rerun-if-changed=build.rs");
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let shared = std::path::Path::new(&root).join("../shared/data");
    if shared.is_dir() {
        // Rebuilt when the data appears or changes; nothing is watched where there is none.
        println!("cargo::rerun-if-changed={}", shared.display());
        for (cfg, dir) in SHARED {
            if shared.join(dir).is_dir() {
                println!("cargo::rustc-cfg={cfg}");
            }
        }
    }
}
