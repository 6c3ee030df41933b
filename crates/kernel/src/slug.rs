//! Readable addresses made from titles: `/working-groups/{slug}`, `/blog/{slug}`.

const MAX_LEN: usize = 80;

/// Lowercase ASCII letters and digits joined by single hyphens, at most 80 characters;
/// `fallback` when the title has none. Other scripts are transliterated first (`Ärzte` →
/// `arzte`, `Москва` → `moskva`), so a title in any language gets a readable address.
pub fn slugify(title: &str, fallback: &str) -> String {
    let mut slug = String::new();
    for c in deunicode::deunicode(title)
        .chars()
        .flat_map(char::to_lowercase)
    {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(MAX_LEN).collect();
    let slug = slug.trim_end_matches('-').to_owned();
    if slug.is_empty() {
        fallback.to_owned()
    } else {
        slug
    }
}

/// `base`, numbered (`-2`, `-3`, …) until `taken` says a candidate is free.
pub async fn numbered<F, Fut>(base: String, mut taken: F) -> crate::AppResult<String>
where
    F: FnMut(String) -> Fut,
    Fut: std::future::Future<Output = crate::AppResult<bool>>,
{
    let mut candidate = base.clone();
    let mut n = 2;
    while taken(candidate.clone()).await? {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    Ok(candidate)
}

/// True for a slug staff may type: lowercase letters, digits and hyphens, in parts
/// joined by `/` (CMS pages live under paths such as `lgp/terms`).
pub fn is_valid_path(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 200
        && slug.split('/').all(|part| {
            !part.is_empty()
                && !part.starts_with('-')
                && !part.ends_with('-')
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_in_other_scripts_are_transliterated() {
        assert_eq!(
            slugify("Ärzte für Schlaganfall", "x"),
            "arzte-fur-schlaganfall"
        );
        assert_eq!(slugify("Łukasz i żółw", "x"), "lukasz-i-zolw");
        assert_eq!(
            slugify("Реабилитация после инсульта", "x"),
            "reabilitatsiia-posle-insul-ta"
        );
        assert_eq!(slugify("Αθήνα", "x"), "athena");
        assert_eq!(slugify("!!! ???", "group"), "group");
    }

    #[test]
    fn slugs_are_lowercase_words_joined_by_hyphens() {
        assert_eq!(
            slugify("Stroke Rehab: What Works?", "group"),
            "stroke-rehab-what-works"
        );
        assert_eq!(slugify("  Ça va — ALS/MND  ", "group"), "ca-va-als-mnd");
        assert_eq!(slugify("!!!", "post"), "post");
        assert_eq!(slugify(&"a".repeat(200), "group").len(), 80);
    }

    #[test]
    fn typed_slugs_are_lowercase_paths() {
        assert!(is_valid_path("about-us"));
        assert!(is_valid_path("lgp/prize-terms"));
        assert!(!is_valid_path("About Us"));
        assert!(!is_valid_path("/about"));
        assert!(!is_valid_path("a//b"));
        assert!(!is_valid_path("-x"));
        assert!(!is_valid_path(""));
    }
}
