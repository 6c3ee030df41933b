//! Public pages rendered on the server, so their first paint, a crawler and a link preview
//! get the page's content in its HTML before any script runs.
//!
//! The markup has one source: the front end's own components. Its build makes a second,
//! self-contained bundle of them (`src/entry-server.tsx`, written to `.server/render.js` in
//! the static dir), which an embedded JavaScript engine (QuickJS, through `rquickjs`: a C
//! library compiled into the binary, no Node.js at run time) runs on a thread of its own.
//! A page is rendered from the same public reads written into it for the browser, so the
//! browser takes the HTML over from those reads without rendering anything different.
//!
//! Renderings are kept per page and per the reads they came from: a change to a public
//! read (which empties the public-reads cache) gives the page new reads, hence a new
//! rendering; an unchanged page costs one hash and one lookup. Meanwhile the page's last
//! rendering is served; a page never rendered whose rendering is not ready within [`WAIT`]
//! is served as before (built by script) while it finishes.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use rquickjs::{Context, Function, Object, Runtime};
use serde::Deserialize;
use tokio::sync::watch;

/// Where the front end's build leaves the server's bundle, under the static dir (a hidden
/// folder: the static files are not served from it).
pub const BUNDLE: &str = ".server/render.js";
/// How long a request waits for its page's first rendering before it is served without.
const WAIT: Duration = Duration::from_millis(1500);
/// The most one rendering may take; the engine stops a longer one.
const DEADLINE: Duration = Duration::from_secs(5);
/// How old a page's last rendering may be to be served while its new one is made: the
/// public reads' own lifetime, so a removed item leaves a list's page as soon as it leaves
/// the list's read.
const STALE_AT_MOST: Duration = Duration::from_secs(60);
/// Renderings kept (and last renderings, apart); past this, they are forgotten all at once.
/// A rendering is 80–240 KB (the project page's HTML with its styles and reads), so this
/// bounds each map near 60 MB; the 2,048 first chosen could hold half a gigabyte.
const MAX_KEPT: usize = 256;
/// The engine's memory; a page needing more is not rendered.
const MEMORY: usize = 256 << 20;

/// A page as the components render it.
#[derive(Debug, Deserialize)]
pub struct Rendered {
    /// The markup inside `#root`.
    pub html: String,
    /// The global styles it uses (the theme's variables, the baseline), one element each.
    pub globals: Vec<GlobalStyle>,
    /// Emotion's ids of the other styles it uses and their rules.
    #[serde(rename = "styleIds")]
    pub style_ids: Vec<String>,
    pub css: String,
    /// The reads it was rendered from, as the browser's query cache takes them.
    pub state: serde_json::Value,
}

/// A global style, by the name emotion's `<Global>` looks for.
#[derive(Debug, Deserialize)]
pub struct GlobalStyle {
    pub name: String,
    pub css: String,
}

type Outcome = Option<Option<Arc<Rendered>>>;

struct Job {
    path: String,
    reads: String,
    cookies: String,
    done: watch::Sender<Outcome>,
}

/// The engine's thread and the renderings it made.
pub struct Prerender {
    bundle: Arc<str>,
    /// The most one rendering may take ([`DEADLINE`]).
    deadline: Duration,
    /// The site's public address: pages are rendered as the browser shows them there.
    site: Arc<str>,
    /// The engine's inbox, once started (at the server's start, or by the first page that
    /// asks after the front end was rebuilt).
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    /// Renderings by page, reads and cookies: done, or under way.
    kept: Mutex<HashMap<u64, watch::Receiver<Outcome>>>,
    /// The last finished rendering of each page (and cookies), whatever its reads, and when.
    latest: Mutex<HashMap<u64, (Instant, Arc<Rendered>)>>,
}

