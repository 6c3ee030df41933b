//! Demo projects for a fresh site, made through the same services a member and staff use:
//! live projects (with their team, needs, budget, reviews, favourites and pledges) — one
//! still campaigning, one funded and paid out, one ended short of its goal — and one waiting
//! for review. Running it again changes nothing.

use std::borrow::Cow;

use chrono::Datelike;
use kernel::input::Parse;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Staff, StaffRole};
use payments::test_processor::{BankDetails, CardInput, TestProcessor};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::budget::{BudgetLine, Milestone, Plan};
use crate::entity::{pledge, project};
use crate::enums::{EthicsStatus, FundingState, NeedKind, ProjectStatus};
use crate::service::drafts::{self, General, Research};
use crate::service::dynamic_review::{self, Rating, Review};
use crate::service::pledging::{self, NewPledge};
use crate::service::protocols::{self, register::Registration};
use crate::service::review::{self, Verdict};
use crate::service::team::{Need, Person};
use crate::service::team_step;
use crate::service::{
    charging, deadlines, eligibility, favorites, final_approval, payout_accounts,
};

/// One demo project, written as its owner would.
struct Demo {
    /// Index into the owners given to [`demo`].
    owner: usize,
    title: &'static str,
    /// Topic slugs.
    topics: &'static [&'static str],
    lay_summary: &'static str,
    problem: &'static str,
    aims: &'static str,
    methods: &'static str,
    impact: &'static str,
    ethics: EthicsStatus,
    team: &'static [(&'static str, &'static str)],
    needs: &'static [(NeedKind, &'static str)],
    /// (label, dollars); they add up to the total budget.
    lines: &'static [(&'static str, i64)],
    goal_dollars: i64,
    days: i32,
    /// (title, dollars, what it pays for).
    milestones: &'static [(&'static str, i64, &'static str)],
    /// Staff approve it (the last one waits for review).
    live: bool,
}

