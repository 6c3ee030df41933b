/**
 * What a page the server rendered shows before the app's code is fetched (src/main.tsx).
 */
import { TOKEN_KEY } from '@/lib/token-key';

/** The element the server lists a rendered page's scripts in (crates/app/src/site/spa.rs): a
 * page has it when, and only when, the server rendered it. */
export const MODULES_ID = 'cohort-modules';
/** The longest the app waits for the page's main picture: a slow picture (or one that never
 * comes) does not keep the page's buttons from working. */
export const PICTURE_WAIT_MS = 3000;
/** The longest it waits for the next frame, which a tab in the background never paints. */
const FRAME_WAIT_MS = 250;

/** Where MUI keeps the member's light or dark choice in this browser (src/app/theme.ts keeps
 * MUI's own key). */
export const MODE_KEY = 'mui-mode';

/**
 * The member's light or dark choice on the page at once: a page from the server follows the
 * system (its styles do) until the app starts, which on a rendered page waits for its
 * picture, so a member who chose dark on a light system (or light on a dark one) would see
 * the page change once it has. The theme takes the class over when it starts, as MUI's
 * `InitColorSchemeScript` would have it.
 */
export function applyChosenScheme(doc: Document, storage: () => Storage): void {
  let mode: string | null = null;
  try {
    mode = storage().getItem(MODE_KEY);
  } catch {
    // Storage refused (a private window's settings): the system's scheme, as the app's.
  }
  if (mode !== 'light' && mode !== 'dark') return;
  doc.documentElement.classList.remove('light', 'dark');
  doc.documentElement.classList.add(mode);
}

/** Whether a member is signed in in this browser (their page is the app's, at once). */
export function signedIn(storage: () => Storage): boolean {
  try {
    return storage().getItem(TOKEN_KEY) !== null;
  } catch {
    // Storage refused: no one can be signed in here.
    return false;
  }
}

/** Whether the server rendered this page. */
export function serverRendered(doc: Document): boolean {
  return doc.getElementById(MODULES_ID) !== null;
}

/** Settles once the page's main pictures (`fetchpriority="high"`) have arrived and been
 * painted, or failed, or after PICTURE_WAIT_MS. */
export function pageShown(doc: Document): Promise<void> {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((img) => !img.complete);
  const arrived = Promise.all(
    pictures.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  return Promise.race([arrived, delay(PICTURE_WAIT_MS)]).then(nextFrame);
}

/** What tells that a visitor is about to use the page rather than read it: a touch, a key, a
 * scroll wheel, a focused control, a mouse moving over the page (a phone's touch gives no move
 * before it touches), or a click alone (a screen reader activating a button sends no
 * pointer or key before it). */
const INTENT = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'focusin', 'click'] as const;

/** Settles at the visitor's first sign of using the page (INTENT): the app is then wanted at
 * once, whether or not the main picture has shown. */
export function firstInteraction(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const controller = new AbortController();
    const interacted = () => {
      controller.abort();
      resolve();
    };
    // On the window, whose capturing listeners hear an event before the document's: a click
    // that holdClicks (on the document) holds is heard here first.
    const target = doc.defaultView ?? doc;
    for (const kind of INTENT) {
      target.addEventListener(kind, interacted, { capture: true, passive: true, signal: controller.signal });
    }
  });
}

/** How React marks, in the server's HTML, a part it left to the browser (a part whose code
 * loads later, src/ssr-lazy.ts): `<!--$!-->`, then its fallback (often nothing), then `<!--/$-->`. */
const LEFT_OPENS = '$!';
const LEFT_CLOSES = '/$';

/** Where each part the server left to the browser sits: between the element before it and
 * the element after it. */
function partsLeftOf(root: HTMLElement): { before: Element | null; after: Element | null; parent: Element }[] {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const parts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue !== LEFT_OPENS || !node.parentElement) continue;
    let close: Node | null = node.nextSibling;
    while (close && !(close.nodeType === Node.COMMENT_NODE && close.nodeValue === LEFT_CLOSES)) close = close.nextSibling;
    let before: Node | null = node.previousSibling;
    while (before && !(before instanceof Element)) before = before.previousSibling;
    let after: Node | null = close?.nextSibling ?? null;
    while (after && !(after instanceof Element)) after = after.nextSibling;
    parts.push({ before: before as Element | null, after: after as Element | null, parent: node.parentElement });
  }
  return parts;
}

/**
 * Settles once a part the server left to the browser (a discussion below a group, whose code
 * loads later) is in the window or above it, at once or as the page scrolls: the visitor is
 * then looking at (or past) a place only the app can fill. Never settles on a page with no
 * such part.
 */
export function partLeftInView(root: HTMLElement): Promise<void> {
  const parts = partsLeftOf(root);
  const win = root.ownerDocument.defaultView;
  if (parts.length === 0 || !win) return new Promise(() => {});
  return new Promise((resolve) => {
    const controller = new AbortController();
    const inView = ({ before, after, parent }: (typeof parts)[number]) => {
      const top = before ? before.getBoundingClientRect().bottom : (after ?? parent).getBoundingClientRect().top;
      // Reached or passed: a jump (a link, the scroll restored) may pass it in one step.
      return top <= win.innerHeight;
    };
    const look = () => {
      if (!parts.some(inView)) return;
      controller.abort();
      resolve();
    };
    for (const kind of ['scroll', 'resize'] as const) win.addEventListener(kind, look, { passive: true, signal: controller.signal });
    look();
  });
}