impl Prerender {
    /// The renderer of the bundle in `static_dir`, for the site at `public_url`; none there
    /// (an older build), none.
    pub fn load(static_dir: &Path, public_url: &str) -> Option<Self> {
        let bundle = std::fs::read_to_string(static_dir.join(BUNDLE)).ok()?;
        Some(Self {
            bundle: bundle.into(),
            deadline: DEADLINE,
            site: public_url.into(),
            jobs: Mutex::new(None),
            kept: Mutex::new(HashMap::new()),
            latest: Mutex::new(HashMap::new()),
        })
    }

    /// Starts the engine (it loads the bundle in the background) if it is not started.
    pub fn start(&self) {
        let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        self.start_in(&mut jobs);
    }

    fn start_in(&self, jobs: &mut Option<mpsc::Sender<Job>>) {
        if jobs.is_none() {
            let (inbox_of, inbox) = mpsc::channel::<Job>();
            let (bundle, site, most) = (self.bundle.clone(), self.site.clone(), self.deadline);
            let started = std::thread::Builder::new()
                .name("prerender".into())
                .spawn(move || engine(&bundle, &site, most, inbox));
            if started.is_ok() {
                *jobs = Some(inbox_of);
            }
        }
    }

    /// Hands `job` to the engine, starting it first if need be; false when it is gone.
    fn send(&self, job: Job) -> bool {
        let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        self.start_in(&mut jobs);
        jobs.as_ref().is_some_and(|jobs| jobs.send(job).is_ok())
    }

    /// `path` rendered from `reads` (the JSON object of the reads written into the page)
    /// and `cookies` (those of the request that change a page), when the page can be rendered.
    ///
    /// While a page's new reads are being rendered (a write changed them), its last rendering
    /// is served with the reads it was rendered from: consistent, if seconds old, and the
    /// browser's queries read the new answers as the page opens. A page never rendered yet is
    /// waited for up to [`WAIT`].
    pub async fn page(&self, path: &str, reads: &str, cookies: &str) -> Option<Arc<Rendered>> {
        let page = key(&(path, cookies));
        let mut ready = self.rendering(path, reads, cookies);
        let finished = ready.borrow().clone();
        let outcome = match finished {
            Some(outcome) => outcome,
            None => match self.latest_of(page) {
                Some(last) => return Some(last),
                None => tokio::time::timeout(WAIT, ready.wait_for(Option::is_some))
                    .await
                    .ok()
                    .and_then(Result::ok)
                    .and_then(|outcome| outcome.clone())
                    .flatten(),
            },
        };
        match outcome {
            Some(rendered) => {
                let mut latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
                if latest.len() >= MAX_KEPT {
                    latest.clear();
                }
                latest.insert(page, (Instant::now(), rendered.clone()));
                Some(rendered)
            }
            // Not renderable from these reads (one could not be read for the page just now,
            // say): its last rendering, if recent, rather than none.
            None => self.latest_of(page),
        }
    }

    /// The page's last rendering, if made within [`STALE_AT_MOST`].
    fn latest_of(&self, page: u64) -> Option<Arc<Rendered>> {
        let latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
        latest
            .get(&page)
            .filter(|(made, _)| made.elapsed() < STALE_AT_MOST)
            .map(|(_, rendered)| rendered.clone())
    }

    /// The rendering of `path` from `reads`, asked of the engine when it is not kept.
    fn rendering(&self, path: &str, reads: &str, cookies: &str) -> watch::Receiver<Outcome> {
        let key = key(&(path, reads, cookies));
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(ready) = kept.get(&key) {
            return ready.clone();
        }
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        let (done, ready) = watch::channel(None);
        let job = Job {
            path: path.to_owned(),
            reads: reads.to_owned(),
            cookies: cookies.to_owned(),
            done,
        };
        if !self.send(job) {
            // The engine is gone (its bundle failed to load): every page is built by script.
            let (done, ready) = watch::channel(Some(None));
            drop(done);
            return ready;
        }
        kept.insert(key, ready.clone());
        ready
    }
}

fn key(of: &impl Hash) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    of.hash(&mut hasher);
    hasher.finish()
}

