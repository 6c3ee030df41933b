//! Check digits and shapes that tell an identity number from any other run of digits.

use serde::Deserialize;

/// The test a pattern's match must pass, named in the rule files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    /// A US social security number: no area 000, 666 or 9xx, no group 00, no serial 0000.
    Ssn,
    /// An NHS number: ten digits, the last a modulus-11 check digit.
    Nhs,
    /// A health card number with a Luhn check digit (Ontario's, for one).
    Luhn,
    /// A French social security number (NIR): 13 digits and a key of 97 − (number mod 97).
    Nir,
    /// At least four digits (a labelled number, not a word after the label).
    Digits,
}

impl Check {
    pub fn passes(self, text: &str) -> bool {
        let digits: Vec<u32> = text.chars().filter_map(|c| c.to_digit(10)).collect();
        match self {
            Self::Ssn => ssn(&digits),
            Self::Nhs => nhs(&digits),
            Self::Luhn => luhn(&digits),
            Self::Nir => nir(&digits),
            Self::Digits => digits.len() >= 4,
        }
    }
}

fn number(digits: &[u32]) -> u64 {
    digits.iter().fold(0, |n, &d| n * 10 + u64::from(d))
}

fn ssn(digits: &[u32]) -> bool {
    if digits.len() != 9 {
        return false;
    }
    let area = number(&digits[..3]);
    area != 0
        && area != 666
        && area < 900
        && number(&digits[3..5]) != 0
        && number(&digits[5..]) != 0
}

fn nhs(digits: &[u32]) -> bool {
    if digits.len() != 10 || digits.iter().all(|&d| d == digits[0]) {
        return false;
    }
    let sum: u32 = digits[..9]
        .iter()
        .zip((2..=10).rev())
        .map(|(d, weight)| d * weight)
        .sum();
    match 11 - sum % 11 {
        11 => digits[9] == 0,
        10 => false,
        check => digits[9] == check,
    }
}

fn luhn(digits: &[u32]) -> bool {
    if digits.len() < 10 {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| match (i % 2 == 1, d * 2) {
            (true, doubled) if doubled > 9 => doubled - 9,
            (true, doubled) => doubled,
            (false, _) => d,
        })
        .sum();
    sum.is_multiple_of(10)
}

fn nir(digits: &[u32]) -> bool {
    if digits.len() != 15 {
        return false;
    }
    97 - number(&digits[..13]) % 97 == number(&digits[13..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_digits_tell_numbers_apart() {
        assert!(Check::Nhs.passes("943 476 5919"));
        assert!(!Check::Nhs.passes("943 476 5918"));
        assert!(!Check::Nhs.passes("111 111 1111"));
        assert!(Check::Luhn.passes("4532 015 114"));
        assert!(!Check::Luhn.passes("4532 015 113"));
        assert!(Check::Ssn.passes("123-45-6789"));
        assert!(!Check::Ssn.passes("666-45-6789"));
        assert!(!Check::Ssn.passes("123-00-6789"));
        assert!(Check::Nir.passes("1 85 05 78 006 084 91"));
        assert!(!Check::Nir.passes("1 85 05 78 006 084 36"));
        assert!(Check::Digits.passes("AB1234"));
        assert!(!Check::Digits.passes("pending review"));
    }
}