const DEMOS: &[Demo] = &[
    Demo {
        owner: 0,
        title: "Early mobilisation after stroke at home",
        topics: &["stroke", "rehabilitation"],
        lay_summary: "<p>Most recovery after a stroke happens in the first three months, yet many people wait weeks at home before therapy starts. We will test whether a physiotherapist-guided programme that begins in the first week home helps people walk sooner and more safely.</p>",
        problem: "<p>After discharge, stroke survivors in Alberta wait a median of 24 days for community rehabilitation. Early, task-specific practice improves walking in hospital studies, but it has not been tested at home.</p>",
        aims: "<p>Find out whether starting guided practice within seven days of discharge improves walking speed at 90 days, and whether it is safe.</p>",
        methods: "<p>A randomised pilot with 120 adults discharged home after a first stroke: guided home practice from day 3 versus usual care. Walking speed, falls and quality of life are measured at 30 and 90 days by assessors who do not know the group.</p>",
        impact: "<p>If early home practice works, health systems can start rehabilitation weeks sooner at little cost, and survivors regain independence faster.</p>",
        ethics: EthicsStatus::Approved,
        team: &[
            ("Dr. Amira Haddad", "Principal investigator"),
            ("Jonah Whitebear", "Patient partner, stroke survivor"),
            ("Dr. Claire Dubois", "Physiotherapist and co-investigator"),
        ],
        needs: &[
            (
                NeedKind::Participants,
                "Adults going home after a first stroke in the Edmonton area.",
            ),
            (
                NeedKind::Helpers,
                "Volunteers to drive participants to their 90-day assessment.",
            ),
        ],
        lines: &[
            ("Physiotherapist visits", 18_000),
            ("Research coordinator (part time)", 9_000),
            ("Wearable step counters", 3_000),
        ],
        goal_dollars: 20_000,
        days: 45,
        milestones: &[
            (
                "Recruit the first 60 participants",
                10_000,
                "Therapist visits and coordination for the first half of the study.",
            ),
            (
                "Complete 90-day follow-up",
                10_000,
                "Assessments, step counters and the analysis.",
            ),
        ],
        live: true,
    },
    Demo {
        owner: 1,
        title: "A faster sepsis test for children in emergency rooms",
        topics: &["paediatrics", "infectious-diseases"],
        lay_summary: "<p>Sepsis kills children when it is found too late. We are testing a finger-prick blood test that gives an answer in 20 minutes instead of hours, in three Canadian emergency rooms.</p>",
        problem: "<p>Sepsis in children is hard to tell apart from common infections; blood cultures take up to 48 hours, and delays of even an hour raise the risk of death.</p>",
        aims: "<p>Measure how well a point-of-care host-response test identifies sepsis in children under 16, compared with the final diagnosis.</p>",
        methods: "<p>A prospective diagnostic study of 400 children with fever in three emergency departments; the test result is kept from treating teams and compared with an expert panel's diagnosis.</p>",
        impact: "<p>An accurate 20-minute test would let emergency teams treat sepsis hours earlier and spare other children unnecessary antibiotics.</p>",
        ethics: EthicsStatus::Pending,
        team: &[
            (
                "Dr. Lucas Martin",
                "Principal investigator, paediatric emergency physician",
            ),
            ("Nadia Osei", "Parent partner"),
        ],
        needs: &[
            (
                NeedKind::CoInvestigators,
                "An emergency physician in Atlantic Canada to open a fourth site.",
            ),
            (
                NeedKind::Data,
                "Anonymised triage records to estimate how many children qualify each month.",
            ),
        ],
        lines: &[
            ("Test cartridges", 24_000),
            ("Research nurses", 30_000),
            ("Expert panel review", 6_000),
        ],
        goal_dollars: 35_000,
        days: 60,
        milestones: &[
            (
                "Cartridges for 400 children",
                24_000,
                "The tests themselves, bought at cost from the maker.",
            ),
            (
                "Research nurse cover at night",
                11_000,
                "So children arriving after hours are not missed.",
            ),
        ],
        live: true,
    },
    Demo {
        owner: 2,
        title: "Peer coaching for young adults with type 1 diabetes",
        topics: &["diabetes-and-endocrinology"],
        lay_summary: "<p>Moving from children's to adult care is when many young people with type 1 diabetes lose control of their blood sugar. We will see whether coaching by trained peers, a few years older, helps them through it.</p>",
        problem: "<p>Up to 40% of young adults miss follow-up in the two years after leaving paediatric care, and average HbA1c rises.</p>",
        aims: "<p>Test whether six months of peer coaching keeps young adults in care and steadies their HbA1c.</p>",
        methods: "<p>A pilot with 80 people aged 17 to 21 in two Vancouver clinics, randomised to peer coaching by video and text or usual transition care.</p>",
        impact: "<p>A low-cost peer programme could be offered by every adult diabetes clinic.</p>",
        ethics: EthicsStatus::Approved,
        team: &[
            ("Dr. Priya Nair", "Principal investigator, endocrinologist"),
            ("Maya Chen", "Peer coach lead, lives with type 1 diabetes"),
        ],
        needs: &[
            (
                NeedKind::Mentors,
                "Adults with type 1 diabetes willing to train as peer coaches.",
            ),
            (
                NeedKind::Equipment,
                "Loaned continuous glucose monitors for participants without coverage.",
            ),
        ],
        lines: &[("Peer coach stipends", 12_000), ("Coach training", 3_000)],
        goal_dollars: 15_000,
        days: 30,
        milestones: &[],
        live: true,
    },
    Demo {
        owner: 3,
        title: "Pacing support for people with long COVID fatigue",
        topics: &["rehabilitation", "respiratory-medicine"],
        lay_summary: "<p>Many people with long COVID crash after doing too much. We want to test a pacing app, designed with patients, that warns before a crash.</p>",
        problem: "<p>Post-exertional malaise affects most people with long COVID fatigue, and there is little practical support for pacing.</p>",
        aims: "<p>See whether heart-rate-guided pacing reduces crashes over twelve weeks.</p>",
        methods: "<p>A feasibility study with 50 adults using a wrist heart-rate monitor and the app, with weekly symptom diaries.</p>",
        impact: "<p>Fewer crashes mean more good days, and a basis for a larger trial.</p>",
        ethics: EthicsStatus::Pending,
        team: &[("Dr. Tomás Rivera", "Principal investigator")],
        needs: &[(
            NeedKind::Participants,
            "Adults with long COVID fatigue in Nova Scotia.",
        )],
        lines: &[("Heart-rate monitors", 6_000), ("App development", 9_000)],
        goal_dollars: 12_000,
        days: 30,
        milestones: &[],
        live: false,
    },
    Demo {
        owner: 3,
        title: "Breathing retraining after intensive care",
        topics: &["rehabilitation", "respiratory-medicine"],
        lay_summary: "<p>Many people leave intensive care breathing in a way that keeps them breathless. We hoped to test a short breathing retraining course led by physiotherapists.</p>",
        problem: "<p>Dysfunctional breathing after an ICU stay is common and rarely treated.</p>",
        aims: "<p>Test whether six sessions of breathing retraining ease breathlessness at three months.</p>",
        methods: "<p>A pilot with 40 ICU survivors in Halifax, comparing retraining with usual follow-up.</p>",
        impact: "<p>A simple course any physiotherapy clinic could offer.</p>",
        ethics: EthicsStatus::Approved,
        team: &[("Dr. Tomás Rivera", "Principal investigator")],
        needs: &[],
        lines: &[("Physiotherapist time", 16_000), ("Spirometry", 4_000)],
        goal_dollars: 20_000,
        days: 15,
        milestones: &[],
        live: true,
    },
];

