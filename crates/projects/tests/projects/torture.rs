//! The money torture test (issue 42). For a bounded time a seeded random schedule of donors,
//! owners, staff and the charging sweep fires pledges, changes, cancels, new cards, payments
//! confirmed with the donor's bank, final approvals and refusals, staff closes and refunds,
//! milestone reports, verifications and returns of the campaigns whose funds go into escrow
//! (issue 50) at once, through the HTTP API, with the test processor answering slowly, declining some cards
//! and holding others for their bank's authentication; now and then a charging run is killed
//! part-way (its task dropped at whatever it was awaiting, as a `kill -9` leaves it: charges
//! made at the processor and never recorded, transactions never committed). Then every campaign is let run
//! to its end and the books must hold: the three-way reconciliation finds nothing (the
//! processor's movements are all in the ledger and the other way round, every project's
//! totals equal its ledger and its standing pledges, nothing was paid out or kept beyond
//! what was collected), no pledge was charged twice, no donor keeps a charge for a pledge
//! that is not charged, a project whose funding was let go holds no money, and one paid out
//! or abandoned milestone by milestone holds nothing in escrow.
//!
//! A run prints its seed; `MONEY_TORTURE_SEED=<seed>` replays its schedule (the interleaving
//! of requests sent at once still varies) and `MONEY_TORTURE_SECONDS` sets how long it runs.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use kernel::payments::PaymentProvider;
use projects::service::{charging, deadlines, ledger, reconciliation};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use testkit::projects::{
    STAFF_PASSWORD, confirm_card, content_expert, live_with, make_eligible, payout_ready,
};
use testkit::{TestApp, spawn_app_with};

use super::campaigns::PASSWORD;

const CAMPAIGNS: usize = 4;
const DONORS: usize = 6;
/// Requests sent at once in each round.
const AT_ONCE: usize = 6;
const GOOD: &str = "4242424242424242";
const DECLINED: &str = "4000000000000002";
/// A card whose bank wants each charge authenticated.
const ASKS: &str = "4000002500003155";
const EXPERT: &str = "expert@example.org";
/// The campaigns whose budget lists two milestones: their funds go into escrow.
const ESCROWED: std::ops::Range<usize> = 2..4;

/// xorshift64*: a small generator whose sequence a seed fixes.
struct Schedule(u64);

impl Schedule {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Pledge {
        donor: usize,
        campaign: usize,
        cents: i64,
        card: &'static str,
    },
    Change {
        donor: usize,
        campaign: usize,
        cents: i64,
    },
    Cancel {
        donor: usize,
        campaign: usize,
    },
    NewCard {
        donor: usize,
        campaign: usize,
    },
    /// The donor confirms a held payment with their bank, then tells Cohort.
    Confirm {
        donor: usize,
        campaign: usize,
    },
    Approve {
        campaign: usize,
    },
    Reject {
        campaign: usize,
    },
    Close {
        campaign: usize,
    },
    Refund {
        campaign: usize,
    },
    /// The owner of an escrow campaign reports a milestone done.
    Report {
        campaign: usize,
        milestone: usize,
    },
    /// The Content Expert verifies a reported milestone (its tranche is paid out).
    Verify {
        campaign: usize,
        milestone: usize,
    },
    /// The Content Expert sends a reported milestone back (a second time ends the project).
    SendBack {
        campaign: usize,
        milestone: usize,
    },
    Sweep,
    /// A charging run killed after `after_ms`.
    CutSweep {
        after_ms: u64,
    },
}