/** What answers a click once the app has started. A link is not held: it works without script. */
const CLICKABLE = 'button, [role="button"], [role="tab"], input[type="submit"]';

/** Where a held click went, to find the same control in the app's page. */
interface HeldClick {
  index: number;
  text: string | null;
}

/**
 * Holds the clicks on the page's buttons until the app has started, then replays the last on
 * the same button: a server-rendered button does nothing until the app has taken the page
 * over, and a visitor who tapped it before then would otherwise find their tap lost.
 */
export function holdClicks(root: HTMLElement): { release(replay: boolean): void } {
  const doc = root.ownerDocument;
  let held: HeldClick | null = null;
  const controls = () => [...root.querySelectorAll<HTMLElement>(CLICKABLE)];
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
    if (!control || !root.contains(control) || control.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { index: controls().indexOf(control), text: control.textContent };
  };
  doc.addEventListener('click', hold, { capture: true });
  return {
    release(replay) {
      doc.removeEventListener('click', hold, { capture: true });
      if (!replay || held === null) return;
      const { index, text } = held;
      // The app took the page over as it stood (the same buttons, in the same order), or
      // drew it afresh for a member (the button found by what it says).
      const all = controls();
      const same = all[index]?.textContent === text ? all[index] : all.find((control) => control.textContent === text);
      same?.click();
    },
  };
}

/** The fields a visitor can type into. */
type Field = HTMLInputElement | HTMLTextAreaElement;
const FIELDS = 'input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"]), textarea';

/** How often, and for how long at most, a field is given its text back while its part of the
 * page is still being taken over: React takes a page over part by part after its first
 * commit (a screen whose code loaded later, in its own Suspense boundary), and a field not
 * yet taken over is set back to what the server wrote. */
export const RETYPE_EVERY_MS = 100;
export const RETYPE_FOR_MS = 5000;

/** Types `value` into `field` as the app hears typing; whether the field kept it. */
function retype(field: Field, value: string): boolean {
  // React tracks the value the field's own setter last set and hears an input only when the
  // field's value differs from it: emptied through its own setter, given the text through
  // its prototype's.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return field.value === value;
}

/**
 * Keeps what a visitor types into the page's fields before the app answers (they tap the
 * list's search and type at once: that tap is what starts the app), and gives it back to
 * the app's fields once it does, as typing the app hears: the app's state for a field starts
 * empty, whether its first render emptied the field or kept what it found. Until every field
 * has its text back, later typing is kept too. The field they were in keeps the focus.
 */
export function keepTyped(root: HTMLElement): { release(): Promise<void> } {
  const doc = root.ownerDocument;
  const typed = new Map<number, string>();
  let focused: number | null = null;
  const fields = () => [...root.querySelectorAll<Field>(FIELDS)];
  const indexOf = (target: EventTarget | null) => (target instanceof Element && root.contains(target) ? fields().indexOf(target as Field) : -1);
  const note = (event: Event) => {
    const index = indexOf(event.target);
    if (index >= 0) typed.set(index, (event.target as Field).value);
  };
  const enter = (event: Event) => {
    const index = indexOf(event.target);
    focused = index >= 0 ? index : null;
  };
  doc.addEventListener('input', note, { capture: true });
  doc.addEventListener('focusin', enter, { capture: true });
  return {
    async release() {
      doc.removeEventListener('focusin', enter, { capture: true });
      const now = fields();
      // A member's page is drawn afresh, its fields new elements: the one they were in.
      const field = focused === null ? undefined : now[focused];
      if (field && doc.activeElement !== field) field.focus();
      const until = Date.now() + RETYPE_FOR_MS;
      let waiting = [...typed.keys()].filter((index) => now[index]);
      for (;;) {
        waiting = waiting.filter((index) => !retype(now[index], typed.get(index) ?? ''));
        if (waiting.length === 0 || Date.now() >= until) break;
        await delay(RETYPE_EVERY_MS);
      }
      doc.removeEventListener('input', note, { capture: true });
      try {
        field?.setSelectionRange(field.value.length, field.value.length);
      } catch {
        // A field with no caret (an e-mail or a number): focused is enough.
      }
    },
  };
}

/** How many scripts are asked for in one task: adding a `modulepreload` link costs the
 * browser about a millisecond of main thread (its module fetch is set up at once), so the
 * project page's thirty in one go were a 137 ms task on Lighthouse's phone. */
export const PRELOADS_PER_TASK = 6;

/**
 * Asks for the scripts the server listed for this page (the app would otherwise find them
 * one import after another), a few in each task; settles once all are asked for. As
 * `modulepreload` (the default) they are fetched and readied to run; as `prefetch` they are
 * only fetched into the browser's cache, which costs the page's main thread nothing while a
 * visitor reads it.
 */
export async function preloadModules(doc: Document, rel: 'modulepreload' | 'prefetch' = 'modulepreload'): Promise<void> {
  const list = doc.getElementById(MODULES_ID)?.textContent;
  if (!list) return;
  const hrefs = JSON.parse(list) as string[];
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    // Added to the head together: one change to the document per batch.
    const links = doc.createDocumentFragment();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = rel;
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    doc.head.append(links);
  }
}

/** After the browser has had the main thread back (to paint, to answer a tap). */
export function nextTask(): Promise<void> {
  return delay(0);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** After the browser has painted what it has (the picture that just arrived). */
function nextFrame(): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))), delay(FRAME_WAIT_MS)]);
}
