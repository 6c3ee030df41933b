/**
 * The page's entry, the one script the page itself names. A page the server rendered is
 * read, and its links followed, before any script runs. For a visitor it stays the server's
 * page until they use it (a touch, a key, a mouse moving over it) or look at a part only the
 * app fills (a discussion below a group, or a place in the page they came for): its scripts
 * are fetched once it has shown its main picture, but not run, so a visitor who reads costs
 * the phone no script at all (Lighthouse's phone spent 250–1,400 ms of main thread on the takeover,
 * docs/benchmarks.md). A member's page is taken over once its main picture has shown (their
 * menu, their answers are the app's), or at once when they touch it. On a slow connection
 * the picture and the text come first either way: the scripts do not take the network from
 * them. Any other page is the app's to build, at once.
 */
import { applyChosenScheme, firstInteraction, holdClicks, keepTyped, nextTask, pageShown, partLeftInView, preloadModules, serverRendered, signedIn } from '@/lib/first-view';

applyChosenScheme(document, () => window.localStorage);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const rendered = serverRendered(document);
// A tap on a rendered page's button before the app answers is kept, and answered once it
// does; what is typed into its fields meanwhile is given back to the app's.
const held = rendered ? holdClicks(root) : null;
const typed = rendered ? keepTyped(root) : null;
const visitor = rendered && !signedIn(() => window.localStorage);
if (visitor) void pageShown(document).then(() => preloadModules(document, 'prefetch'));

// A visitor's page is wanted by the app when they use it, when they came for a place within
// it (`#discussion`, `#events`: parts only the app shows), or when a part only the app fills
// comes into view.
const wanted = !rendered
  ? Promise.resolve()
  : visitor && window.location.hash === ''
    ? Promise.race([firstInteraction(document), partLeftInView(root)])
    : Promise.race([pageShown(document), firstInteraction(document)]);

wanted
  .then(() => preloadModules(document))
  // React is made ready in a task of its own, and the app in the next: a phone's main
  // thread is never held for both at once (a 230 ms task on Lighthouse's phone).
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start'))
  // The app's modules made ready, the browser has its thread back before the app starts.
  .then((app) => nextTask().then(() => app.start(root)))
  .then(() => {
    held?.release(true);
    return typed?.release();
  })
  .catch((error: unknown) => {
    held?.release(false);
    // A page the server rendered stays readable (its links still work) when the app cannot
    // start, say its code could not be fetched; an empty page says why.
    if (!rendered) root.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  });
