//! Amounts of money as members read them. Cohort counts in cents of CAD (integers, never
//! floats); this is the one place they become text.

/// Cents of CAD as `CA$25,000` (whole dollars) or `CA$12.50`.
pub fn cad(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100)
        .to_string()
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(",");
    match cents % 100 {
        0 => format!("{sign}CA${whole}"),
        rest => format!("{sign}CA${whole}.{rest:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::cad;

    #[test]
    fn cents_read_as_dollars_with_thousands_and_two_decimals_when_any() {
        assert_eq!(cad(2_500_000), "CA$25,000");
        assert_eq!(cad(450), "CA$4.50");
        assert_eq!(cad(100_000_001), "CA$1,000,000.01");
        assert_eq!(cad(0), "CA$0");
        assert_eq!(cad(-1_250), "-CA$12.50");
    }
}
