//! Names the schema the migrations make: a digest of every file under `migrations/src`, so
//! the tests' migrated template databases (`src/database.rs`) are made again whenever a
//! migration is added or changed, and reused between tests and runs otherwise.

use std::path::{Path, PathBuf};

fn files(dir: &Path, into: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            files(&path, into)?;
        } else {
            into.push(path);
        }
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    let mut all = Vec::new();
    files(&root.join("src"), &mut all)?;
    all.push(root.join("Cargo.toml"));
    all.sort();
    // FNV-1a over each file's name and content: stable across toolchains, unlike std's hasher.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for path in &all {
        let name = path.strip_prefix(&root).unwrap_or(path).to_string_lossy();
        for byte in name.bytes().chain(std::fs::read(path)?) {
            digest ^= u64::from(byte);
            digest = digest.wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!("cargo:rerun-if-changed={}", root.display());
    println!("cargo:rustc-env=COHORT_MIGRATIONS_DIGEST={digest:016x}");
    Ok(())
}
