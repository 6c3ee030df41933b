//! `cohort`: serve the platform, or run one of its maintenance commands.

use std::process::ExitCode;

use app::cli::seed;
use app::startup::shutdown_signal;
use app::{Application, api, build_context, build_parts};
use clap::{Parser, Subcommand};
use kernel::config::Config;

/// jemalloc hands freed memory back to the system from a background thread, also while
/// the server is idle (settings in `.cargo/config.toml`: decay after a second, no
/// transparent huge pages). With glibc's allocator every password hash's 19 MiB of argon2
/// working memory stayed with the process, and a burst of sign-ups grew the server past a
/// gigabyte; mimalloc kept what start-up had freed until the next allocations, and backed
/// it with huge pages (`just bench` measures idle memory). It is the C code's `malloc` too
/// (the bundled SQLite's): under glibc's, a third of SQLite's time in a large write went to
/// the allocator, and its arenas kept what it freed (docs/benchmarks-notes.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(name = "cohort", version, about = "Cohort: better medicine together")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the front end (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate {
        /// Only say whether the database is current, without changing it; exits non-zero
        /// when it is behind (or was migrated by a newer version), for deploy pipelines.
        #[arg(long)]
        check: bool,
    },
    /// Add the demo content (idempotent); with `--scale large`, the benchmark's data set too.
    Seed {
        #[arg(long, value_enum)]
        scale: Option<app::cli::scale::Scale>,
    },
    /// Create an admin, or promote an existing account and reset its password.
    CreateAdmin {
        #[arg(long)]
        email: String,
        /// Read from COHORT_ADMIN_PASSWORD when not given, to keep it out of `ps`.
        #[arg(long, env = "COHORT_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Back up the database, the uploaded media and the generated key into a new directory
    /// (online: the server may go on serving).
    Backup {
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Restore a backup into this configuration's empty database and data dir (with the
    /// server stopped).
    Restore {
        #[arg(long)]
        from: std::path::PathBuf,
    },
    /// Check this deployment's configuration and the services it names: says what is unsafe
    /// for production and what is worth changing; changes nothing. Exits 1 when anything is
    /// unsafe.
    Doctor {
        /// An unsafe finding to accept knowingly (printed as `accepted`, not failing the run):
        /// `payments`, for a deployment that raises no money and keeps the test processor.
        #[arg(long, value_parser = app::cli::doctor::ACCEPTABLE)]
        accept: Vec<String>,
    },
    /// Manage where uploads are kept.
    Storage {
        #[command(subcommand)]
        action: StorageCommand,
    },
    /// Check the audit trail's hash chain.
    Audit {
        #[command(subcommand)]
        action: AuditCommand,
    },
    /// PrecisionFunding's books.
    Funding {
        #[command(subcommand)]
        action: FundingCommand,
    },
    /// Score the patient-data guardrail's rules on the labelled corpus they ship with:
    /// precision and recall per kind, and the time a 10 KB post takes to scan.
    Guardrail,
    /// Print the OpenAPI contract as YAML.
    Openapi,
}

#[derive(Subcommand)]
enum AuditCommand {
    /// Recompute the chain's hashes and say whether any entry was changed, removed or put in:
    /// in this deployment's database (every entry's content, the head and the published daily
    /// heads), or, with --segment, in a file downloaded from /api/audit/chain or
    /// /api/me/audit (no database needed). Exits 1 naming the first broken entry.
    Verify {
        /// The first entry to check (default: the first).
        #[arg(long)]
        from: Option<i64>,
        /// The last entry to check (default: the last, and the head is checked too).
        #[arg(long)]
        to: Option<i64>,
        /// A downloaded segment to check instead of the database.
        #[arg(long)]
        segment: Option<std::path::PathBuf>,
        /// A head you kept, SEQ:HASH, that the segment must pass through.
        #[arg(long, requires = "segment")]
        head: Option<app::cli::audit_verify::ExpectedHead>,
    },
}

#[derive(Subcommand)]
enum FundingCommand {
    /// Compare the processor's charges and payouts, the ledger and every project's totals
    /// shown; print each difference with what to do. Exits 1 on any difference.
    Reconcile,
}

#[derive(Subcommand)]
enum StorageCommand {
    /// Copy the media under the data dir into an S3-compatible store (`s3://bucket/prefix`,
    /// reached with AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY);
    /// then set COHORT_STORAGE_URL to it. Files already there are skipped, so it can be run
    /// again after an interruption.
    Migrate {
        #[arg(long)]
        to: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    // The contract needs no configuration: it is printed at build time, not run time.
    if let Command::Openapi = command {
        return match print_openapi() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&e),
        };
    }
    // Nor do the guardrail's rules: they and their corpus are built in.
    if let Command::Guardrail = command {
        return match phi::evaluate::summary() {
            Ok(summary) => {
                print!("{summary}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&anyhow::anyhow!(e)),
        };
    }
    // Neither does a downloaded segment of the audit chain: anyone can check one.
    if let Command::Audit {
        action:
            AuditCommand::Verify {
                segment: Some(path),
                head,
                ..
            },
    } = &command
    {
        return match app::cli::audit_verify::segment(path, head.as_ref()) {
            Ok(report) => {
                println!("{report}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        };
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("cohort: {e}");
            return ExitCode::from(2);
        }
    };
    kernel::telemetry::init(config.log_json);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return fail(&e.into()),
    };
    match runtime.block_on(run(command, config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn print_openapi() -> anyhow::Result<()> {
    print!("{}", api::openapi_yaml()?);
    Ok(())
}

fn fail(e: &anyhow::Error) -> ExitCode {
    eprintln!("cohort: {e:#}");
    ExitCode::FAILURE
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve => serve(config).await,
        Command::Migrate { check: true } => {
            let url = kernel::db::database_url(&config)?;
            let db = kernel::db::connect(&url, config.log_sql).await?;
            let state = app::schema::state(&db).await?;
            if !state.is_current() {
                anyhow::bail!("{}", state.describe());
            }
            println!("The database is current.");
            Ok(())
        }
        Command::Migrate { check: false } => {
            // Applying is this command's job, whatever COHORT_MIGRATE tells the instances
            // sharing its environment file (`check`, so none migrates under the others).
            let config = Config {
                migrate: kernel::config::MigrateOnStart::Auto,
                ..config
            };
            build_context(config).await?;
            println!("Migrations applied.");
            Ok(())
        }
        Command::Seed { scale: Some(scale) } => {
            let ctx = build_context(config).await?;
            for line in app::cli::scale::run(&ctx, scale).await? {
                println!("{line}");
            }
            Ok(())
        }
        Command::Seed { scale: None } => {
            let ctx = build_context(config).await?;
            let created = seed::run(&ctx).await?;
            println!("Demo content seeded.");
            for line in seed::demo_login_lines(&ctx, created.as_ref()).await {
                println!("{line}");
            }
            Ok(())
        }
        Command::CreateAdmin { email, password } => {
            let ctx = build_context(config).await?;
            let outcome = accounts::create_admin(&ctx.db, &email, &password)
                .await
                .map_err(|e| anyhow::anyhow!(describe(&e)))?;
            match outcome {
                accounts::AdminCreated::New => println!("Admin {email} created."),
                accounts::AdminCreated::Promoted => {
                    println!("{email} is now an admin; its password was reset.")
                }
            }
            Ok(())
        }
        Command::Backup { to } => {
            for line in app::cli::backup::backup(&config, &to).await? {
                println!("{line}");
            }
            println!("Backed up into {}.", to.display());
            Ok(())
        }
        Command::Restore { from } => {
            for line in app::cli::backup::restore(&config, &from).await? {
                println!("{line}");
            }
            println!("Restored from {}.", from.display());
            Ok(())
        }
        Command::Doctor { accept } => {
            let mut found =
                app::cli::doctor::accept(app::cli::doctor::configuration(&config), &accept);
            found.extend(app::cli::doctor::services(&config).await);
            found.sort_by_key(|f| std::cmp::Reverse(f.verdict));
            for finding in &found {
                println!("{finding}");
            }
            let unsafe_count = found
                .iter()
                .filter(|f| f.verdict == app::cli::doctor::Verdict::Unsafe)
                .count();
            if unsafe_count > 0 {
                anyhow::bail!("{unsafe_count} unsafe for production (above)");
            }
            if accept.is_empty() {
                println!("Nothing unsafe for production.");
            } else {
                println!("Nothing unsafe for production but what was accepted.");
            }
            Ok(())
        }
        Command::Storage {
            action: StorageCommand::Migrate { to },
        } => {
            let done = app::cli::storage_migrate::migrate(&config, &to).await?;
            println!(
                "Copied {} file(s) to {to}; {} already there. Now set COHORT_STORAGE_URL={to}.",
                done.copied, done.already_there
            );
            Ok(())
        }
        Command::Audit {
            action: AuditCommand::Verify { from, to, .. },
        } => {
            println!(
                "{}",
                app::cli::audit_verify::database(&config, from, to).await?
            );
            Ok(())
        }
        Command::Funding {
            action: FundingCommand::Reconcile,
        } => {
            println!("{}", app::cli::funding_reconcile::run(config).await?);
            Ok(())
        }
        Command::Openapi => print_openapi(),
        // Answered in `main`, before the configuration was read.
        Command::Guardrail => Ok(()),
    }
}

/// One line per field error, for the terminal.
fn describe(e: &kernel::AppError) -> String {
    let body = e.body();
    if body.messages.is_empty() {
        return body.message;
    }
    body.messages
        .iter()
        .map(|(field, texts)| format!("{field}: {}", texts.join(" ")))
        .collect::<Vec<_>>()
        .join("; ")
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let parts = build_parts(config).await?;
    let created = seed::seed_if_empty(&parts.ctx).await?;
    if created.is_some() {
        tracing::info!("seeded demo content into the new embedded database");
    }
    let app = Application::with_parts(parts)?;
    let shutdown = shutdown_signal()?;
    let ctx = app.context();
    let local = format!("http://localhost:{}", app.port());
    // Said to the person at the terminal; with JSON logs, a log line like every other.
    let say = |line: String| {
        if ctx.config.log_json {
            tracing::info!("{line}");
        } else {
            println!("{line}");
        }
    };
    say(format!(
        "Cohort is listening on {local} (public address {})",
        ctx.config.public_url
    ));
    if ctx.config.dev && mail::dev_mailbox::DevMailbox::of(ctx).is_some() {
        say(format!("Dev mailbox (staff only): {local}/dev/mailbox"));
    }
    for line in seed::demo_login_lines(ctx, created.as_ref()).await {
        say(line);
    }
    app.run_until(shutdown).await?;
    tracing::info!("stopped");
    Ok(())
}
