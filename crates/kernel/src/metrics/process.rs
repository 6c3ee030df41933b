//! The process's own series, as Prometheus' client libraries name them
//! (`process_cpu_seconds_total`, `process_resident_memory_bytes`, …), read from Linux's
//! `/proc/self` when scraped. Elsewhere (no `/proc`) they are left out.

/// What `/proc/self` says of this process now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Usage {
    /// User and system CPU time, in seconds.
    pub cpu_seconds: f64,
    pub resident_bytes: i64,
    pub virtual_bytes: i64,
    pub open_fds: i64,
    pub max_fds: i64,
    /// When the process started, in seconds since the Unix epoch.
    pub start_time_seconds: f64,
}

/// Clock ticks per second in `/proc` (`USER_HZ`): 100 on every Linux architecture Cohort
/// builds for (it is fixed in the kernel's ABI, whatever the kernel's own tick rate).
const TICKS_PER_SECOND: f64 = 100.0;
const PAGE_BYTES: i64 = 4096;

/// The usage now, or `None` where `/proc/self` cannot be read.
pub fn usage() -> Option<Usage> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime, stime, starttime, vsize and rss are fields 14, 15, 22, 23 and 24 of the line;
    // `fields` starts at field 3.
    let field = |n: usize| fields.get(n - 3)?.parse::<f64>().ok();
    let boot_time: f64 = std::fs::read_to_string("/proc/stat")
        .ok()?
        .lines()
        .find_map(|line| line.strip_prefix("btime ")?.trim().parse().ok())?;
    let max_fds = std::fs::read_to_string("/proc/self/limits")
        .ok()?
        .lines()
        .find(|line| line.starts_with("Max open files"))?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    Some(Usage {
        cpu_seconds: (field(14)? + field(15)?) / TICKS_PER_SECOND,
        resident_bytes: field(24)? as i64 * PAGE_BYTES,
        virtual_bytes: field(23)? as i64,
        open_fds: std::fs::read_dir("/proc/self/fd").ok()?.count() as i64,
        max_fds,
        start_time_seconds: boot_time + field(22)? / TICKS_PER_SECOND,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_read_from_proc() {
        let before = usage().expect("/proc/self on Linux");
        let after = usage().unwrap();
        assert!(after.cpu_seconds >= before.cpu_seconds);
        assert!(
            after.open_fds > 2,
            "standard input, output and error: {after:?}"
        );
        assert!(after.resident_bytes > 1_000_000, "{after:?}");
        assert!(after.virtual_bytes >= after.resident_bytes, "{after:?}");
        assert!(after.max_fds >= after.open_fds, "{after:?}");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        assert!(
            (now - 3600.0..=now + 1.0).contains(&after.start_time_seconds),
            "started {} s ago?",
            now - after.start_time_seconds
        );
    }
}
