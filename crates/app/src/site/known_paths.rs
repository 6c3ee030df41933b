//! The front end's pages, from the router's own list (`dist/paths.json`, written by the build
//! from `frontend/src/app/paths.json`): any other path still gets the app shell, which shows
//! "Page not found", but with status 404, so crawlers, link checkers and previews see that
//! nothing is there.

use std::path::Path;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct KnownPaths {
    /// react-router patterns: `:name` is one segment, a final `*` the rest (or nothing).
    patterns: Vec<String>,
}

impl KnownPaths {
    /// The build's list; none (a build from before it) takes every path for a page.
    pub fn load(static_dir: &Path) -> Option<Self> {
        let path = static_dir.join("paths.json");
        let text = std::fs::read_to_string(&path).ok()?;
        serde_json::from_str(&text)
            .map_err(|e| tracing::warn!(path = %path.display(), "ignoring unreadable paths: {e}"))
            .ok()
    }

    /// Whether `path` is one of the router's pages.
    pub fn contains(&self, path: &str) -> bool {
        self.patterns.iter().any(|pattern| matches(pattern, path))
    }

    /// Whether `path` is a page of its own, not one record's (`/working-groups/list`, not
    /// `/working-groups/:slug`): the router takes such a page first.
    pub fn is_screen(&self, path: &str) -> bool {
        self.patterns
            .iter()
            .any(|pattern| !pattern.contains([':', '*']) && matches(pattern, path))
    }
}

fn segments(path: &str) -> Vec<&str> {
    path.split('/').filter(|s| !s.is_empty()).collect()
}

fn matches(pattern: &str, path: &str) -> bool {
    let wanted = segments(pattern);
    let given = segments(path);
    for (i, want) in wanted.iter().enumerate() {
        if *want == "*" {
            return true;
        }
        let Some(got) = given.get(i) else {
            return false;
        };
        if !want.starts_with(':') && want != got {
            return false;
        }
    }
    wanted.len() == given.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> KnownPaths {
        KnownPaths {
            patterns: [
                "/",
                "/blog",
                "/blog/:id",
                "/working-groups/list",
                "/working-groups/:slug",
                "/group-updates/:groupId/:slug/edit/:id",
                "/staff/*",
            ]
            .map(String::from)
            .to_vec(),
        }
    }

    #[test]
    fn the_routers_pages_are_known() {
        let known = known();
        for path in [
            "/",
            "/blog",
            "/blog/",
            "/blog/12",
            "/working-groups/list",
            "/working-groups/stroke-rehab",
            "/group-updates/3/stroke/edit/9",
            "/staff",
            "/staff/users/4",
        ] {
            assert!(known.contains(path), "{path}");
        }
    }

    #[test]
    fn a_screen_is_told_from_a_records_page() {
        let known = known();
        assert!(known.is_screen("/working-groups/list"));
        assert!(!known.is_screen("/working-groups/stroke-rehab"));
        assert!(!known.is_screen("/staff/users"));
    }

    #[test]
    fn other_paths_are_not() {
        let known = known();
        for path in [
            "/no/such/page",
            "/blogs",
            "/blog/12/more",
            "/working-groups",
            "/group-updates/3/stroke/edit",
            "/stafff",
        ] {
            assert!(!known.contains(path), "{path}");
        }
    }
}
