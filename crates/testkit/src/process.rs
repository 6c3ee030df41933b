//! The outside programs tests start (localstripe, moto, aiosmtpd): where each is installed,
//! and a handle that stops it when the test is done with it.

use std::path::PathBuf;
use std::process::Child;

/// A program a test started; killed (and reaped) when dropped.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Where a test tool is: the path `variable` names, or `relative` under the cache the just
/// recipe `recipe` installs it in (`~/.cache/cohort`). Panics, naming the recipe, when it is
/// not there.
pub fn installed(variable: &str, relative: &str, recipe: &str) -> PathBuf {
    let path = std::env::var(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
            PathBuf::from(home).join(".cache/cohort").join(relative)
        });
    assert!(
        path.exists(),
        "{} is not installed: run `just {recipe}` (the test recipes do), or set {variable}",
        path.display()
    );
    path
}