impl Op {
    /// The next request; campaigns are ended by hand (refusal, close, refund) only in the
    /// run's `late` part, so that they first reach their goal, their charges and payouts.
    fn drawn(s: &mut Schedule, late: bool) -> Self {
        let (donor, campaign) = (s.below(DONORS), s.below(CAMPAIGNS));
        let cents = 100_000 * (1 + s.below(12) as i64);
        match s.below(100) {
            0..30 => Op::Pledge {
                donor,
                campaign,
                cents,
                card: match s.below(8) {
                    0 | 1 => DECLINED,
                    2 => ASKS,
                    _ => GOOD,
                },
            },
            30..42 => Op::Change {
                donor,
                campaign,
                cents,
            },
            42..50 => Op::Cancel { donor, campaign },
            50..56 => Op::NewCard { donor, campaign },
            56..60 => Op::Confirm { donor, campaign },
            60..72 => Op::Approve { campaign },
            // Each campaign has its own end: the first may be refunded by its owner, the
            // second refused or closed by staff, the others run their course.
            72 if late => Op::Reject { campaign: 1 },
            73 if late => Op::Close { campaign: 1 },
            74 if late => Op::Refund { campaign: 0 },
            75..85 => Op::CutSweep {
                after_ms: s.below(15) as u64,
            },
            85..95 => {
                let (campaign, milestone) =
                    (ESCROWED.start + s.below(ESCROWED.len()), 1 + s.below(2));
                // The last escrow campaign is never verified: it ends abandoned, sent back
                // twice or past its deadlines, and refunds the rest of its escrow.
                let verifiable = campaign == ESCROWED.start;
                match s.below(5) {
                    2 | 3 if verifiable => Op::Verify {
                        campaign,
                        milestone,
                    },
                    0..=3 => Op::Report {
                        campaign,
                        milestone,
                    },
                    _ => Op::SendBack {
                        campaign,
                        milestone,
                    },
                }
            }
            _ => Op::Sweep,
        }
    }
}

struct World {
    app: TestApp,
    admin: String,
    expert: String,
    /// (owner token, slug, id) of each campaign.
    campaigns: Vec<(String, String, i64)>,
    donors: Vec<String>,
    /// The last pledge each donor made to each campaign.
    pledges: Mutex<HashMap<(usize, usize), i64>>,
}

impl World {
    fn pledge_of(&self, donor: usize, campaign: usize) -> Option<i64> {
        self.pledges
            .lock()
            .unwrap()
            .get(&(donor, campaign))
            .copied()
    }

