//! The deployment files in `deploy/`, linted with what this machine has (no container
//! runtime or base images here): the systemd unit by `systemd-analyze verify`, the
//! Containerfile by reading it against the repository and the configuration it sets.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_systemd_unit_verifies_and_runs_migrations_before_serving() {
    let unit = std::fs::read_to_string(repo().join("deploy/systemd/cohort.service")).unwrap();
    assert!(unit.contains("ExecStartPre=/usr/local/bin/cohort migrate"));
    assert!(unit.contains("ExecStart=/usr/local/bin/cohort serve"));
    assert!(unit.contains("EnvironmentFile=/etc/cohort/cohort.env"));
    for line in unit.lines().filter_map(|l| l.strip_prefix("Environment=")) {
        let (name, value) = line.split_once('=').unwrap();
        kernel::config::Config::from_lookup(|key| (key == name).then(|| value.to_owned()))
            .unwrap_or_else(|e| panic!("{name}={value}: {e}"));
    }
    if Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: systemd-analyze is not installed");
        return;
    }
    // verify wants the programs to exist: the unit as installed, pointing at this build.
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path().join("cohort.service");
    std::fs::write(
        &here,
        unit.replace("/usr/local/bin/cohort", env!("CARGO_BIN_EXE_cohort")),
    )
    .unwrap();
    let verified = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&here)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&verified.stderr);
    assert!(
        verified.status.success() && said.trim().is_empty(),
        "{said}"
    );
}

#[test]
fn the_containerfile_builds_from_the_repository_and_runs_unprivileged() {
    let file = std::fs::read_to_string(repo().join("deploy/Containerfile")).unwrap();
    let instructions: Vec<&str> = file
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let mut stages = HashSet::new();
    let mut user = None;
    for line in &instructions {
        let (op, rest) = line.split_once(' ').unwrap_or((line, ""));
        match op {
            "FROM" => {
                let (_, name) = rest.split_once(" AS ").expect("every stage is named");
                stages.insert(name.trim().to_owned());
            }
            "COPY" if rest.starts_with("--from=") => {
                let from = rest["--from=".len()..].split_whitespace().next().unwrap();
                assert!(
                    stages.contains(from),
                    "COPY from {from}, a stage not yet built"
                );
            }
            "COPY" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                for source in &parts[..parts.len() - 1] {
                    assert!(
                        repo().join(source).exists(),
                        "COPY {source}: not in the repository"
                    );
                }
            }
            "USER" => user = Some(rest.trim().to_owned()),
            _ => {}
        }
    }
    // ENV continues over lines: gather every NAME=value of the runtime stage.
    let env_block = file[file.find("ENV COHORT_HOST").unwrap()..]
        .lines()
        .take_while(|l| l.trim_end().ends_with('\\') || l.contains('='))
        .flat_map(|l| {
            l.trim()
                .trim_start_matches("ENV")
                .trim_end_matches('\\')
                .split_whitespace()
        })
        .map(str::to_owned)
        .collect::<Vec<_>>();
    let pairs: Vec<(String, String)> = env_block
        .iter()
        .filter_map(|p| p.split_once('=').map(|(k, v)| (k.to_owned(), v.to_owned())))
        .collect();
    assert!(
        pairs.iter().any(|(k, _)| k == "COHORT_DATA_DIR"),
        "{pairs:?}"
    );
    let config = kernel::config::Config::from_lookup(|key| {
        pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    })
    .expect("the image's environment is a valid configuration");
    assert_eq!(config.port, 8080);
    assert!(config.log_json);
    assert_eq!(user.as_deref(), Some("cohort"), "the image runs as root");
    assert!(file.contains(r#"ENTRYPOINT ["/usr/local/bin/cohort"]"#));
    assert!(file.contains("install -m 0755 target/release/cohort /usr/local/bin/cohort"));
    assert!(file.contains("RUN npm ci") && file.contains("cargo build --release --locked -p app"));
}
