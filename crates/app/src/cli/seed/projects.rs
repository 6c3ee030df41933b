//! Demo research projects: three researchers besides the demo member (all of them project
//! creators), the projects they write and review, and a first discussion on each live one.

use accounts::enums::{AgeGroup, CareerStage, Gender};
use accounts::{Creator, DemoMember, demo_member};
use discussions::enums::TopicType;
use discussions::seed::Thread;
use kernel::{AppContext, CurrentUser};

use super::seeding::seeding;

/// A demo researcher.
struct Researcher {
    email: &'static str,
    name: &'static str,
    title: &'static str,
    affiliation: &'static str,
    location: &'static str,
    university_email: &'static str,
    gender: Gender,
    bio: &'static str,
}

const RESEARCHERS: &[Researcher] = &[
    Researcher {
        email: "lucas@cohort.local",
        name: "Dr. Lucas Martin",
        title: "Paediatric emergency physician",
        affiliation: "McGill University",
        location: "Montréal, Canada",
        university_email: "lucas.martin@mcgill.example.edu",
        gender: Gender::Male,
        bio: "Emergency physician at a children's hospital, working on faster diagnosis of serious infections.",
    },
    Researcher {
        email: "priya@cohort.local",
        name: "Dr. Priya Nair",
        title: "Endocrinologist",
        affiliation: "University of British Columbia",
        location: "Vancouver, Canada",
        university_email: "priya.nair@ubc.example.edu",
        gender: Gender::Female,
        bio: "Endocrinologist studying how young people with diabetes move from children's to adult care.",
    },
    Researcher {
        email: "tomas@cohort.local",
        name: "Dr. Tomás Rivera",
        title: "Rehabilitation researcher",
        affiliation: "Dalhousie University",
        location: "Halifax, Canada",
        university_email: "tomas.rivera@dal.example.edu",
        gender: Gender::NonBinary,
        bio: "Rehabilitation scientist working with people living with long COVID.",
    },
];

/// A first question on each live project, by another researcher (index into the owners).
const QUESTIONS: &[(usize, &str)] = &[
    (
        2,
        "<p>Will participants with aphasia be able to follow the home programme? Happy to share our picture-based materials.</p>",
    ),
    (
        0,
        "<p>How will you handle children who arrive already on antibiotics from a clinic?</p>",
    ),
    (
        1,
        "<p>Are the peer coaches paid? We found stipends made a big difference to retention.</p>",
    ),
];

/// The demo researchers (who sign in with the demo member's password, `password_hash`);
/// their ids, in the order of [`RESEARCHERS`].
pub async fn researchers(ctx: &AppContext, password_hash: &str) -> anyhow::Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(RESEARCHERS.len());
    for r in RESEARCHERS {
        let id = demo_member(
            &ctx.db,
            DemoMember {
                email: r.email,
                name: r.name,
                password_hash,
                title: r.title,
                affiliation: r.affiliation,
                location: r.location,
                bio: r.bio,
                creator: Some(Creator {
                    university_email: r.university_email,
                    gender: r.gender,
                    age_group: AgeGroup::From40To49,
                    career_stage: CareerStage::SeniorStaff,
                }),
            },
        )
        .await
        .map_err(seeding("the demo researchers"))?;
        ids.push(id);
    }
    Ok(ids)
}

/// Seeds the projects of `owners` (the demo member, who owns the first one, then the
/// researchers), reviewed by the demo admin, with a first question on each live one.
pub async fn demo(ctx: &AppContext, owners: &[CurrentUser], admin_id: i64) -> anyhow::Result<()> {
    // The demo admin is a Content Expert too: the seed funds one project end to end.
    let admin = kernel::Staff(CurrentUser {
        id: admin_id,
        staff_role: Some(kernel::StaffRole::Admin),
        content_expert: false,
        password_change_required: false,
    });
    accounts::service::user_admin::set_content_expert(
        ctx,
        &admin,
        admin_id,
        true,
        Some("Demo data: the demo admin gives final approval.".into()),
    )
    .await
    .map_err(seeding("the Content Expert"))?;
    let owner_ids: Vec<i64> = owners.iter().map(|o| o.id).collect();
    let live = projects::seed::demo(ctx, &owner_ids, admin_id)
        .await
        .map_err(seeding("the projects"))?;
    let targets = crate::adapters::discussion_targets::targets(ctx);
    for (project_id, (asker, text)) in live.iter().zip(QUESTIONS) {
        let question = Thread {
            author: *asker,
            public: true,
            text,
            replies: &[],
            up_votes: &[],
        };
        discussions::seed::threads(
            ctx,
            &targets,
            owners,
            TopicType::Projects,
            *project_id,
            std::slice::from_ref(&question),
        )
        .await
        .map_err(seeding("the project discussions"))?;
    }
    Ok(())
}
