//! All or nothing, to the end (issue 42, finding 7): a declined donor who gives no new card in
//! the grace period lapses. The terms say "If the goal is not met or approval is not given,
//! donors are not charged": when the lapses take what was collected below the goal, the goal
//! is not met, so every charge is refunded in full and nothing is paid out; every donor hears
//! why, the lapsed one too.

use kernel::payments::PaymentProvider;
use payments::test_processor::ChargeStatus;
use projects::service::{charging, ledger};
use serde_json::Value;
use testkit::spawn_app;

use super::campaigns::*;

/// A campaign through its first charging run with CA$10,000 + CA$10,000 charged and
/// CA$5,000 declined: CA$20,000 of a CA$25,000 goal while the declined donor may give a
/// new card.
async fn short_by_a_decline(app: &testkit::TestApp) -> Campaign {
    let cards = ["4242424242424242", "4242424242424242", "4000000000000002"];
    charged(app, cards).await.1
}

#[tokio::test]
async fn a_lapse_that_takes_the_funding_below_the_goal_refunds_everyone_and_pays_nothing_out() {
    let app = spawn_app().await;
    let c = short_by_a_decline(&app).await;
    assert_eq!(funding(&app, &c.slug).await["state"], "charging");

    // The grace period ends with no new card.
    kernel::clock::advance(chrono::Duration::days(8));
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    let page = funding(&app, &c.slug).await;
    assert_eq!(page["state"], "released", "{page}");
    let totals = ledger_matches(&app, &c).await;
    assert_eq!(
        (
            totals.collected_cents,
            totals.fees_cents,
            totals.paid_out_cents
        ),
        (0, 0, 0),
        "every charge refunded, no fee kept, nothing paid out"
    );
    assert!(processor(&app).payouts().await.unwrap().is_empty());
    for charge in processor(&app).charges().await.unwrap() {
        if charge.status == ChargeStatus::Succeeded {
            let record = processor(&app)
                .charge_record(&charge.id)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(record.refunded_cents, charge.amount_cents);
        }
    }
    let statuses: Vec<Value> = {
        let mut all = Vec::new();
        for (token, id) in &c.backers {
            all.push(pledge_of(&app, token, *id).await["status"].clone());
        }
        all
    };
    assert_eq!(statuses, ["refunded", "refunded", "lapsed"]);
    assert!(
        notice_titles(&app, &c.backers[0].0)
            .await
            .contains(&"Campaign fell short of its goal".to_owned())
    );
    assert!(
        notice_titles(&app, &c.backers[2].0)
            .await
            .contains(&"Your pledge lapsed".to_owned())
    );
    assert!(
        notice_titles(&app, &c.owner)
            .await
            .contains(&"Campaign fell short of its goal".to_owned())
    );
    assert_eq!(ledger::totals(&app.ctx.db, c.id).await.unwrap(), totals);
}

/// Two runs settle the same lapse (the sweep's and a caller's): the one that loses the state
/// change does not return before the refunds the winner started are done, so a run that has
/// returned never leaves a released campaign holding its donors' money.
#[tokio::test]
async fn a_run_that_loses_the_release_to_another_returns_with_everyone_refunded() {
    let app = spawn_app().await;
    let c = short_by_a_decline(&app).await;
    kernel::clock::advance(chrono::Duration::days(8));

    let runs = (0..3).map(|_| {
        let ctx = app.ctx.clone();
        tokio::spawn(async move { charging::run(&ctx, c.id, kernel::clock::now()).await })
    });
    let (first, _, rest) = futures_util::future::select_all(runs).await;
    first.unwrap().unwrap();
    let totals = ledger::totals(&app.ctx.db, c.id).await.unwrap();
    assert_eq!(funding(&app, &c.slug).await["state"], "released");
    assert_eq!(
        totals.collected_cents, 0,
        "the first run back left money collected: {totals:?}"
    );
    for run in rest {
        run.await.unwrap().unwrap();
    }
}