    /// Runs `op`; what the API answered (status, body), or none when it sent nothing.
    async fn run(&self, op: Op) -> Option<(u16, Value)> {
        let app = &self.app;
        match op {
            Op::Pledge {
                donor,
                campaign,
                cents,
                card,
            } => {
                let (token, slug) = (&self.donors[donor], &self.campaigns[campaign].1);
                let path = format!("/api/projects/{slug}/card-setups");
                let (status, setup) = app.post_json_as(token, &path, &json!({})).await;
                if status != 201 {
                    return Some((status, setup));
                }
                let setup = confirm_card(app, &setup["data"], card).await;
                let answer = app
                    .post_json_as(
                        token,
                        &format!("/api/projects/{slug}/pledges"),
                        &json!({"setup_id": setup, "amount_cents": cents, "adult": true}),
                    )
                    .await;
                if answer.0 == 201 {
                    let id = answer.1["data"]["id"].as_i64().unwrap();
                    self.pledges.lock().unwrap().insert((donor, campaign), id);
                }
                Some(answer)
            }
            Op::Change {
                donor,
                campaign,
                cents,
            } => {
                let id = self.pledge_of(donor, campaign)?;
                let path = format!("/api/me/pledges/{id}");
                let body = json!({"amount_cents": cents});
                Some(app.patch_json_as(&self.donors[donor], &path, &body).await)
            }
            Op::Cancel { donor, campaign } => {
                let id = self.pledge_of(donor, campaign)?;
                let path = format!("/api/me/pledges/{id}");
                Some(app.delete_as(&self.donors[donor], &path).await)
            }
            Op::NewCard { donor, campaign } => {
                let (id, token) = (self.pledge_of(donor, campaign)?, &self.donors[donor]);
                let path = format!("/api/me/pledges/{id}/card-setups");
                let (status, setup) = app.post_json_as(token, &path, &json!({})).await;
                if status != 201 {
                    return Some((status, setup));
                }
                let setup = confirm_card(app, &setup["data"], GOOD).await;
                let path = format!("/api/me/pledges/{id}/card");
                Some(
                    app.put_json_as(token, &path, &json!({"setup_id": setup}))
                        .await,
                )
            }
            Op::Approve { campaign } | Op::Reject { campaign } => {
                let body = match op {
                    Op::Approve { .. } => json!({"verdict": "approve"}),
                    _ => json!({"verdict": "reject", "reason": "The ethics approval lapsed."}),
                };
                let path = format!("/api/staff/projects/{}/funding", self.campaigns[campaign].2);
                Some(app.post_json_as(&self.expert, &path, &body).await)
            }
            Op::Close { campaign } => {
                let path = format!("/api/staff/projects/{}/status", self.campaigns[campaign].2);
                Some(
                    app.post_json_as(&self.admin, &path, &json!({"action": "close"}))
                        .await,
                )
            }
            Op::Refund { campaign } => {
                let (owner, _, id) = &self.campaigns[campaign];
                let path = format!("/api/me/projects/{id}/refund");
                Some(app.post_json_as(owner, &path, &json!({})).await)
            }
            Op::Confirm { donor, campaign } => {
                let (id, token) = (self.pledge_of(donor, campaign)?, &self.donors[donor]);
                let path = format!("/api/me/pledges/{id}/authentication");
                let (status, challenge) = app.post_json_as(token, &path, &json!({})).await;
                if status != 201 {
                    return Some((status, challenge));
                }
                let challenge = &challenge["data"];
                let bank = format!(
                    "/api/test-processor/charges/{}/authenticate",
                    challenge["charge_id"].as_str().unwrap()
                );
                let body = json!({"client_secret": challenge["client_secret"], "approve": true});
                let (status, answer) = app.post_json(&bank, &body).await;
                if status != 200 {
                    return Some((status, answer));
                }
                Some(
                    app.post_json_as(token, &format!("{path}/complete"), &json!({}))
                        .await,
                )
            }
            Op::Report {
                campaign,
                milestone,
            } => {
                let (owner, _, id) = &self.campaigns[campaign];
                let path = format!("/api/me/projects/{id}/milestones/{milestone}/report");
                let body = json!({"evidence": "<p>Done.</p>", "links": ["https://osf.io/abc12/"]});
                Some(app.post_json_as(owner, &path, &body).await)
            }
            Op::Verify {
                campaign,
                milestone,
            }
            | Op::SendBack {
                campaign,
                milestone,
            } => {
                let id = self.campaigns[campaign].2;
                let (verdict, body) = match op {
                    Op::Verify { .. } => ("verify", json!({})),
                    _ => ("return", json!({"reason": "The evidence is not shared."})),
                };
                let path = format!("/api/staff/projects/{id}/milestones/{milestone}/{verdict}");
                Some(app.post_json_as(&self.expert, &path, &body).await)
            }
            Op::Sweep => {
                charging::resume(&app.ctx, kernel::clock::now())
                    .await
                    .unwrap();
                None
            }
            Op::CutSweep { after_ms } => {
                let ctx = app.ctx.clone();
                let run =
                    tokio::spawn(async move { charging::resume(&ctx, kernel::clock::now()).await });
                tokio::time::sleep(Duration::from_millis(after_ms)).await;
                run.abort();
                // Killed, or done first: either way what it left is the sweep's to finish.
                let _ = run.await;
                None
            }
        }
    }
}