/// The engine's thread: loads the bundle, then renders pages one at a time.
fn engine(bundle: &str, site: &str, most: Duration, inbox: mpsc::Receiver<Job>) {
    let deadline = Arc::new(AtomicU64::new(u64::MAX));
    let started = Instant::now();
    let Some(mut engine) = start(bundle, site, deadline.clone(), started) else {
        return;
    };
    for job in inbox {
        let limit = started.elapsed() + most;
        deadline.store(limit.as_millis() as u64, Ordering::Relaxed);
        let begun = Instant::now();
        let outcome = render(&engine.0, &engine.1, &job);
        deadline.store(u64::MAX, Ordering::Relaxed);
        // A rendering that failed or was stopped may leave the bundle's modules half-way
        // through theirs: the next page gets a fresh engine.
        if outcome.is_err() {
            match start(bundle, site, deadline.clone(), started) {
                Some(fresh) => engine = fresh,
                None => return,
            }
        }
        let rendered = outcome.ok().flatten();
        tracing::debug!(
            path = %job.path,
            rendered = rendered.is_some(),
            ms = begun.elapsed().as_millis() as u64,
            "page rendered on the server"
        );
        let _ = job.done.send(Some(rendered.map(Arc::new)));
    }
}

fn start(
    bundle: &str,
    site: &str,
    deadline: Arc<AtomicU64>,
    started: Instant,
) -> Option<(Runtime, Context)> {
    let runtime = Runtime::new().ok()?;
    runtime.set_memory_limit(MEMORY);
    runtime.set_max_stack_size(8 << 20);
    runtime.set_interrupt_handler(Some(Box::new(move || {
        started.elapsed().as_millis() as u64 > deadline.load(Ordering::Relaxed)
    })));
    let context = Context::full(&runtime).ok()?;
    let loaded = context.with(|ctx| {
        // The bundle's `location` (src/ssr-globals.ts) is the site's address.
        ctx.globals().set("__cohortSite", site)?;
        ctx.eval::<(), _>(bundle)
    });
    let loaded = loaded.map_err(|e| {
        let thrown = context.with(|ctx| format!("{:?}", ctx.catch()));
        format!("{e}: {thrown}")
    });
    if let Err(error) = loaded {
        tracing::warn!("the server's page bundle did not load; pages are built by script: {error}");
        return None;
    }
    Some((runtime, context))
}

/// One page: `renderInto` leaves its JSON (or `null`) in a global once its jobs have run.
/// `Err` when it failed rather than found the page could not be rendered from its reads.
fn render(runtime: &Runtime, context: &Context, job: &Job) -> Result<Option<Rendered>, ()> {
    let path = job.path.as_str();
    let called = context.with(|ctx| {
        let server: Object = ctx.globals().get("CohortServer")?;
        let render_into: Function = server.get("renderInto")?;
        render_into.call::<_, ()>((path, job.reads.as_str(), job.cookies.as_str()))
    });
    if let Err(error) = called {
        tracing::warn!(path, "page not rendered on the server: {error}");
        return Err(());
    }
    while runtime.is_job_pending() {
        if runtime.execute_pending_job().is_err() {
            tracing::warn!(
                path,
                "page not rendered on the server: a job failed or ran out of time"
            );
            return Err(());
        }
    }
    let (json, failed, why): (Option<String>, Option<String>, Option<String>) =
        context.with(|ctx| {
            let globals = ctx.globals();
            let text = |name: &str| globals.get::<_, Option<String>>(name).ok().flatten();
            (
                text("__cohortRendered"),
                text("__cohortFailed"),
                text("__cohortUnrendered"),
            )
        });
    if let Some(why) = why {
        tracing::debug!(path, "page not rendered on the server: {why}");
    }
    if let Some(failure) = failed {
        tracing::warn!(path, "page not rendered on the server: {failure}");
        return Err(());
    }
    let Some(json) = json else {
        tracing::warn!(path, "page not rendered on the server: it did not finish");
        return Err(());
    };
    Ok(serde_json::from_str::<Option<Rendered>>(&json)
        .ok()
        .flatten())
}

