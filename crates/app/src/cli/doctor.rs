//! `cohort doctor`: reads a deployment's configuration (the same environment `serve` reads)
//! and says what is unsafe for production and what is worth changing, then checks that the
//! services it names answer (database and schema, storage, Redis, the mail server). It changes
//! nothing: no migration, no mail; the storage probe is written and deleted at once. Exits
//! non-zero when anything is unsafe, for deploy pipelines.

use std::fmt;
use std::net::IpAddr;
use std::time::Duration;

use kernel::config::{Config, Payments};
use sea_orm::DbBackend;

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Fine,
    /// Worth changing; safe to serve as it is.
    Advice,
    /// Unsafe, and the operator said so knowingly (`--accept TOPIC`): a deployment that
    /// raises no money keeps the test processor, for example.
    Accepted,
    /// Do not serve members this way.
    Unsafe,
}

/// One thing the doctor found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub verdict: Verdict,
    /// What it is about (`mail`, `storage`, …).
    pub topic: &'static str,
    pub text: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = match self.verdict {
            Verdict::Fine => "ok     ",
            Verdict::Advice => "advice ",
            Verdict::Accepted => "accepted",
            Verdict::Unsafe => "UNSAFE ",
        };
        write!(f, "{mark} {:<9} {}", self.topic, self.text)
    }
}

fn finding(verdict: Verdict, topic: &'static str, text: impl Into<String>) -> Finding {
    Finding {
        verdict,
        topic,
        text: text.into(),
    }
}

/// Whether `host` (of a URL) is this machine.
fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost" || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn host_of(url: &str) -> String {
    url::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_default()
}

/// What the configuration alone says, without reaching any service.
pub fn configuration(config: &Config) -> Vec<Finding> {
    use Verdict::{Advice, Fine, Unsafe};
    // Several instances share Redis: that is when per-instance defaults stop being enough.
    let several = config.redis_url.is_some();
    let mut found = Vec::new();

    found.push(if config.dev {
        finding(Unsafe, "mode", "COHORT_DEV=on: staff can read every e-mail and SMS the site sends (reset links, codes) at /dev/mailbox")
    } else {
        finding(Fine, "mode", "production mode (COHORT_DEV off)")
    });

    let public_host = host_of(&config.public_url);
    found.push(if is_loopback(&public_host) {
        finding(Unsafe, "address", format!("COHORT_PUBLIC_URL is {}: links in e-mail would point at this machine, not the site", config.public_url))
    } else if !config.public_url.starts_with("https://") {
        finding(Unsafe, "address", format!("COHORT_PUBLIC_URL is {}: passwords and sessions would cross the network in clear; serve it over https (deploy/nginx/cohort.conf)", config.public_url))
    } else {
        finding(Fine, "address", format!("members reach the site at {}", config.public_url))
    });

    found.push(match (&config.secret_key, several) {
        (Some(_), _) => finding(Fine, "key", "COHORT_SECRET_KEY is set"),
        (None, true) => finding(Unsafe, "key", "no COHORT_SECRET_KEY while several instances share Redis: each would sign links and challenges with its own generated key, and the others would refuse them"),
        (None, false) => finding(Advice, "key", "the signing key is generated in the data dir: fine for one instance; set COHORT_SECRET_KEY (32+ characters) before adding a second"),
    });

    found.push(match &config.smtp_url {
        None => finding(Unsafe, "mail", "no COHORT_SMTP_URL: mail is kept in the database, not delivered, so members cannot confirm accounts or reset passwords"),
        Some(url) => {
            let host = host_of(url);
            let encrypted = url.starts_with("smtps://") || url.contains("tls=required");
            let has_account = url::Url::parse(url).is_ok_and(|u| u.password().is_some());
            if !encrypted && has_account && !is_loopback(&host) {
                finding(Unsafe, "mail", format!("COHORT_SMTP_URL sends its password to {host} without TLS; use ?tls=required or smtps://"))
            } else if !encrypted && !is_loopback(&host) {
                finding(Advice, "mail", format!("mail goes to {host} without TLS; add ?tls=required unless the relay is on a trusted network"))
            } else {
                finding(Fine, "mail", format!("mail goes through {host}"))
            }
        }
    });

    found.push(match &config.sms_url {
        None => finding(Advice, "sms", "no COHORT_SMS_URL: text messages are kept in the database, so phone confirmation and SMS codes do not reach members"),
        Some(_) => finding(Fine, "sms", "text messages go to the configured provider"),
    });

    for (on, name, text) in [
        (
            config.captcha,
            "captcha",
            "COHORT_CAPTCHA=off: public forms accept any captcha value, and bots sign up freely",
        ),
        (
            config.rate_limits,
            "limits",
            "COHORT_RATE_LIMITS=off: sign-in, sign-up, resets and SMS are not rate limited, so passwords can be guessed at full speed",
        ),
    ] {
        found.push(if on {
            finding(Fine, name, format!("{name} on"))
        } else {
            finding(Unsafe, name, text)
        });
    }

    found.push(match &config.payments {
        Payments::Test => finding(Unsafe, "payments", "COHORT_PAYMENTS is the built-in test processor: pledges take test cards and no money moves"),
        Payments::Stripe(_) => finding(Fine, "payments", "pledges are charged through Stripe"),
    });

    let on_sqlite = config
        .database_url
        .as_deref()
        .is_none_or(|url| url.starts_with("sqlite:"));
    found.push(match (on_sqlite, several) {
        (true, true) => finding(Unsafe, "database", "several instances (REDIS_URL) on SQLite: each would have its own database; give them one PostgreSQL DATABASE_URL"),
        (true, false) => finding(Advice, "database", "SQLite in the data dir: fine for one instance; several need PostgreSQL"),
        (false, _) => finding(Fine, "database", "PostgreSQL"),
    });

    found.push(match &config.object_storage {
        Some(location) => match &location.endpoint {
            Some(endpoint) if endpoint.starts_with("http://") && !is_loopback(&host_of(endpoint)) => {
                finding(Advice, "storage", format!("{} is reached over plain http at {endpoint}: files and keys cross the network in clear", location.url()))
            }
            _ => finding(Fine, "storage", format!("uploads in {}", location.url())),
        },
        None if several => finding(Unsafe, "storage", "several instances keep uploads in their own data dirs: a file uploaded to one is missing on the others; set COHORT_STORAGE_URL=s3://…"),
        None => finding(Fine, "storage", format!("uploads in {}", config.data_dir.join("media").display())),
    });

    found.push(if config.trusted_proxies.is_empty() {
        finding(Advice, "proxies", "no COHORT_TRUSTED_PROXIES: behind a reverse proxy, every client would share the proxy's address and its rate limits; set it to the proxy's address")
    } else {
        finding(Fine, "proxies", format!("client addresses are read from {} trusted prox(ies)", config.trusted_proxies.len()))
    });

    if config.metrics_addr.is_none() {
        found.push(finding(Advice, "metrics", "/metrics is served on the public port: keep it off at the proxy (deploy/nginx does) or set COHORT_METRICS_ADDR to a private address"));
    }
    if !config.log_json {
        found.push(finding(
            Advice,
            "logs",
            "COHORT_LOG_FORMAT=json gives log shippers one object per line",
        ));
    }
    found
}

