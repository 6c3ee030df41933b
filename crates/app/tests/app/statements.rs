//! Issue 16: lists ran a query per item (each topic's first replies), a replies page
//! loaded its group twice. Every read of the contract runs a fixed number of SQL
//! statements, the same for a page of one item as for a page of a hundred, and no more
//! than its budget in `statements.tsv` (counted as `COHORT_LOG_SQL` reports them, for a
//! visitor, the group's owner and an admin, whoever may read it).
//!
//! `STATEMENTS_PRINT=1` prints the observed counts.

use std::collections::BTreeMap;

use kernel::events::Event;

use crate::scene::{ROLES, concrete, contract_operations, scene};

/// Something changed: the cached public reads are dropped, so every read is counted.
struct Changed;
impl Event for Changed {}

/// The callers whose reads are counted.
const CALLERS: [&str; 3] = ["visitor", "owner", "admin"];

fn budgets() -> BTreeMap<String, Option<u32>> {
    include_str!("statements.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut cells = line.split('\t');
            let id = cells.next().unwrap().to_owned();
            (id, cells.next().and_then(|b| b.trim().parse().ok()))
        })
        .collect()
}

#[tokio::test]
async fn every_read_runs_a_fixed_number_of_statements_within_its_budget() {
    let budgets = budgets();
    let (app, scene, tokens) = scene().await;
    let reads: Vec<_> = contract_operations()
        .into_iter()
        .filter(|op| op.method == reqwest::Method::GET)
        .collect();
    let missing: Vec<&str> = reads
        .iter()
        .map(|op| op.id.as_str())
        .filter(|id| !budgets.contains_key(*id))
        .collect();
    let mut observed: BTreeMap<String, u32> = BTreeMap::new();
    let mut growing = Vec::new();
    for op in &reads {
        if budgets.get(&op.id) == Some(&None) {
            continue;
        }
        for caller in CALLERS {
            let index = ROLES.iter().position(|r| *r == caller).unwrap();
            let token = tokens[index].as_deref();
            let path = concrete(&op.template, &op.id, &scene);
            let sizes: &[Option<u32>] = if op.paged {
                &[Some(1), Some(100)]
            } else {
                &[None]
            };
            let mut counts = Vec::new();
            for size in sizes {
                app.ctx.events.publish(Changed).await;
                let url = match size {
                    Some(n) if path.contains('?') => format!("{path}&perPage={n}"),
                    Some(n) => format!("{path}?perPage={n}"),
                    None => path.clone(),
                };
                let mut request = app.client.get(app.url(&url));
                if let Some(token) = token {
                    request = request.bearer_auth(token);
                }
                let response = request.send().await.unwrap();
                if !response.status().is_success() {
                    continue;
                }
                let count: u32 = response
                    .headers()
                    .get(app::http::statements::HEADER)
                    .unwrap_or_else(|| panic!("{url}: no statement count"))
                    .to_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                if std::env::var("STATEMENTS_PRINT").is_ok() {
                    eprintln!("raw\t{}\t{caller}\t{count}\t{url}", op.id);
                }
                counts.push(count);
            }
            if counts.windows(2).any(|w| w[0] != w[1]) {
                growing.push(format!(
                    "{} ({caller}): {counts:?} for 1 and 100 items",
                    op.id
                ));
            }
            let most = counts.into_iter().max().unwrap_or(0);
            let entry = observed.entry(op.id.clone()).or_default();
            *entry = (*entry).max(most);
        }
    }
    if std::env::var("STATEMENTS_PRINT").is_ok() {
        for (id, count) in &observed {
            println!("{id}\t{count}");
        }
    }
    let over: Vec<String> = observed
        .iter()
        .filter_map(|(id, count)| {
            let budget = budgets.get(id).copied().flatten()?;
            (*count > budget).then(|| format!("{id}: {count} statements, budget {budget}"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "reads without a row in statements.tsv: {missing:?}"
    );
    assert!(
        growing.is_empty(),
        "statements grow with the page:\n{}",
        growing.join("\n")
    );
    assert!(over.is_empty(), "over budget:\n{}", over.join("\n"));
}