/// The styles of a rendering, as emotion writes them, so the browser's emotion finds them
/// and does not write them again: each global style in an element of its own (which the
/// browser's `<Global>` takes over), then the components' styles. `data-s` tells emotion
/// they are where they belong (in the head, globals first): without it, emotion moves each
/// to the end of the head when it starts, and the browser parses the styles again.
pub fn style_tag(rendered: &Rendered) -> String {
    let mut tags = String::new();
    for global in &rendered.globals {
        tags.push_str(&style_element(
            &format!("css-global {}", global.name),
            &global.css,
        ));
    }
    tags.push_str(&style_element(
        &format!("css {}", rendered.style_ids.join(" ")),
        &rendered.css,
    ));
    tags
}

/// `html` with its scripts (and their preloads) fetched at low priority, for a page rendered
/// on the server: it is read before its script runs, so the script must not take the
/// network from the page's picture and font on a slow connection (at the default high
/// priority, Lighthouse counted 200 KB of it before the first paint: FCP 2.5–3.8 s on the
/// project page instead of under 2 s).
pub fn scripts_at_low_priority(html: &str) -> String {
    html.replace(
        "<link rel=\"modulepreload\"",
        "<link rel=\"modulepreload\" fetchpriority=\"low\"",
    )
    .replace(
        "<script type=\"module\"",
        "<script type=\"module\" fetchpriority=\"low\"",
    )
}

