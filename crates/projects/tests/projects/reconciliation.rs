//! Reconciliation, three ways (issue 42, finding 6): it used to check only that the ledger's
//! charges were at the processor. A difference is planted in each side — a charge only the
//! processor has, a charge only the ledger has, an entry whose double-entry postings no
//! longer balance, a raised amount that matches neither the ledger nor the pledges — and each
//! is listed with what to do, by the console's endpoint.

use kernel::payments::{ChargeRequest, PaymentProvider};
use projects::service::ledger::Entry;
use projects::service::{charging, reconciliation};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use testkit::projects::payout_ready;
use testkit::spawn_app;

use super::campaigns::*;

#[tokio::test]
async fn reconciliation_finds_a_difference_planted_in_each_of_its_three_sides() {
    let app = spawn_app().await;
    let admin = app
        .signed_in_staff("admin@example.org", "staff password 1")
        .await;
    let c = at_goal(&app, &admin, ["4242424242424242"; 3]).await;
    payout_ready(&app, &c.owner).await;
    approve(&app, &c).await;
    charging::run(&app.ctx, c.id, kernel::clock::now())
        .await
        .unwrap();
    assert_eq!(funding(&app, &c.slug).await["state"], "disbursed");
    let clean = reconciled(&app, &admin).await;
    assert_eq!(clean["discrepancies"], json!([]), "{clean}");
    assert_eq!(
        (&clean["charges"], &clean["payouts"], &clean["projects"]),
        (&json!(3), &json!(1), &json!(1))
    );

    // The processor's side: a charge made under a pledge's key and never recorded.
    let (first, second) = (c.backers[0].1, c.backers[1].1);
    let (customer, method) = projects_pledge(&app, first).await;
    let key = charging::charge_key(first, 9);
    processor(&app)
        .charge(&ChargeRequest {
            customer_id: &customer,
            method_id: &method,
            amount_cents: 777,
            currency: "cad",
            idempotency_key: &key,
            description: "Pledge to Early sepsis",
        })
        .await
        .unwrap();
    // The ledger's side: a charge the processor never made.
    Entry::pledge(c.id, second, projects::enums::LedgerKind::Charged, 500)
        .moved(Some("ch_never_made".into()), "planted-charge".into())
        .write(&app.ctx.db)
        .await
        .unwrap();
    // The ledger's own books: a cent taken off the escrow leg of the first charge's postings.
    app.ctx
        .db
        .execute_unprepared(&format!(
            "UPDATE project_ledger_postings SET amount_cents = amount_cents - 1 WHERE id = \
             (SELECT MIN(id) FROM project_ledger_postings WHERE project_id = {} AND account = 'escrow')",
            c.id
        ))
        .await
        .unwrap();
    // The totals' side: the raised amount shown moved without a pledge.
    app.ctx
        .db
        .execute_unprepared(&format!(
            "UPDATE projects SET raised_cents = raised_cents + 100 WHERE id = {}",
            c.id
        ))
        .await
        .unwrap();

    let found = reconciled(&app, &admin).await;
    let listed: Vec<(&str, &str, &Value)> = found["discrepancies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["side"].as_str().unwrap(),
                d["problem"].as_str().unwrap(),
                &d["pledge_id"],
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("ledger", reconciliation::NO_RECORD, &json!(second)),
            (
                "processor",
                reconciliation::UNRECORDED_CHARGE,
                &json!(first)
            ),
            ("ledger", reconciliation::POSTINGS_DIFFER, &json!(first)),
            ("totals", reconciliation::RAISED_VS_LEDGER, &Value::Null),
            ("totals", reconciliation::RAISED_VS_PLEDGES, &Value::Null),
            // The planted charge and the cent off its leg are left in a disbursed project's escrow.
            ("ledger", reconciliation::ESCROW_LEFT, &Value::Null),
        ],
        "{found}"
    );
    for d in found["discrepancies"].as_array().unwrap() {
        assert_eq!(d["project_id"], c.id, "{d}");
        assert!(!d["action"].as_str().unwrap().is_empty(), "{d}");
    }
    assert_eq!(
        found["discrepancies"][1]["processor_cents"],
        json!([777, 0])
    );
    assert_eq!(
        found["discrepancies"][2]["ledger_cents"],
        json!([-1, 1_000_000]),
        "the postings sum to a cent less than nothing, for an entry of CA$10,000"
    );
    assert_eq!(
        found["discrepancies"][3]["ledger_cents"],
        json!([2_500_100, 2_500_000]),
        "shown, as the ledger has it"
    );
    assert_eq!(
        found["discrepancies"][5]["ledger_cents"],
        json!([499, 0]),
        "held (the planted charge of 500, less the cent), as a disbursed project should hold"
    );
}
