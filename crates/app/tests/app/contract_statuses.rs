//! Issue 21, item 9: the contract tells the truth about sessions and refusals. The permission
//! matrix (`permissions.tsv`, which `permissions.rs` holds to the server's real answers for
//! every role) is the evidence: every refusal an operation really answers is documented on it,
//! an operation a visitor is refused with a 401 declares that it needs the bearer session (and
//! one that admits visitors does not), and the console's operations (and the dev mailbox's) name the staff role.

use std::collections::BTreeMap;

use serde_json::Value;

/// Each operation's documented statuses and security, by operation id.
fn documented() -> BTreeMap<String, (Vec<String>, Value, String)> {
    let doc = serde_json::to_value(app::api::openapi()).unwrap();
    let mut found = BTreeMap::new();
    for (template, item) in doc["paths"].as_object().unwrap() {
        for op in item.as_object().unwrap().values() {
            let Some(id) = op["operationId"].as_str() else {
                continue;
            };
            let statuses = op["responses"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            found.insert(
                id.to_owned(),
                (statuses, op["security"].clone(), template.clone()),
            );
        }
    }
    found
}

/// The matrix's rows: operation id → the outcome per role (visitor first).
fn matrix() -> Vec<(String, Vec<String>)> {
    include_str!("permissions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut cells = line.split('\t').map(str::to_owned);
            (cells.next().unwrap(), cells.collect())
        })
        .collect()
}

#[test]
fn every_refusal_an_operation_answers_is_in_its_documentation() {
    let documented = documented();
    let mut undocumented = Vec::new();
    for (id, outcomes) in matrix() {
        let (statuses, _, _) = &documented[&id];
        for outcome in outcomes.iter().filter(|o| *o != "ok") {
            if !statuses.contains(outcome) {
                undocumented.push(format!("{id} answers {outcome}"));
            }
        }
    }
    undocumented.dedup();
    assert!(undocumented.is_empty(), "{}", undocumented.join("\n"));
}

#[test]
fn an_operation_declares_the_session_exactly_when_a_visitor_is_refused_for_lack_of_one() {
    let documented = documented();
    let mut wrong = Vec::new();
    for (id, outcomes) in matrix() {
        let (_, security, template) = &documented[&id];
        let requirements = security.as_array().cloned().unwrap_or_default();
        let needs_session = !requirements.is_empty()
            && !requirements
                .iter()
                .any(|r| r.as_object().is_some_and(|o| o.is_empty()));
        let staff_role = requirements
            .iter()
            .any(|r| r["bearer"] == serde_json::json!(["staff"]));
        // The console (and the dev mailbox) answers anyone but staff with its 404, a visitor too.
        let console = template.starts_with("/api/staff/") || template.starts_with("/api/dev/");
        let visitor_refused = outcomes[0] == "401" || console;
        if needs_session != visitor_refused {
            wrong.push(format!(
                "{id}: declares a session {needs_session}, visitor gets {}",
                outcomes[0]
            ));
        }
        if staff_role != console {
            wrong.push(format!("{id}: staff role {staff_role} on {template}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_bearer_scheme_is_declared() {
    let doc = serde_json::to_value(app::api::openapi()).unwrap();
    let scheme = &doc["components"]["securitySchemes"]["bearer"];
    assert_eq!(scheme["type"], "http");
    assert_eq!(scheme["scheme"], "bearer");
}