/// The configuration's unsafe findings an operator may accept as they are (`--accept`):
/// those that put no member at risk. The test processor moves no money, which a deployment
/// that raises none wants; a dev mailbox, mail that is not delivered or a key each instance
/// makes for itself are never right for members.
pub const ACCEPTABLE: [&str; 1] = ["payments"];

/// The configuration's `found` with its unsafe findings on the `accepted` topics marked
/// accepted: they are printed, and no longer fail the run. (Only the configuration's: a
/// service that does not answer is never accepted.)
pub fn accept(found: Vec<Finding>, accepted: &[String]) -> Vec<Finding> {
    found
        .into_iter()
        .map(|mut finding| {
            if finding.verdict == Verdict::Unsafe && accepted.iter().any(|a| a == finding.topic) {
                finding.verdict = Verdict::Accepted;
            }
            finding
        })
        .collect()
}

/// Whether the services the configuration names answer. Changes nothing.
pub async fn services(config: &Config) -> Vec<Finding> {
    use Verdict::{Fine, Unsafe};
    let mut found = Vec::new();

    match database(config).await {
        Ok(state) => found.push(state),
        Err(e) => found.push(finding(
            Unsafe,
            "database",
            format!("cannot be reached: {e:#}"),
        )),
    }

    let storage = crate::startup::storage_for(config);
    let probe = "doctor/probe";
    let written = match &storage {
        Ok(storage) => match storage.put(probe, b"ok").await {
            Ok(()) => storage.delete(probe).await.map_err(anyhow::Error::from),
            Err(e) => Err(e.into()),
        },
        Err(e) => Err(anyhow::anyhow!("{e:#}")),
    };
    found.push(match written {
        Ok(()) => finding(Fine, "storage", "takes a file"),
        Err(e) => finding(Unsafe, "storage", format!("does not take a file: {e:#}")),
    });

    if let Some(url) = &config.redis_url {
        let answers = tokio::time::timeout(Duration::from_secs(5), async {
            match feed::live::Hub::with_redis(url).await {
                Ok(hub) => hub.redis_answers().await == Some(true),
                Err(_) => false,
            }
        })
        .await
        .unwrap_or(false);
        found.push(if answers {
            finding(Fine, "redis", "answers")
        } else {
            finding(
                Unsafe,
                "redis",
                format!("{} does not answer", kernel::db::redact(url)),
            )
        });
    }

    if let Some(url) = &config.smtp_url {
        let answered = match crate::startup::smtp_for(config, url) {
            Ok(mailer) => mailer.answers().await.map_err(anyhow::Error::from),
            Err(e) => Err(e),
        };
        found.push(match answered {
            Ok(()) => finding(
                Fine,
                "mail",
                "the server greets, and takes the TLS and account configured",
            ),
            Err(e) => finding(
                Unsafe,
                "mail",
                format!("the server does not take the configuration: {e:#}"),
            ),
        });
    }
    found
}