async fn world() -> World {
    let app = spawn_app_with(|config| config.test_processor_latency_ms = 5).await;
    let admin = app
        .signed_in_staff("admin@example.org", STAFF_PASSWORD)
        .await;
    let expert = content_expert(&app, EXPERT).await;
    let mut campaigns = Vec::new();
    for n in 0..CAMPAIGNS {
        let owner = app
            .signed_in_user(&format!("owner{n}@example.org"), PASSWORD)
            .await;
        make_eligible(&app, &owner, PASSWORD, &admin).await;
        let milestones = if ESCROWED.contains(&n) {
            json!([
                {"title": "Recruitment", "amount_cents": 100_003, "description": "Nurses."},
                {"title": "Analysis", "amount_cents": 99_997, "description": "Statistics."}
            ])
        } else {
            json!([])
        };
        let slug = live_with(&app, &owner, &admin, &format!("Campaign {n}"), milestones).await;
        payout_ready(&app, &owner).await;
        let (_, page) = app.get_json(&format!("/api/projects/{slug}")).await;
        let id = page["data"]["id"].as_i64().unwrap();
        campaigns.push((owner, slug, id));
    }
    let mut donors = Vec::new();
    for n in 0..DONORS {
        donors.push(
            app.signed_in_user(&format!("donor{n}@example.org"), PASSWORD)
                .await,
        );
    }
    World {
        app,
        admin,
        expert,
        campaigns,
        donors,
        pledges: Mutex::default(),
    }
}

/// Lets every campaign run to its end: decided by the Content Expert, past its deadline and
/// every grace period, swept until nothing moves.
async fn run_out(world: &World) {
    kernel::clock::advance(chrono::Duration::days(45));
    let now = kernel::clock::now();
    deadlines::close_ended(&world.app.ctx, now).await.unwrap();
    // A goal reached after the schedule's last approval waits for the Content Expert, as
    // it would for ever: once the campaigns have ended they decide on each once more, signed
    // in afresh (their session ended with the weeks), approving what waits for them.
    let expert = world.app.sign_in(EXPERT, STAFF_PASSWORD).await;
    for (_, _, id) in &world.campaigns {
        let path = format!("/api/staff/projects/{id}/funding");
        let body = json!({"verdict": "approve"});
        let (status, answer) = world.app.post_json_as(&expert, &path, &body).await;
        assert!(
            status == 200 || answer["code"] == "not_awaiting_approval",
            "the last approval of campaign {id} answered {status}: {answer}"
        );
    }
    for _ in 0..4 {
        charging::resume(&world.app.ctx, now).await.unwrap();
    }
    // The escrows end: the first escrow campaign's owner reports what is left and the Content
    // Expert verifies it (paid out in full, unless the schedule sent a milestone back twice);
    // the second's owner never reports again, and its deadlines pass. A report of the second
    // the schedule left waiting would wait for the Content Expert for ever (a reported
    // milestone is not missed): they send it back, as they never verify it.
    let last = world.campaigns[ESCROWED.end - 1].2;
    for milestone in 1..=2 {
        let path = format!("/api/staff/projects/{last}/milestones/{milestone}/return");
        let body = json!({"reason": "The evidence is not shared."});
        world.app.post_json_as(&expert, &path, &body).await;
    }
    let owner = world
        .app
        .sign_in(&format!("owner{}@example.org", ESCROWED.start), PASSWORD)
        .await;
    let id = world.campaigns[ESCROWED.start].2;
    for milestone in 1..=2 {
        let path = format!("/api/me/projects/{id}/milestones/{milestone}/report");
        let body = json!({"evidence": "<p>Done at last.</p>"});
        world.app.post_json_as(&owner, &path, &body).await;
        let path = format!("/api/staff/projects/{id}/milestones/{milestone}/verify");
        world.app.post_json_as(&expert, &path, &json!({})).await;
    }
    kernel::clock::advance(chrono::Duration::days(800));
    for _ in 0..2 {
        charging::resume(&world.app.ctx, kernel::clock::now())
            .await
            .unwrap();
    }
}

