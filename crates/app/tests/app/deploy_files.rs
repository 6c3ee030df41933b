//! The deployment files in `deploy/`, linted with what this machine has (no container
//! runtime or base images here): the systemd unit by `systemd-analyze verify`, the
//! Containerfile by reading it against the repository and the configuration it sets, the nginx
//! site by running it in Debian's nginx in front of an instance.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `systemd-analyze verify` on `unit` as installed, pointing at this build (verify wants the
/// programs to exist). Skipped where systemd is not installed.
fn verify_unit(name: &str, unit: &str) {
    if Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: systemd-analyze is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path().join(name);
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
        "{name}: {said}"
    );
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
    verify_unit("cohort.service", &unit);
}

/// Issue 47 §9: the unit's doctor command (`sudo -u cohort --preserve-env cohort doctor`)
/// could not work: under `DynamicUser=yes` the state directory is unreadable outside the
/// unit, and the environment file was not loaded. The doctor is a unit of its own with the
/// service's user, state directory and environment, line for line.
#[test]
fn the_doctors_unit_sees_what_the_service_sees() {
    let service = std::fs::read_to_string(repo().join("deploy/systemd/cohort.service")).unwrap();
    let doctor =
        std::fs::read_to_string(repo().join("deploy/systemd/cohort-doctor.service")).unwrap();
    let shared: Vec<&str> = doctor
        .lines()
        .skip_while(|line| *line != "# From cohort.service:")
        .skip(1)
        .take_while(|line| *line != "# (end)")
        .collect();
    for needed in [
        "DynamicUser=yes",
        "User=cohort",
        "StateDirectory=cohort",
        "EnvironmentFile=",
    ] {
        assert!(
            shared.iter().any(|line| line.starts_with(needed)),
            "the doctor's unit lacks {needed}"
        );
    }
    for line in &shared {
        assert!(
            service.lines().any(|own| own == *line),
            "cohort.service has no `{line}`"
        );
    }
    let service_setting = |line: &&str| {
        ["Environment", "DynamicUser=", "User=", "StateDirectory="]
            .iter()
            .any(|key| line.starts_with(key))
    };
    for line in service.lines().filter(service_setting) {
        assert!(shared.contains(&line), "the doctor's unit lacks `{line}`");
    }
    assert!(doctor.contains("ExecStart=/usr/local/bin/cohort doctor"));
    verify_unit("cohort-doctor.service", &doctor);
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

/// `deploy/nginx/cohort.conf` with what names the operator's host (its instances, its ports on
/// every address, its certificate, where `cohort-proxy.conf` is) made this test's: every
/// other directive as shipped. Each replacement must find its text, so a site file that
/// changes shape is seen here.
fn site_for_test(
    site: &str,
    instance: &str,
    ports: (u16, u16),
    (cert, key): (&Path, &Path),
) -> String {
    let replace = |text: String, from: &str, to: &str| {
        assert!(text.contains(from), "the site file has no `{from}`");
        text.replace(from, to)
    };
    let (http, https) = ports;
    let mut site = site
        .lines()
        .filter(|line| !line.trim_start().starts_with("listen [::]"))
        .filter(|line| !line.contains("server 10.0.0.12:8080"))
        .collect::<Vec<_>>()
        .join("\n");
    for (from, to) in [
        ("server 10.0.0.11:8080", format!("server {instance}")),
        ("listen 80;", format!("listen 127.0.0.1:{http};")),
        (
            "listen 443 ssl http2;",
            format!("listen 127.0.0.1:{https} ssl http2;"),
        ),
        (
            "/etc/letsencrypt/live/cohort.example.org/fullchain.pem",
            cert.display().to_string(),
        ),
        (
            "/etc/letsencrypt/live/cohort.example.org/privkey.pem",
            key.display().to_string(),
        ),
        (
            "/etc/nginx/cohort-proxy.conf",
            repo()
                .join("deploy/nginx/cohort-proxy.conf")
                .display()
                .to_string(),
        ),
    ] {
        site = replace(site, from, &to);
    }
    site
}

/// curl's answer to `args`: what `-w` wrote, then what curl said went wrong (if anything).
/// Run beside the runtime, not on it: the instance answers on this test's runtime.
async fn curl(args: &[&str]) -> (String, String) {
    let args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
    let out = tokio::task::spawn_blocking(move || {
        Command::new("curl")
            .args(["-sS", "-o", "/dev/null", "--max-time", "10"])
            .args(args)
            .output()
            .expect("curl runs")
    })
    .await
    .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 47 §6: the shipped site failed in Debian 12's nginx (1.22), the one `just nginx`
/// installs: `http2 on;` is an unknown directive there. It runs now, in front of an instance:
/// HTTP redirects to HTTPS, and HTTPS answers over HTTP/2 through the proxy snippet.
#[tokio::test]
async fn the_shipped_nginx_site_runs_in_debians_nginx_with_tls_and_http2() {
    let app = testkit::spawn_app().await;
    let certs = tempfile::tempdir().unwrap();
    let (cert, key) = testkit::smtp::certificate(certs.path());
    let site = std::fs::read_to_string(repo().join("deploy/nginx/cohort.conf")).unwrap();
    let https = testkit::smtp::free_port();
    let instance = app.address.trim_start_matches("http://").to_owned();
    let mut http = 0;
    let Some(_nginx) = testkit::nginx::Nginx::start(|port, _| {
        http = port;
        site_for_test(&site, &instance, (port, https), (&cert, &key))
    }) else {
        eprintln!("skipped: nginx is not installed");
        return;
    };
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", https)).is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let redirected = curl(&[
        "-w",
        "%{http_code} %{redirect_url}",
        &format!("http://127.0.0.1:{http}/about"),
    ])
    .await;
    assert_eq!(
        redirected.0, "301 https://127.0.0.1/about",
        "{}",
        redirected.1
    );
    let ca = certs.path().join("ca.pem");
    let answered = curl(&[
        "--http2",
        "--cacert",
        &ca.to_string_lossy(),
        "-w",
        "%{http_version} %{http_code}",
        &format!("https://127.0.0.1:{https}/api/health/live"),
    ])
    .await;
    assert_eq!(
        answered.0, "2 200",
        "HTTP/2 over TLS through the site to the instance: {}",
        answered.1
    );
}