/// The demo project funded end to end (DEMOS index): its pledges reach the goal, a Content
/// Expert approves, every pledge is charged and the funds paid out to its owner.
const FUNDED: usize = 2;
/// The demo project whose campaign ended short of its goal: every pledge was released.
const RELEASED: usize = 4;

/// Reviews (reviewer, project, five ratings, comment) by the demo researchers.
const REVIEWS: &[(usize, usize, [i64; 5], &str)] = &[
    (
        1,
        0,
        [5, 4, 5, 5, 4],
        "Starting in the first week is exactly when it could matter most. Clear outcome measures.",
    ),
    (
        2,
        0,
        [4, 4, 5, 4, 4],
        "I would add fatigue as a secondary outcome; otherwise a well-argued pilot.",
    ),
    (
        0,
        1,
        [5, 4, 5, 4, 5],
        "A 20-minute answer would change night shifts in every emergency room.",
    ),
    (2, 1, [4, 3, 5, 4, 4], ""),
    (
        0,
        2,
        [4, 5, 5, 5, 4],
        "Peer coaches a few years older is a lovely idea; transition is where we lose people.",
    ),
];

/// (member, project) favourites: the demo member (owner 0) favourites the sepsis test.
const FAVORITES: &[(usize, usize)] = &[(0, 1), (1, 0), (2, 0), (2, 1), (1, 2)];

/// Who backs which live project with how many dollars (owner index, DEMOS index): the demo
/// member backs two, so her dashboard's backed projects are real.
const PLEDGES: &[(usize, usize, i64)] = &[
    (0, 1, 250),
    (0, 2, 100),
    (1, 0, 500),
    (2, 0, 150),
    // The peer coaching project reaches its goal of CA$15,000.
    (1, 2, 9_900),
    (3, 2, 5_000),
    // The breathing project ends short of its CA$20,000.
    (1, 4, 300),
    (2, 4, 200),
];

/// A pledge made as a donor makes it: a test card saved through the test processor's form,
/// then the pledge. Skipped when the member already backs the project, or when another
/// processor takes payments (the seed never touches a real one).
async fn demo_pledge(
    ctx: &AppContext,
    backer: &CurrentUser,
    slug: &str,
    dollars: i64,
) -> AppResult<()> {
    let Some(processor) = TestProcessor::of(ctx) else {
        return Ok(());
    };
    // Any pledge, charged or released since, means this one was seeded before.
    let already = pledge::Entity::find()
        .filter(pledge::Column::BackerId.eq(backer.id))
        .find_also_related(project::Entity)
        .all(&ctx.db)
        .await?
        .into_iter()
        .any(|(_, p)| p.is_some_and(|p| p.slug == slug));
    if already {
        return Ok(());
    }
    let (_, setup) = pledging::start_card(ctx, backer, slug).await?;
    let card = CardInput {
        number: "4242424242424242".into(),
        exp_month: 12,
        exp_year: kernel::clock::now().year() + 3,
        cvc: "123".into(),
    };
    processor
        .confirm_setup(&setup.id, &setup.client_secret, &card)
        .await?;
    let new = NewPledge {
        setup_id: setup.id,
        amount_cents: dollars * 100,
        message: None,
        anonymous: false,
        adult: true,
    };
    pledging::pledge(ctx, backer, slug, new).await?;
    Ok(())
}

