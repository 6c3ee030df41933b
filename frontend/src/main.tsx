/**
 * The page's entry, the one script the page itself names. A page the server rendered is
 * read, and its links followed, before any script runs: the app's code is fetched once the
 * page has shown its main picture, so on a slow connection the picture and the text come
 * first, and the app's scripts do not take the network from them (Lighthouse's phone: LCP
 * 3.0–3.6 s on the project page when they did, docs/benchmarks.md), or at once when the
 * visitor touches the page. Any other page is the app's to build, at once.
 */
import { applyChosenScheme, firstInteraction, holdClicks, nextTask, pageShown, preloadModules, serverRendered } from '@/lib/first-view';

applyChosenScheme(document, () => window.localStorage);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const rendered = serverRendered(document);
// A tap on a rendered page's button before the app answers is kept, and answered once it does.
const held = rendered ? holdClicks(root) : null;

(rendered ? Promise.race([pageShown(document), firstInteraction(document)]) : Promise.resolve())
  .then(() => preloadModules(document))
  // React is made ready in a task of its own, and the app in the next: a phone's main
  // thread is never held for both at once (a 230 ms task on Lighthouse's phone).
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start'))
  // The app's modules made ready, the browser has its thread back before the app starts.
  .then((app) => nextTask().then(() => app.start(root)))
  .then(() => held?.release(true))
  .catch((error: unknown) => {
    held?.release(false);
    // A page the server rendered stays readable (its links still work) when the app cannot
    // start, say its code could not be fetched; an empty page says why.
    if (!rendered) root.textContent = error instanceof Error ? error.message : String(error);
    throw error;
  });
