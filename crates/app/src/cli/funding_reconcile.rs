//! `cohort funding reconcile`: the three-way reconciliation (the processor, the ledger and
//! the totals shown) from the command line, one line per difference with what to do; the
//! command fails (exit 1) when there is any, so a cron job or a pipeline notices.

use kernel::config::Config;
use projects::service::reconciliation::{self, Discrepancy, Report};

/// Runs the reconciliation on the deployment `config` names: what agreed, or an error
/// listing every difference.
pub async fn run(config: Config) -> anyhow::Result<String> {
    let ctx = crate::startup::build_context(config).await?;
    let report = reconciliation::report(&ctx)
        .await
        .map_err(|e| anyhow::anyhow!(e.body().message))?;
    describe(&report)
}

fn cents(value: i64) -> String {
    format!("{}.{:02}", value / 100, (value % 100).abs())
}

fn line(d: &Discrepancy) -> String {
    let project = match d.project_id {
        Some(id) => format!("{} (#{id})", d.project_title),
        None => d.project_title.clone(),
    };
    let reference = d
        .reference
        .as_deref()
        .map(|r| format!(" [{r}]"))
        .unwrap_or_default();
    let theirs = d
        .processor_cents
        .map(|[a, b]| format!("; processor {} / {}", cents(a), cents(b)))
        .unwrap_or_default();
    format!(
        "{}: {project}{reference}: {} Cohort {} / {}{theirs}. {}",
        d.side.as_str(),
        d.problem,
        cents(d.ledger_cents[0]),
        cents(d.ledger_cents[1]),
        d.action
    )
}

fn describe(report: &Report) -> anyhow::Result<String> {
    let checked = format!(
        "{} charge(s), {} payout(s), {} project(s)",
        report.charges, report.payouts, report.projects
    );
    if report.discrepancies.is_empty() {
        return Ok(format!(
            "The processor, the ledger and the totals agree: {checked}."
        ));
    }
    let lines: Vec<String> = report.discrepancies.iter().map(line).collect();
    anyhow::bail!(
        "{}\n{} difference(s) found in {checked}.",
        lines.join("\n"),
        lines.len()
    )
}
