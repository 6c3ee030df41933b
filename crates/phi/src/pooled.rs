//! The guardrail's checks off the request workers (issue 44 §2, §3): a PDF is read and a
//! text scanned on bounded pools ([`kernel::pool`]), so a crafted file or a very long post
//! costs a blocking thread, never the workers that answer everyone else. Reading a file has
//! a deadline; a file that misses it is refused, not published unchecked.

use std::sync::LazyLock;
use std::time::Duration;

use super::Finding;
use super::files::{self, Inspected};
use kernel::pool::Pool;
use kernel::{AppError, AppResult};

/// Shown when more checks wait than the queue holds.
pub const BUSY: &str = "Many posts and files are being checked right now. Try again in a moment.";
/// Shown when reading a file took past [`FILE_DEADLINE`].
pub const TOO_SLOW: &str =
    "This file took too long to check for patient data. Send a smaller or simpler file.";
/// The longest a file's reading may take, its wait for a free worker included.
const FILE_DEADLINE: Duration = Duration::from_secs(10);

/// Files take up to seconds each: a short queue.
static FILES: LazyLock<Pool> = LazyLock::new(|| Pool::per_core(4, BUSY));
/// A text takes milliseconds (at most 200 KB, scanned in linear time): a long queue, so a
/// burst of ordinary posts is never turned away.
static TEXTS: LazyLock<Pool> = LazyLock::new(|| Pool::per_core(64, BUSY));

/// [`files::inspect`] on the file pool, within its deadline.
pub async fn inspect(bytes: Vec<u8>) -> AppResult<Inspected> {
    FILES
        .run_within(FILE_DEADLINE, move || files::inspect(&bytes))
        .await?
        .ok_or_else(|| AppError::bad_request("too_slow", TOO_SLOW))
}

/// [`super::scan`] of each of `texts` on the text pool.
pub async fn scan(texts: Vec<String>) -> AppResult<Vec<Vec<Finding>>> {
    TEXTS
        .run(move || texts.iter().map(|text| super::scan(text)).collect())
        .await
}

/// [`super::scan_html`] of each of `htmls` on the text pool.
pub async fn scan_html(htmls: Vec<String>) -> AppResult<Vec<(String, Vec<Finding>)>> {
    TEXTS
        .run(move || htmls.iter().map(|html| super::scan_html(html)).collect())
        .await
}
