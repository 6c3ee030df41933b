//! A group's public content: what the wizard writes, what staff approve, and the rules it
//! must meet (spec 2 §5).

use kernel::error::FieldErrors;
use kernel::input::VideoUrl;
use kernel::rich_text;
use serde::{Deserialize, Serialize};

use super::lookups::{Entry, OTHER};
use crate::enums::YesNo;

pub const REQUIRED: &str = kernel::validation::REQUIRED;

/// Spec 2 §5: the default member obligations, a bullet list.
pub const DEFAULT_MEMBER_OBLIGATIONS: &str = "<ul><li>Contribute to scientific discussions</li><li>Post at least one comment per month</li><li>Have fun</li></ul>";

/// Everything staff review. Stored on the group, or as pending changes of an approved one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Content {
    pub title: String,
    pub summary: String,
    pub tags: Vec<i64>,
    pub embedded_link: Option<String>,
    pub additional_info: Option<String>,
    pub image: Option<String>,
    pub goals_of_working_group: Vec<i64>,
    pub other_goals_of_wg: Option<String>,
    pub industry_partner_likely: Option<YesNo>,
    pub role_of_industry_partner: Vec<i64>,
    pub other_role_of_industry_partner: Option<String>,
    pub member_obligations: String,
}

/// Step 1 of the wizard (General).
#[derive(Debug, Clone, Default)]
pub struct General {
    pub title: Option<String>,
    pub summary: Option<String>,
    pub tags: Option<Vec<i64>>,
    /// A video's address, parsed as the request was read.
    pub embedded_link: Option<Option<VideoUrl>>,
    pub additional_info: Option<Option<String>>,
}

/// Step 3 of the wizard (Specifics).
#[derive(Debug, Clone, Default)]
pub struct Specifics {
    pub goals_of_working_group: Vec<i64>,
    /// Trimmed and not blank, as the request was read.
    pub other_goals_of_wg: Option<String>,
    pub industry_partner_likely: Option<YesNo>,
    pub role_of_industry_partner: Vec<i64>,
    pub other_role_of_industry_partner: Option<String>,
    pub member_obligations: Option<String>,
}

fn clean_html(value: Option<String>) -> Option<String> {
    value
        .map(|v| rich_text::sanitize(&v))
        .filter(|v| !rich_text::is_blank(v))
}

fn require(errors: &mut FieldErrors, field: &str, ok: bool) {
    if !ok {
        errors.insert(field.to_owned(), vec![REQUIRED.to_owned()]);
    }
}

fn known(all: &[Entry], ids: &[i64]) -> bool {
    ids.iter().all(|id| all.iter().any(|e| e.id == *id))
}

fn has_other(all: &[Entry], ids: &[i64]) -> bool {
    all.iter().any(|e| e.slug == OTHER && ids.contains(&e.id))
}

impl Content {
    /// A new group's content after step 1; the specifics come later.
    pub fn new(title: String, summary: String, tags: Vec<i64>) -> Self {
        Self {
            title,
            summary,
            tags,
            embedded_link: None,
            additional_info: None,
            image: None,
            goals_of_working_group: Vec::new(),
            other_goals_of_wg: None,
            industry_partner_likely: None,
            role_of_industry_partner: Vec::new(),
            other_role_of_industry_partner: None,
            member_obligations: DEFAULT_MEMBER_OBLIGATIONS.to_owned(),
        }
    }