/// A `<style>` element whose name and rules cannot end it early.
fn style_element(name: &str, css: &str) -> String {
    format!(
        "<style data-emotion=\"{}\" data-s=\"\">{}</style>",
        name.replace(['"', '<', '>', '&'], ""),
        css.replace("</", "<\\/")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(style_ids: &[&str], css: &str) -> Rendered {
        Rendered {
            html: String::new(),
            globals: vec![GlobalStyle {
                name: "g1".to_owned(),
                css: ":root{--a:1}".to_owned(),
            }],
            style_ids: style_ids.iter().map(|id| (*id).to_owned()).collect(),
            css: css.to_owned(),
            state: serde_json::Value::Null,
        }
    }

    #[test]
    fn styles_are_written_as_emotion_finds_them_and_cannot_close_their_element() {
        let tag = style_tag(&rendered(&["1x21fgm", "abc"], ".a{color:red}"));
        assert_eq!(
            tag,
            "<style data-emotion=\"css-global g1\" data-s=\"\">:root{--a:1}</style>\
             <style data-emotion=\"css 1x21fgm abc\" data-s=\"\">.a{color:red}</style>"
        );
        // Rules that said `</style>` would end the element and let the rest be markup.
        let tag = style_tag(&rendered(
            &["x\"><script>"],
            ".a{content:\"</style><script>\"}",
        ));
        assert!(!tag.contains("</style><script>"), "{tag}");
        assert!(
            tag.contains("<style data-emotion=\"css xscript\" data-s=\"\">"),
            "{tag}"
        );
    }

    #[test]
    fn a_rendered_pages_scripts_are_fetched_at_low_priority() {
        let head = "<script type=\"module\" crossorigin src=\"/assets/index.js\"></script>\
                    <link rel=\"modulepreload\" crossorigin href=\"/assets/framework.js\">\
                    <link rel=\"preload\" as=\"image\" href=\"/media/p.jpg\" fetchpriority=\"high\">";
        assert_eq!(
            scripts_at_low_priority(head),
            "<script type=\"module\" fetchpriority=\"low\" crossorigin src=\"/assets/index.js\"></script>\
             <link rel=\"modulepreload\" fetchpriority=\"low\" crossorigin href=\"/assets/framework.js\">\
             <link rel=\"preload\" as=\"image\" href=\"/media/p.jpg\" fetchpriority=\"high\">"
        );
    }

    #[test]
    fn a_bundle_that_does_not_load_leaves_every_page_to_the_browser() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Prerender::load(dir.path(), "http://cohort.test").is_none());
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        std::fs::write(dir.path().join(BUNDLE), "throw new Error('broken build');").unwrap();
        let prerender = Prerender::load(dir.path(), "http://cohort.test").unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let page = runtime.block_on(prerender.page("/", "{}", ""));
        assert!(page.is_none());
    }

    /// A page whose rendering runs past the deadline in a job (a promise's reaction, where
    /// React finishes a page) is stopped, and the engine renders the next page. rquickjs 0.9
    /// handed back the failed job's context without its own reference, so letting go of it
    /// freed the context early and QuickJS aborted the whole server (`gc_decref_child:
    /// Assertion 'p->ref_count > 0'`) — in CI's browser tests, where two cores rendering
    /// under four browsers took some pages past the deadline.
    #[test]
    fn a_rendering_stopped_in_a_job_leaves_the_server_rendering_the_next_pages() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        std::fs::write(
            dir.path().join(BUNDLE),
            "var CohortServer = { renderInto: function (path) {
               globalThis.__cohortRendered = undefined;
               Promise.resolve().then(function () {
                 if (path === '/endless') { for (;;) {} }
                 globalThis.__cohortRendered = JSON.stringify({
                   html: '<h1>' + path + '</h1>', globals: [], styleIds: [], css: '', state: {}
                 });
               });
             } };",
        )
        .unwrap();
        let mut prerender = Prerender::load(dir.path(), "http://cohort.test").unwrap();
        prerender.deadline = Duration::from_millis(100);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        for round in 0..20 {
            let endless = runtime.block_on(prerender.page("/endless", &format!("{round}"), ""));
            assert!(endless.is_none(), "round {round}");
            let page = format!("/p{round}");
            let rendered = runtime.block_on(prerender.page(&page, "{}", "")).unwrap();
            assert_eq!(rendered.html, format!("<h1>{page}</h1>"));
        }
    }

    #[test]
    fn a_page_is_rendered_once_for_the_same_reads_and_again_for_new_ones_the_last_served_meanwhile()
    {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".server")).unwrap();
        // A bundle with the server's interface, counting its renderings.
        std::fs::write(
            dir.path().join(BUNDLE),
            "var renders = 0;
             var CohortServer = { renderInto: function (path, reads, cookies) {
               renders += 1;
               Promise.resolve().then(function () {
                 globalThis.__cohortRendered = JSON.stringify({
                   html: '<h1>' + path + ' ' + JSON.parse(reads).title + ' ' + cookies + ' #' + renders
                     + ' at ' + __cohortSite + '</h1>',
                   globals: [], styleIds: ['a'], css: '.a{}', state: { queries: [] }
                 });
               });
             } };",
        )
        .unwrap();
        let prerender = Prerender::load(dir.path(), "http://cohort.test:8080").unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let html = |reads: &str, cookies: &str| {
            runtime
                .block_on(prerender.page("/p", reads, cookies))
                .map(|r| r.html.clone())
        };
        let first = r#"{"title":"One"}"#;
        let one = "<h1>/p One  #1 at http://cohort.test:8080</h1>";
        assert_eq!(html(first, "").unwrap(), one);
        assert_eq!(html(first, "").unwrap(), one);
        // New reads: the last rendering while the new one is made, then the new one.
        let second = r#"{"title":"Two"}"#;
        let mut seen = html(second, "").unwrap();
        for _ in 0..100 {
            if seen != one {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
            seen = html(second, "").unwrap();
        }
        assert_eq!(seen, "<h1>/p Two  #2 at http://cohort.test:8080</h1>");
        // Other cookies are another page: never rendered, so waited for.
        assert_eq!(
            html(first, "top_banner=closed").unwrap(),
            "<h1>/p One top_banner=closed #3 at http://cohort.test:8080</h1>"
        );
    }
}
