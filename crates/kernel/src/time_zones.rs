//! Members' local time: their time zone (an IANA name such as `America/Halifax`) and the
//! morning a digest is sent at.

use chrono::{DateTime, Datelike, Days, NaiveTime, TimeZone, Utc, Weekday};
pub use chrono_tz::Tz;

/// The local hour digests go out at.
pub const MORNING_HOUR: u32 = 8;

pub const UNKNOWN: &str = "Choose a time zone from the list.";

/// The time zone named `name` (exactly as the IANA database spells it).
pub fn parse(name: &str) -> Option<Tz> {
    name.parse().ok()
}

/// The first local morning ([`MORNING_HOUR`]) strictly after `after` in `zone`: any day,
/// or only a Monday when `weekly`. A morning the clocks skip (a DST change at that hour)
/// is taken at the first instant that exists after it.
pub fn next_morning(after: DateTime<Utc>, zone: Tz, weekly: bool) -> DateTime<Utc> {
    let local = after.with_timezone(&zone).date_naive();
    let morning = NaiveTime::from_hms_opt(MORNING_HOUR, 0, 0).unwrap_or_default();
    (0..=8)
        .filter_map(|days| local.checked_add_days(Days::new(days)))
        .filter(|day| !weekly || day.weekday() == Weekday::Mon)
        .filter_map(|day| {
            let at = day.and_time(morning);
            zone.from_local_datetime(&at).earliest().or_else(|| {
                zone.from_local_datetime(&(at + chrono::Duration::hours(1)))
                    .earliest()
            })
        })
        .map(|at| at.with_timezone(&Utc))
        .find(|at| *at > after)
        .unwrap_or(after + chrono::Duration::days(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap_or_default()
            .with_timezone(&Utc)
    }

    #[test]
    fn the_next_morning_is_local() {
        let halifax = parse("America/Halifax").unwrap_or_default();
        // Midnight in Halifax (UTC-3 in summer): 08:00 that day, 11:00 UTC.
        assert_eq!(
            next_morning(utc("2026-07-02T03:00:00Z"), halifax, false),
            utc("2026-07-02T11:00:00Z")
        );
        // 07:00 local: the same day's morning.
        assert_eq!(
            next_morning(utc("2026-07-02T10:00:00Z"), halifax, false),
            utc("2026-07-02T11:00:00Z")
        );
        // 08:00 exactly: the next day's (strictly after).
        assert_eq!(
            next_morning(utc("2026-07-02T11:00:00Z"), halifax, false),
            utc("2026-07-03T11:00:00Z")
        );
        // Tokyo (UTC+9): 09:00 local has passed the morning; the next is 23:00 UTC.
        let tokyo = parse("Asia/Tokyo").unwrap_or_default();
        assert_eq!(
            next_morning(utc("2026-01-10T00:00:00Z"), tokyo, false),
            utc("2026-01-10T23:00:00Z")
        );
    }

    #[test]
    fn mornings_follow_daylight_saving_time() {
        // Havana moves from UTC-5 to UTC-4 at midnight on 2026-03-08; 08:00 is then 12:00 UTC.
        let havana = parse("America/Havana").unwrap_or_default();
        assert_eq!(
            next_morning(utc("2026-03-08T03:00:00Z"), havana, false),
            utc("2026-03-08T12:00:00Z")
        );
    }

    #[test]
    fn a_weekly_digest_waits_for_monday() {
        // Wednesday 2026-11-25, Europe/Paris (UTC+1): Monday 2026-11-30 08:00 = 07:00 UTC.
        let paris = parse("Europe/Paris").unwrap_or_default();
        assert_eq!(
            next_morning(utc("2026-11-25T09:00:00Z"), paris, true),
            utc("2026-11-30T07:00:00Z")
        );
        // Monday after the morning: the next Monday.
        assert_eq!(
            next_morning(utc("2026-11-30T07:30:00Z"), paris, true),
            utc("2026-12-07T07:00:00Z")
        );
    }

    #[test]
    fn unknown_zones_are_refused() {
        assert!(parse("Mars/Olympus_Mons").is_none());
        assert_eq!(parse("UTC"), Some(Tz::UTC));
    }
}
