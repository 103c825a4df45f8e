//! Links the server with the code it runs laid out together: `code-order.txt` lists the functions
//! a profiled run of the server executed (`scripts/code-order.sh`), and the linker places them
//! first, in that order, instead of scattered among the rest of SurrealDB's and Whisk's code.
//! The kernel maps code in 64 KB blocks around each page first run, so scattered code kept most
//! of the binary's text resident (README "Memory"). A function not in the list (new code, or a
//! dependency at another version) is placed as before; lld skips names it does not know.
//!
//! The linker reads a copy in `OUT_DIR`, not the clone's file: the build cache lives outside the
//! clone and outlives it, and cargo does not rerun this script when the same sources move to
//! another folder, so a path into the clone could point at a folder that no longer exists.

use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=code-order.txt");
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let order = Path::new(&manifest_dir).join("code-order.txt");
    // The flag is lld's (Rust's default linker on x86_64 Linux since 1.90).
    let linux_x86_64 = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64");
    if !linux_x86_64 {
        return;
    }
    let linked_order =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("code-order.txt");
    let has_order = order.exists();
    if has_order {
        std::fs::copy(&order, &linked_order).expect("copy code-order.txt into OUT_DIR");
    }
    for target in ["rustc-link-arg-bin=whisk", "rustc-link-arg-benches"] {
        // Relative relocations packed (DT_RELR, glibc 2.36+): the loader reads some 50 KB at
        // start instead of a 3.5 MB table.
        println!("cargo::{target}=-Wl,-z,pack-relative-relocs");
        if has_order {
            println!(
                "cargo::{target}=-Wl,--symbol-ordering-file={}",
                linked_order.display()
            );
            println!("cargo::{target}=-Wl,--no-warn-symbol-ordering");
        }
    }
}