/// The books hold, whatever happened.
async fn the_books_hold(world: &World) {
    let ctx = &world.app.ctx;
    let report = reconciliation::report(ctx).await.unwrap();
    assert_eq!(report.discrepancies, [], "reconciliation");
    let processor = payments::test_processor::TestProcessor::of(ctx).unwrap();
    let mut kept_by_pledge: HashMap<i64, usize> = HashMap::new();
    let mut in_full: HashMap<i64, usize> = HashMap::new();
    for charge in processor.list_charges().await.unwrap() {
        let kept = charge.succeeded && charge.refunded_cents < charge.amount_cents;
        // An abandoned escrow refunds each charge in part: the pledge is refunded, the
        // charge not kept in full.
        let whole = charge.succeeded && charge.refunded_cents == 0;
        let pledge = charge
            .key
            .as_deref()
            .and_then(|k| k.strip_prefix("pledge-")?.split('-').next()?.parse().ok());
        if let (true, Some(pledge)) = (kept, pledge) {
            *kept_by_pledge.entry(pledge).or_default() += 1;
        }
        if let (true, Some(pledge)) = (whole, pledge) {
            *in_full.entry(pledge).or_default() += 1;
        }
    }
    // Read from the table: the donors' sessions ended with the weeks the campaigns ran out.
    let pledges = ctx
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            ctx.db.get_database_backend(),
            "SELECT id, status FROM project_pledges",
        ))
        .await
        .unwrap();
    let mut by_status: HashMap<String, usize> = HashMap::new();
    for row in pledges {
        let id: i64 = row.try_get("", "id").unwrap();
        let status: String = row.try_get("", "status").unwrap();
        *by_status.entry(status.clone()).or_default() += 1;
        let kept = kept_by_pledge.get(&id).copied().unwrap_or_default();
        assert!(kept <= 1, "pledge {id} charged {kept} times");
        let whole = in_full.get(&id).copied().unwrap_or_default();
        assert_eq!(
            whole == 1,
            status == "charged",
            "pledge {id} is {status} with {whole} charge(s) kept in full"
        );
    }
    eprintln!("money torture: pledges {by_status:?}");
    for (_, slug, id) in &world.campaigns {
        let (_, page) = world.app.get_json(&format!("/api/projects/{slug}")).await;
        let state = page["data"]["funding"]["state"]
            .as_str()
            .unwrap()
            .to_owned();
        eprintln!("money torture: campaign {id} ended {state}");
        let totals = ledger::totals(&ctx.db, *id).await.unwrap();
        assert!(
            !matches!(
                state.as_str(),
                "open" | "goal_reached" | "charging" | "funded" | "in_escrow"
            ),
            "campaign {id} never settled: {state}"
        );
        if !matches!(state.as_str(), "disbursed" | "abandoned") {
            assert_eq!(
                (
                    totals.collected_cents,
                    totals.fees_cents,
                    totals.paid_out_cents
                ),
                (0, 0, 0),
                "campaign {id} ({state}) let go of its funding but holds money"
            );
        } else {
            assert_eq!(
                totals.collected_cents - totals.fees_cents - totals.paid_out_cents,
                0,
                "campaign {id} ({state}) paid out, or gave back, all it collected less the fee"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn money_torture() {
    let seed = std::env::var("MONEY_TORTURE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64 | 1)
        });
    let seconds = std::env::var("MONEY_TORTURE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    eprintln!("money torture: seed {seed} (MONEY_TORTURE_SEED={seed} replays it), {seconds} s");
    let world = world().await;
    let mut schedule = Schedule(seed);
    let started = Instant::now();
    let (late, until) = (
        started + Duration::from_secs(seconds) * 3 / 5,
        started + Duration::from_secs(seconds),
    );
    let mut sent = 0;
    while Instant::now() < until {
        let late = Instant::now() >= late;
        let ops: Vec<Op> = (0..AT_ONCE)
            .map(|_| Op::drawn(&mut schedule, late))
            .collect();
        let answers = join_all(ops.iter().map(|op| world.run(*op))).await;
        for (op, answer) in ops.iter().zip(answers) {
            if let Some((status, body)) = answer {
                sent += 1;
                assert!(
                    status < 500,
                    "seed {seed}: {op:?} answered {status}: {body}"
                );
            }
        }
    }
    eprintln!("money torture: {sent} requests");
    run_out(&world).await;
    the_books_hold(&world).await;
}
