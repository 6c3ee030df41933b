//! A registration's metadata for others to keep: DataCite XML (kernel 4.5), which an
//! institution uploads to mint a DOI (DataCite assigns the identifier, so none is written),
//! and a one-page PDF record with the content hash and the audit chain entry.

use kernel::sitemap::xml_escape;
use kernel::{AppContext, AppResult};
use media::pdf::{A4, Font, Page};

use crate::entity::project;
use crate::read::protocols::ProtocolVersion;

/// Where anyone reads version `version` of the protocol of the project at `slug`.
pub fn version_url(ctx: &AppContext, slug: &str, version: i32) -> String {
    format!(
        "{}/project/{slug}/protocol?version={version}",
        ctx.config.public_url.trim_end_matches('/')
    )
}

/// The DataCite XML of `v`, registered for `found` by `owner_name`.
pub fn datacite(
    ctx: &AppContext,
    found: &project::Model,
    owner_name: &str,
    v: &ProtocolVersion,
) -> String {
    let x = xml_escape;
    let project_url = format!(
        "{}/project/{}",
        ctx.config.public_url.trim_end_matches('/'),
        found.slug
    );
    let mut related = format!(
        r#"    <relatedIdentifier relatedIdentifierType="URL" relationType="Documents">{}</relatedIdentifier>
"#,
        x(&project_url)
    );
    if v.version > 1 {
        related.push_str(&format!(
            r#"    <relatedIdentifier relatedIdentifierType="URL" relationType="IsNewVersionOf">{}</relatedIdentifier>
"#,
            x(&version_url(ctx, &found.slug, v.version - 1))
        ));
    }
    let date_type = if v.version == 1 {
        "Submitted"
    } else {
        "Updated"
    };
    let mut technical = format!(
        "Registered on Cohort; SHA-256 of the registration: {}.",
        v.content_hash
    );
    if let Some(reason) = &v.reason {
        technical.push_str(&format!(" Amended because: {reason}"));
    }
    let formats = if v.files.is_empty() {
        String::new()
    } else {
        "  <formats>\n    <format>text/html</format>\n    <format>application/pdf</format>\n  </formats>\n".to_owned()
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<resource xmlns="http://datacite.org/schema/kernel-4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://datacite.org/schema/kernel-4 http://schema.datacite.org/meta/kernel-4.5/metadata.xsd">
  <creators>
    <creator>
      <creatorName nameType="Personal">{owner}</creatorName>
    </creator>
  </creators>
  <titles>
    <title xml:lang="en">Protocol: {title}</title>
    <title xml:lang="en" titleType="Subtitle">Version {version}</title>
  </titles>
  <publisher>Cohort</publisher>
  <publicationYear>{year}</publicationYear>
  <resourceType resourceTypeGeneral="StudyRegistration">Registered research protocol</resourceType>
  <dates>
    <date dateType="{date_type}">{date}</date>
  </dates>
  <language>en</language>
  <alternateIdentifiers>
    <alternateIdentifier alternateIdentifierType="URL">{url}</alternateIdentifier>
    <alternateIdentifier alternateIdentifierType="SHA-256">{hash}</alternateIdentifier>
  </alternateIdentifiers>
  <relatedIdentifiers>
{related}  </relatedIdentifiers>
{formats}  <version>{version}</version>
  <descriptions>
    <description xml:lang="en" descriptionType="Abstract">{summary}</description>
    <description xml:lang="en" descriptionType="TechnicalInfo">{technical}</description>
  </descriptions>
</resource>
"#,
        owner = x(owner_name),
        title = x(&found.title),
        version = v.version,
        year = v.registered_at.format("%Y"),
        date = v.registered_at.format("%Y-%m-%d"),
        url = x(&version_url(ctx, &found.slug, v.version)),
        hash = v.content_hash,
        summary = x(&kernel::rich_text::plain_text(&found.lay_summary)),
        technical = x(&technical),
    )
}

/// The one-page PDF record of `v`.
pub fn record_pdf(
    ctx: &AppContext,
    found: &project::Model,
    owner_name: &str,
    v: &ProtocolVersion,
) -> AppResult<Vec<u8>> {
    const LEFT: i64 = 56;
    const WIDTH: i64 = 483;
    let mut page = Page::new(A4)?;
    page.colour([0.1, 0.2, 0.35]);
    page.text(Font::Bold, 20, LEFT, 770, "Registered research protocol");
    page.colour([0.0, 0.0, 0.0]);
    let mut y = page.paragraph(Font::Bold, 13, (LEFT, 736), WIDTH, 17, &found.title);
    let stated = format!(
        "Version {} registered by {} on {} UTC.",
        v.version,
        owner_name,
        v.registered_at.format("%Y-%m-%d %H:%M:%S")
    );
    y = page.paragraph(Font::Regular, 11, (LEFT, y - 8), WIDTH, 15, &stated);
    if let Some(reason) = &v.reason {
        y = page.paragraph(
            Font::Regular,
            11,
            (LEFT, y - 4),
            WIDTH,
            15,
            &format!(
                "Amended because: {}",
                kernel::rich_text::excerpt(reason, 600)
            ),
        );
    }
    page.text(Font::Bold, 11, LEFT, y - 14, "Content hash (SHA-256)");
    page.text(Font::Regular, 9, LEFT, y - 30, &v.content_hash);
    y -= 52;
    if let Some(entry) = &v.audit {
        page.text(Font::Bold, 11, LEFT, y, "Audit chain entry");
        page.text(
            Font::Regular,
            9,
            LEFT,
            y - 16,
            &format!("Place {} · link hash {}", entry.link.seq, entry.link.hash),
        );
        y -= 38;
    }
    if !v.files.is_empty() {
        page.text(Font::Bold, 11, LEFT, y, "Files");
        y -= 16;
        for f in &v.files {
            y = page.paragraph(Font::Regular, 9, (LEFT, y), WIDTH, 12, &f.filename);
            page.text(Font::Regular, 8, LEFT + 12, y, &f.sha256);
            y -= 16;
        }
    }
    let check = format!(
        "The hash covers the registration's text, reason and files exactly as the API gives them \
         (its \"document\"). Check it, and the audit chain, at {}",
        version_url(ctx, &found.slug, v.version)
    );
    page.paragraph(
        Font::Regular,
        9,
        (LEFT, (y - 8).min(120)),
        WIDTH,
        12,
        &check,
    );
    page.finish(&format!("Protocol v{}: {}", v.version, found.title))
}
