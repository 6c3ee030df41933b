//! Debian's nginx on a free loopback port, for tests that need a real HTTP server in front
//! of something (the proxy in front of instances) or serving files (a registry's answers).

use std::path::Path;
use std::time::Duration;

/// nginx running the `http { … }` block a test wrote; stopped when dropped.
pub struct Nginx {
    child: std::process::Child,
    pub port: u16,
    dir: tempfile::TempDir,
}

impl Nginx {
    /// Starts nginx with `http` (given the port and its own scratch directory, and
    /// returning the inside of the `http` block); `None` when nginx is not installed.
    pub fn start(http: impl FnOnce(u16, &Path) -> String) -> Option<Self> {
        let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"]
            .into_iter()
            .find(|path| Path::new(path).exists())?;
        let dir = tempfile::tempdir().unwrap();
        let port = crate::smtp::free_port();
        let temp = dir.path().display();
        let config = format!(
            "daemon off;\nmaster_process off;\npid {temp}/nginx.pid;\nerror_log {temp}/error.log;\n\
             events {{ worker_connections 256; }}\n\
             http {{\n\
               access_log off;\n\
               client_body_temp_path {temp}/body; proxy_temp_path {temp}/proxy;\n\
               fastcgi_temp_path {temp}/fastcgi; uwsgi_temp_path {temp}/uwsgi; scgi_temp_path {temp}/scgi;\n\
               {}\n\
             }}\n",
            http(port, dir.path())
        );
        let file = dir.path().join("nginx.conf");
        std::fs::write(&file, config).unwrap();
        let mut child = std::process::Command::new(binary)
            .args(["-p", &dir.path().to_string_lossy(), "-c"])
            .arg(&file)
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(Self { child, port, dir });
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "nginx did not start; its log: {:?}",
            std::fs::read_to_string(dir.path().join("error.log"))
        );
    }

    /// nginx serving the files under `root` at their paths (any query ignored), as
    /// `content_type`, logging each request (`requests`).
    pub fn serve_files(root: &Path, content_type: &str) -> Option<Self> {
        Self::start(|port, dir| {
            format!(
                "server {{ listen 127.0.0.1:{port}; root {}; default_type {content_type}; \
                 access_log {}/access.log; location / {{ try_files $uri =404; }} }}",
                root.display(),
                dir.display()
            )
        })
    }

    /// The request lines a `serve_files` server has logged so far. nginx writes a line
    /// after it has answered, so a client can hold an answer whose line is not there yet:
    /// to count what was asked, wait for it with [`Nginx::requests_at_least`].
    pub fn requests(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.path().join("access.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// The request lines once at least `count` are logged (or, after 10 seconds, however
    /// many there are, for the test's assertion to show).
    pub async fn requests_at_least(&self, count: usize) -> Vec<String> {
        for _ in 0..200 {
            let lines = self.requests();
            if lines.len() >= count {
                return lines;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.requests()
    }

    /// `http://127.0.0.1:{port}`.
    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.origin())
    }

    /// The directory nginx runs in.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
