//! ORCID (issue 23 §5): an iD is only stored once its check digit holds; the record's
//! current employment is read at sign-in so a researcher can import their name and
//! affiliation; the public profile shows the iD as a badge.

use kernel::config::OAuthProvider;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;

use crate::entity::{oauth_association, user};

pub const PROVIDER: &str = super::providers::Provider::Orcid.as_str();
pub const NOT_LINKED: &str = "No Cohort account is connected to this ORCID iD yet. Sign in with your e-mail address, then connect ORCID under My profile → Account.";
pub const IMPORTED: &str = "Your name and affiliation were imported from ORCID.";
pub const NOTHING_TO_IMPORT: &str = "Connect ORCID under Single sign-on first.";

/// An ORCID iD: four groups of four digits, the last character a digit or X that is the
/// ISO 7064 MOD 11-2 check of the fifteen before it.
pub fn is_valid_id(id: &str) -> bool {
    let groups: Vec<&str> = id.split('-').collect();
    // Counted in characters, not bytes: a provider's `sub` may hold any text.
    if groups.len() != 4 || groups.iter().any(|g| g.chars().count() != 4) {
        return false;
    }
    let chars: Vec<char> = groups.concat().chars().collect();
    let Some((check, body)) = chars.split_last() else {
        return false;
    };
    if !body.iter().all(char::is_ascii_digit) {
        return false;
    }
    let total = body.iter().fold(0u32, |total, c| {
        (total + c.to_digit(10).unwrap_or_default()) * 2
    });
    let result = (12 - total % 11) % 11;
    let expected = if result == 10 {
        'X'
    } else {
        char::from_digit(result, 10).unwrap_or('?')
    };
    *check == expected
}

/// What the record says of its person now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    pub name: Option<String>,
    pub affiliation: Option<String>,
    pub title: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Employments {
    #[serde(rename = "affiliation-group", default)]
    groups: Vec<Group>,
}

#[derive(Debug, Deserialize)]
struct Group {
    #[serde(default)]
    summaries: Vec<Summary>,
}

#[derive(Debug, Deserialize)]
struct Summary {
    #[serde(rename = "employment-summary")]
    employment: Option<Employment>,
}

#[derive(Debug, Deserialize)]
struct Employment {
    #[serde(rename = "department-name")]
    department: Option<String>,
    #[serde(rename = "role-title")]
    role: Option<String>,
    #[serde(rename = "end-date")]
    end_date: Option<serde_json::Value>,
    organization: Option<Organization>,
}

#[derive(Debug, Deserialize)]
struct Organization {
    name: Option<String>,
}

/// The current employment (no end date; the record lists the latest first): "Faculty of
/// Medicine, Dalhousie University" and the role.
fn current(employments: Employments) -> (Option<String>, Option<String>) {
    let now = employments
        .groups
        .into_iter()
        .flat_map(|g| g.summaries)
        .filter_map(|s| s.employment)
        .find(|e| e.end_date.as_ref().is_none_or(serde_json::Value::is_null));
    let Some(job) = now else {
        return (None, None);
    };
    let place = [job.department, job.organization.and_then(|o| o.name)]
        .into_iter()
        .flatten()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let place = (!place.is_empty()).then_some(place);
    (place, job.role.filter(|r| !r.trim().is_empty()))
}

/// Reads the record's employments; a record that cannot be read leaves them unknown (the
/// sign-in itself does not depend on it).
pub async fn employment(
    http: &reqwest::Client,
    settings: &OAuthProvider,
    id: &str,
    access_token: &str,
) -> (Option<String>, Option<String>) {
    let Some(base) = settings.record_url.as_deref() else {
        return (None, None);
    };
    let url = format!("{}/{id}/employments", base.trim_end_matches('/'));
    let read = async {
        let response = http
            .get(url)
            .bearer_auth(access_token)
            .header("Accept", "application/json")
            .send()
            .await
            .ok()?
            .error_for_status()
            .ok()?;
        response.json::<Employments>().await.ok()
    };
    match read.await {
        Some(employments) => current(employments),
        None => {
            tracing::warn!("could not read the ORCID record's employments");
            (None, None)
        }
    }
}

