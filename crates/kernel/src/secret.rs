//! The server's signing key: `COHORT_SECRET_KEY`, or one generated on first start and
//! kept in the data dir (readable by the owner only), so restarts keep it.

use std::path::Path;

use anyhow::Context;
use rand::RngCore;

/// The generated key's file name in the data dir.
pub const FILE: &str = "secret.key";

/// Where the generated key lives for `data_dir`.
pub fn key_file(data_dir: &Path) -> std::path::PathBuf {
    data_dir.join(FILE)
}

pub fn load_or_create(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(key) = configured {
        return Ok(key.as_bytes().to_vec());
    }
    let path = key_file(data_dir);
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let key = existing.trim();
        if key.len() >= 32 {
            return Ok(key.as_bytes().to_vec());
        }
    }
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let key: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::create_dir_all(data_dir)?;
    write_private(&path, &key).with_context(|| format!("writing {}", path.display()))?;
    Ok(key.into_bytes())
}

/// Writes `text` to `path`, readable and writable by the owner only.
#[cfg(unix)]
pub fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

/// Writes `text` to `path`.
#[cfg(not(unix))]
pub fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn generates_once_then_reuses() {
        let dir = tempfile::tempdir().unwrap();
        let first = super::load_or_create(None, dir.path()).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(super::load_or_create(None, dir.path()).unwrap(), first);
        assert_eq!(
            super::load_or_create(Some("k".repeat(40).as_str()), dir.path())
                .unwrap()
                .len(),
            40
        );
    }
}