async fn database(config: &Config) -> anyhow::Result<Finding> {
    // The embedded database is not made by looking for it.
    let embedded = config.data_dir.join("cohort.db");
    if config.database_url.is_none() && !embedded.exists() {
        return Ok(finding(
            Verdict::Unsafe,
            "database",
            format!(
                "{} does not exist yet: run `cohort migrate`",
                embedded.display()
            ),
        ));
    }
    let url = kernel::db::database_url(config)?;
    let db = kernel::db::connect(&url, config.log_sql).await?;
    let state = crate::schema::state(&db).await?;
    let backend = match db.get_database_backend() {
        DbBackend::Postgres => "PostgreSQL",
        _ => "SQLite",
    };
    db.close().await.ok();
    Ok(if state.is_current() {
        finding(
            Verdict::Fine,
            "database",
            format!("{backend} answers; its schema is this version's"),
        )
    } else {
        finding(
            Verdict::Unsafe,
            "database",
            format!("{backend} answers, but {}", state.describe()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Config {
        Config::from_lookup(|key| {
            vars.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| (*v).to_owned())
        })
        .unwrap()
    }

    fn verdict(found: &[Finding], topic: &str) -> Verdict {
        found
            .iter()
            .find(|f| f.topic == topic)
            .unwrap_or_else(|| panic!("nothing about {topic}"))
            .verdict
    }

    #[test]
    fn an_accepted_topic_is_printed_and_no_longer_unsafe() {
        let found = accept(configuration(&config(&[])), &["payments".to_owned()]);
        assert_eq!(verdict(&found, "payments"), Verdict::Accepted);
        assert_eq!(
            verdict(&found, "mail"),
            Verdict::Unsafe,
            "only what was named"
        );
        let line = found
            .iter()
            .find(|f| f.topic == "payments")
            .unwrap()
            .to_string();
        assert!(line.starts_with("accepted payments"), "{line}");
    }

    #[test]
    fn the_defaults_are_not_a_production_deployment() {
        let found = configuration(&config(&[]));
        for unsafe_topic in ["address", "mail", "payments"] {
            assert_eq!(
                verdict(&found, unsafe_topic),
                Verdict::Unsafe,
                "{unsafe_topic}"
            );
        }
        assert_eq!(verdict(&found, "key"), Verdict::Advice);
        assert_eq!(verdict(&found, "database"), Verdict::Advice);
    }

    #[test]
    fn a_production_deployment_of_several_instances_is_safe() {
        let found = configuration(&config(&[
            ("COHORT_PUBLIC_URL", "https://cohort.example.org"),
            (
                "COHORT_SECRET_KEY",
                "a key of at least thirty-two characters",
            ),
            (
                "COHORT_SMTP_URL",
                "smtp://cohort:pw@mail.example.org:587?tls=required",
            ),
            ("COHORT_SMS_URL", "https://sms.example.org/send"),
            ("DATABASE_URL", "postgres://cohort@db.internal/cohort"),
            ("REDIS_URL", "redis://redis.internal:6379"),
            ("COHORT_STORAGE_URL", "s3://cohort-media/prod"),
            ("COHORT_TRUSTED_PROXIES", "10.0.0.0/8"),
            ("COHORT_PAYMENTS", "stripe"),
            ("COHORT_STRIPE_SECRET_KEY", "sk_live_x"),
            ("COHORT_STRIPE_PUBLISHABLE_KEY", "pk_live_x"),
            ("COHORT_PAYMENTS_WEBHOOK_SECRET", "whsec_x"),
            ("COHORT_LOG_FORMAT", "json"),
            ("COHORT_METRICS_ADDR", "10.0.0.5:9100"),
        ]));
        let not_fine: Vec<&Finding> = found
            .iter()
            .filter(|f| f.verdict != Verdict::Fine)
            .collect();
        assert!(not_fine.is_empty(), "{not_fine:#?}");
    }

    #[test]
    fn several_instances_need_one_key_one_database_and_one_store() {
        let found = configuration(&config(&[("REDIS_URL", "redis://redis.internal:6379")]));
        for topic in ["key", "database", "storage"] {
            assert_eq!(verdict(&found, topic), Verdict::Unsafe, "{topic}");
        }
    }

    #[test]
    fn a_password_sent_in_clear_and_switched_off_defences_are_unsafe() {
        let found = configuration(&config(&[
            ("COHORT_SMTP_URL", "smtp://cohort:pw@mail.example.org:25"),
            ("COHORT_CAPTCHA", "off"),
            ("COHORT_RATE_LIMITS", "off"),
            ("COHORT_DEV", "on"),
            ("COHORT_PUBLIC_URL", "http://cohort.example.org"),
        ]));
        for topic in ["mail", "captcha", "limits", "mode", "address"] {
            assert_eq!(verdict(&found, topic), Verdict::Unsafe, "{topic}");
        }
    }
}