fn member(id: i64) -> CurrentUser {
    CurrentUser {
        id,
        staff_role: None,
        content_expert: false,
        password_change_required: false,
    }
}

fn parsed<T: Parse>(text: &str) -> AppResult<T> {
    T::parse(serde_json::Value::String(text.to_owned()))
        .map_err(|why: Cow<'static, str>| AppError::bad_request("seed", why.into_owned()))
}

fn rating(value: i64) -> AppResult<Rating> {
    Rating::parse(value.into()).map_err(|why| AppError::bad_request("seed", why.into_owned()))
}

/// Creates the demo projects that do not exist yet: `owners` write them (each index of
/// [`DEMOS`] names one), `admin_id` (a Content Expert) approves the live ones and the
/// funding of one, and the owners review, favourite and back each other's. Returns the
/// live projects' ids.
pub async fn demo(ctx: &AppContext, owners: &[i64], admin_id: i64) -> AppResult<Vec<i64>> {
    let staff = Staff(CurrentUser {
        id: admin_id,
        staff_role: Some(StaffRole::Admin),
        content_expert: true,
        password_change_required: false,
    });
    let topics = ctx.groups.all_topics().await?;
    let mut made = Vec::new();
    for demo in DEMOS {
        let exists = project::Entity::find()
            .filter(project::Column::Title.eq(demo.title))
            .one(&ctx.db)
            .await?;
        if let Some(found) = exists {
            made.push(found);
            continue;
        }
        let Some(&owner_id) = owners.get(demo.owner) else {
            continue;
        };
        // An account made before it could submit projects (an older site) writes none.
        if !eligibility::gaps(ctx, owner_id).await?.is_empty() {
            continue;
        }
        let tags = topics
            .iter()
            .filter(|t| demo.topics.contains(&t.slug.as_str()))
            .map(|t| t.id)
            .collect();
        made.push(write(ctx, &member(owner_id), &staff, demo, tags).await?);
    }
    if made.len() < DEMOS.len() {
        // Reviews and favourites name projects by their place in DEMOS.
        return Ok(Vec::new());
    }
    let slugs: Vec<String> = made.iter().map(|p| p.slug.clone()).collect();
    for (reviewer, index, scores, comment) in REVIEWS {
        let (Some(&user), Some(slug)) = (owners.get(*reviewer), slugs.get(*index)) else {
            continue;
        };
        let ratings = [
            rating(scores[0])?,
            rating(scores[1])?,
            rating(scores[2])?,
            rating(scores[3])?,
            rating(scores[4])?,
        ];
        let review = Review {
            ratings,
            comment: (*comment).to_owned(),
        };
        dynamic_review::save(&ctx.db, &member(user), slug, review).await?;
    }
    for (who, index) in FAVORITES {
        if let (Some(&user), Some(slug)) = (owners.get(*who), slugs.get(*index)) {
            favorites::set(&ctx.db, &member(user), slug, true).await?;
        }
    }
    for (who, index, dollars) in PLEDGES {
        if let (Some(&user), Some(slug)) = (owners.get(*who), slugs.get(*index)) {
            demo_pledge(ctx, &member(user), slug, *dollars).await?;
        }
    }
    if TestProcessor::of(ctx).is_some() {
        fund(ctx, &staff, &made[FUNDED]).await?;
        end_short(ctx, &made[RELEASED]).await?;
    }
    Ok(made
        .iter()
        .zip(DEMOS)
        .filter(|(_, demo)| demo.live)
        .map(|(p, _)| p.id)
        .collect())
}

/// One project through the wizard's steps, submitted, and approved when it is live.
async fn write(
    ctx: &AppContext,
    owner: &CurrentUser,
    staff: &Staff,
    demo: &Demo,
    tags: Vec<i64>,
) -> AppResult<project::Model> {
    let general = General {
        title: parsed(demo.title)?,
        lay_summary: parsed(demo.lay_summary)?,
        tags,
        video_url: None,
        // The demo's own texts pass the patient-data guardrail without a declaration.
        phi_declared: false,
    };
    let draft = drafts::create(ctx, owner, general).await?;
    let picture = media::artwork::demo(
        ctx.storage.as_ref(),
        &drafts::image_folder(draft.id),
        1200,
        630,
        u32::try_from(draft.id % 7).unwrap_or(0) + 5,
    )
    .await?;
    drafts::set_stored_image(ctx, owner, draft.id, picture).await?;
    let research = Research {
        problem: parsed(demo.problem)?,
        aims: parsed(demo.aims)?,
        methods: parsed(demo.methods)?,
        impact: parsed(demo.impact)?,
        ethics_status: demo.ethics,
        conflicts: parsed("None to declare.")?,
        phi_declared: false,
    };
    drafts::set_research(ctx, owner, draft.id, research).await?;
    let people = demo
        .team
        .iter()
        .map(|(name, role)| {
            Ok(Person {
                name: parsed(name)?,
                email: None,
                role: parsed(role)?,
            })
        })
        .collect::<AppResult<_>>()?;
    let needs = demo
        .needs
        .iter()
        .map(|(kind, text)| {
            Ok(Need {
                kind: *kind,
                description: parsed(text)?,
            })
        })
        .collect::<AppResult<_>>()?;
    team_step::save(ctx, owner, draft.id, people, needs).await?;
    let lines: Vec<BudgetLine> = demo
        .lines
        .iter()
        .map(|(label, dollars)| BudgetLine {
            label: (*label).to_owned(),
            amount_cents: dollars * 100,
        })
        .collect();
    let plan = Plan {
        total_budget_cents: lines.iter().map(|l| l.amount_cents).sum(),
        funding_goal_cents: demo.goal_dollars * 100,
        campaign_days: demo.days,
        lines,
        milestones: demo
            .milestones
            .iter()
            .map(|(title, dollars, description)| Milestone {
                title: (*title).to_owned(),
                amount_cents: dollars * 100,
                description: (*description).to_owned(),
            })
            .collect(),
    };
    drafts::set_budget(ctx, owner, draft.id, plan).await?;
    // Registered before the campaign, as a campaign needs (`COHORT_PROTOCOL_REQUIRED`).
    let protocol = Registration {
        body: format!("<h2>Aims</h2>{}<h2>Methods</h2>{}", demo.aims, demo.methods),
        reason: None,
        amends: None,
        file_ids: Vec::new(),
    };
    protocols::register::register(ctx, owner, draft.id, protocol).await?;
    let submitted = drafts::submit(ctx, owner, draft.id).await?;
    if !demo.live {
        return Ok(submitted);
    }
    review::decide(ctx, staff, draft.id, Verdict::Approve).await
}

/// Funds `found` as it happens on the site once its pledges reached the goal: its owner
/// completes the test processor's payout onboarding, the Content Expert approves, and the
/// pledges are charged and the funds paid out.
async fn fund(ctx: &AppContext, staff: &Staff, found: &project::Model) -> AppResult<()> {
    let current = project::Entity::find_by_id(found.id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    if current.funding_state != FundingState::GoalReached {
        return Ok(());
    }
    let (Some(processor), owner) = (TestProcessor::of(ctx), member(current.owner_id)) else {
        return Ok(());
    };
    // The link the owner follows: `/test-processor/onboarding/{account}?link={secret}`.
    let url = payout_accounts::onboarding(ctx, &owner, "/my-projects").await?;
    let (path, link) = url.split_once("?link=").unwrap_or((&url, ""));
    let account = path.rsplit('/').next().unwrap_or_default();
    let bank = BankDetails {
        institution: "University of British Columbia".into(),
        transit_number: "00011".into(),
        institution_number: "001".into(),
        account_number: "7654321".into(),
    };
    processor.onboard_by_link(account, link, &bank).await?;
    final_approval::approve(ctx, staff, current.id).await?;
    charging::run(ctx, current.id, kernel::clock::now()).await
}

/// Ends `found`'s campaign now, short of its goal: its pledges are released, as when its
/// days run out.
async fn end_short(ctx: &AppContext, found: &project::Model) -> AppResult<()> {
    let now = kernel::clock::now();
    let ended = project::Entity::update_many()
        .col_expr(
            project::Column::ClosesAt,
            sea_orm::sea_query::Expr::value(now - chrono::Duration::minutes(1)),
        )
        .filter(project::Column::Id.eq(found.id))
        .filter(project::Column::Status.eq(ProjectStatus::Live))
        .exec(&ctx.db)
        .await?;
    if ended.rows_affected == 1 {
        deadlines::close_ended(ctx, now).await?;
    }
    Ok(())
}