/// Keeps what the record says on the member's ORCID link.
pub async fn remember(db: &impl ConnectionTrait, id: &str, record: Record) -> AppResult<()> {
    let cut = |s: Option<String>| s.map(|s| s.chars().take(255).collect::<String>());
    oauth_association::Entity::update_many()
        .col_expr(
            oauth_association::Column::RecordName,
            cut(record.name).into(),
        )
        .col_expr(
            oauth_association::Column::RecordAffiliation,
            cut(record.affiliation).into(),
        )
        .col_expr(
            oauth_association::Column::RecordTitle,
            cut(record.title).into(),
        )
        .filter(oauth_association::Column::Provider.eq(PROVIDER))
        .filter(oauth_association::Column::Subject.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The member's ORCID link, if they connected one.
pub async fn link_of(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> AppResult<Option<oauth_association::Model>> {
    Ok(oauth_association::Entity::find()
        .filter(oauth_association::Column::UserId.eq(user_id))
        .filter(oauth_association::Column::Provider.eq(PROVIDER))
        .one(db)
        .await?)
}

/// The member's verified ORCID iD, for their public profile.
pub async fn id_of(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Option<String>> {
    Ok(link_of(db, user_id).await?.map(|link| link.subject))
}

/// Copies the record's name, affiliation and role into the member's profile (what the
/// record leaves out stays as it was).
pub async fn import(ctx: &AppContext, user_id: i64) -> AppResult<()> {
    let link = link_of(&ctx.db, user_id)
        .await?
        .ok_or_else(|| AppError::non_field(NOTHING_TO_IMPORT))?;
    let account = super::me::find(&ctx.db, user_id).await?;
    let mut active: user::ActiveModel = account.into();
    if let Some(name) = link.record_name.filter(|n| !n.trim().is_empty()) {
        active.name = Set(name);
    }
    if let Some(affiliation) = link.record_affiliation {
        active.affiliation = Set(Some(affiliation));
    }
    if let Some(title) = link.record_title {
        active.title = Set(Some(title));
    }
    active.update(&ctx.db).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_valid_only_with_its_check_digit() {
        // ORCID's own examples.
        assert!(is_valid_id("0000-0002-1825-0097"));
        assert!(is_valid_id("0000-0001-5109-3700"));
        assert!(is_valid_id("0000-0002-1694-233X"));
        assert!(!is_valid_id("0000-0002-1825-0098"));
        assert!(!is_valid_id("0000-0002-1694-2330"));
        assert!(!is_valid_id("0000000218250097"));
        assert!(!is_valid_id("0000-0002-1825-009"));
        assert!(!is_valid_id("000a-0002-1825-0097"));
        assert!(!is_valid_id(""));
        // Four bytes a group, fewer characters: refused, never a panic.
        assert!(!is_valid_id("éé-éé-éé-éé"));
        assert!(!is_valid_id("0000-0002-1825-00é"));
    }

    #[test]
    fn the_current_employment_is_the_one_without_an_end() {
        let employments: Employments = serde_json::from_value(serde_json::json!({
            "affiliation-group": [
                {"summaries": [{"employment-summary": {
                    "department-name": null, "role-title": "Resident",
                    "end-date": {"year": {"value": "2019"}},
                    "organization": {"name": "McGill University"}
                }}]},
                {"summaries": [{"employment-summary": {
                    "department-name": "Faculty of Medicine", "role-title": "Associate Professor",
                    "end-date": null,
                    "organization": {"name": "Dalhousie University"}
                }}]}
            ]
        }))
        .unwrap_or(Employments { groups: Vec::new() });
        assert_eq!(
            current(employments),
            (
                Some("Faculty of Medicine, Dalhousie University".to_owned()),
                Some("Associate Professor".to_owned())
            )
        );
        assert_eq!(current(Employments { groups: Vec::new() }), (None, None));
    }
}