    /// Applies step 1's fields that were sent: text trimmed, rich text sanitised, every
    /// rule checked; nothing changes when a rule fails.
    pub fn apply_general(&mut self, input: General, tags: &[Entry]) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut next = self.clone();
        if let Some(title) = input.title {
            let title = title.trim().to_owned();
            require(&mut errors, "title", !title.is_empty());
            next.title = title;
        }
        if let Some(summary) = input.summary {
            let summary = clean_html(Some(summary));
            require(&mut errors, "summary", summary.is_some());
            next.summary = summary.unwrap_or_default();
        }
        if let Some(ids) = input.tags {
            require(&mut errors, "tags", !ids.is_empty());
            if !known(tags, &ids) {
                errors.insert("tags".into(), vec!["Unknown tag.".into()]);
            }
            next.tags = ids;
        }
        if let Some(link) = input.embedded_link {
            next.embedded_link = link.map(VideoUrl::into_string);
        }
        if let Some(info) = input.additional_info {
            next.additional_info = clean_html(info);
        }
        if errors.is_empty() {
            *self = next;
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Applies step 3, which also needs the image from step 1.
    pub fn apply_specifics(
        &mut self,
        input: Specifics,
        goals: &[Entry],
        roles: &[Entry],
    ) -> Result<(), FieldErrors> {
        let mut errors = FieldErrors::new();
        require(&mut errors, "image", self.image.is_some());
        require(
            &mut errors,
            "goals_of_working_group",
            !input.goals_of_working_group.is_empty(),
        );
        if !known(goals, &input.goals_of_working_group) {
            errors.insert(
                "goals_of_working_group".into(),
                vec!["Unknown goal.".into()],
            );
        }
        let other_goals = input.other_goals_of_wg;
        if has_other(goals, &input.goals_of_working_group) {
            require(&mut errors, "other_goals_of_wg", other_goals.is_some());
        }
        require(
            &mut errors,
            "industry_partner_likely",
            input.industry_partner_likely.is_some(),
        );
        let partner = input.industry_partner_likely == Some(YesNo::Yes);
        let role_ids = if partner {
            input.role_of_industry_partner
        } else {
            Vec::new()
        };
        if partner {
            require(
                &mut errors,
                "role_of_industry_partner",
                !role_ids.is_empty(),
            );
        }
        if !known(roles, &role_ids) {
            errors.insert(
                "role_of_industry_partner".into(),
                vec!["Unknown role.".into()],
            );
        }
        let other_role = input.other_role_of_industry_partner;
        if has_other(roles, &role_ids) {
            require(
                &mut errors,
                "other_role_of_industry_partner",
                other_role.is_some(),
            );
        }
        let obligations = clean_html(input.member_obligations);
        require(&mut errors, "member_obligations", obligations.is_some());
        if !errors.is_empty() {
            return Err(errors);
        }
        self.other_goals_of_wg =
            other_goals.filter(|_| has_other(goals, &input.goals_of_working_group));
        self.goals_of_working_group = input.goals_of_working_group;
        self.industry_partner_likely = input.industry_partner_likely;
        self.other_role_of_industry_partner = other_role.filter(|_| has_other(roles, &role_ids));
        self.role_of_industry_partner = role_ids;
        self.member_obligations = obligations.unwrap_or_default();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookups() -> Vec<Entry> {
        ["research-discussion", "other"]
            .iter()
            .enumerate()
            .map(|(i, slug)| Entry {
                id: i as i64 + 1,
                slug: (*slug).into(),
                title: (*slug).into(),
            })
            .collect()
    }

    fn content() -> Content {
        Content::new("T".into(), "<p>S</p>".into(), vec![1])
    }

    #[test]
    fn general_rules_use_the_spec_text_and_change_nothing_on_failure() {
        let mut c = content();
        let bad = General {
            title: Some("  ".into()),
            summary: Some("<p><br></p>".into()),
            tags: Some(vec![]),
            ..General::default()
        };
        let errors = c.apply_general(bad, &lookups()).unwrap_err();
        for field in ["title", "summary", "tags"] {
            assert_eq!(errors[field], [REQUIRED], "{field}");
        }
        assert_eq!(c, content());
    }

    #[test]
    fn an_embedded_link_is_set_and_cleared() {
        let mut c = content();
        let link = <VideoUrl as kernel::input::Parse>::parse("https://vimeo.com/1".into());
        let input = General {
            embedded_link: Some(Some(link.unwrap())),
            ..General::default()
        };
        c.apply_general(input, &lookups()).unwrap();
        assert_eq!(c.embedded_link.as_deref(), Some("https://vimeo.com/1"));
        let input = General {
            embedded_link: Some(None),
            ..General::default()
        };
        c.apply_general(input, &lookups()).unwrap();
        assert_eq!(c.embedded_link, None);
    }

    #[test]
    fn summaries_are_sanitised() {
        let mut c = content();
        let input = General {
            summary: Some("<p>Hi<script>alert(1)</script></p>".into()),
            ..General::default()
        };
        c.apply_general(input, &lookups()).unwrap();
        assert_eq!(c.summary, "<p>Hi</p>");
    }

    #[test]
    fn specifics_need_the_other_texts_roles_and_an_image() {
        let mut c = content();
        let input = Specifics {
            goals_of_working_group: vec![2],
            industry_partner_likely: Some(YesNo::Yes),
            role_of_industry_partner: vec![2],
            member_obligations: Some("<p></p>".into()),
            ..Specifics::default()
        };
        let errors = c
            .apply_specifics(input, &lookups(), &lookups())
            .unwrap_err();
        for field in [
            "image",
            "other_goals_of_wg",
            "other_role_of_industry_partner",
            "member_obligations",
        ] {
            assert_eq!(errors[field], [REQUIRED], "{field}");
        }
    }

    #[test]
    fn roles_are_dropped_when_no_industry_partner_is_likely() {
        let mut c = content();
        c.image = Some("groups/1/a.jpg".into());
        let input = Specifics {
            goals_of_working_group: vec![1],
            industry_partner_likely: Some(YesNo::No),
            role_of_industry_partner: vec![1],
            member_obligations: Some(DEFAULT_MEMBER_OBLIGATIONS.into()),
            ..Specifics::default()
        };
        c.apply_specifics(input, &lookups(), &lookups()).unwrap();
        assert!(c.role_of_industry_partner.is_empty());
        assert_eq!(c.goals_of_working_group, vec![1]);
    }
}
