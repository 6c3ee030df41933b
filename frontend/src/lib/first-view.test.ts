import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MODE_KEY,
  MODULES_ID,
  PICTURE_WAIT_MS,
  applyChosenScheme,
  firstInteraction,
  holdClicks,
  keepTyped,
  partLeftInView,
  RETYPE_EVERY_MS,
  RETYPE_FOR_MS,
  pageShown,
  PRELOADS_PER_TASK,
  preloadModules,
  serverRendered,
} from './first-view';

afterEach(() => {
  document.documentElement.className = '';
  window.localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function listModules(list: string) {
  document.head.innerHTML = `<script type="application/json" id="${MODULES_ID}">${list}</script>`;
}

describe('a page the server rendered', () => {
  it('is told apart by the list of its scripts', () => {
    expect(serverRendered(document)).toBe(false);
    listModules('[]');
    expect(serverRendered(document)).toBe(true);
  });

  it('asks for every listed script, as the modules they are, a few in each task', async () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: PRELOADS_PER_TASK + 2 }, (_, i) => `/assets/chunk-${i}.js`);
    listModules(JSON.stringify(hrefs));
    const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    let done = false;
    void preloadModules(document).then(() => {
      done = true;
    });
    expect(preloaded()).toHaveLength(PRELOADS_PER_TASK);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(preloaded().map((link) => link.getAttribute('href'))).toEqual(hrefs);
    expect(preloaded().every((link) => link.crossOrigin === '')).toBe(true);
  });

  it("fetches them only, for a visitor's page, as the browser's cache's", async () => {
    listModules(JSON.stringify(['/assets/start-1.js']));
    await preloadModules(document, 'prefetch');
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    const fetched = document.head.querySelector<HTMLLinkElement>('link[rel="prefetch"]');
    expect(fetched?.getAttribute('href')).toBe('/assets/start-1.js');
    expect(fetched?.crossOrigin).toBe('');
  });

  it('asks for nothing when the server listed nothing', async () => {
    await preloadModules(document);
    expect(document.head.querySelector('link')).toBeNull();
  });
});

describe('the page is shown', () => {
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return () => done;
  };

  it('once its main picture has arrived, not before', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<img fetchpriority="high" src="/media/p.jpg"><img src="/media/other.jpg">';
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'complete', { value: false });
    const done = settled(pageShown(document));
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS - 100);
    expect(done()).toBe(false);
    picture.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(300);
    expect(done()).toBe(true);
  });

  it('after a wait at most, when the picture never comes', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<img fetchpriority="high" src="/media/slow.jpg">';
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false });
    const done = settled(pageShown(document));
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS + 300);
    expect(done()).toBe(true);
  });

  it('at once when a failed picture is all it waits on', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<img fetchpriority="high" src="/media/gone.jpg">';
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'complete', { value: false });
    const done = settled(pageShown(document));
    picture.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(300);
    expect(done()).toBe(true);
  });
});

describe("the member's light or dark choice", () => {
  it('is on the page before the app starts', () => {
    window.localStorage.setItem(MODE_KEY, 'dark');
    applyChosenScheme(document, () => window.localStorage);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    window.localStorage.setItem(MODE_KEY, 'light');
    applyChosenScheme(document, () => window.localStorage);
    expect([...document.documentElement.classList]).toEqual(['light']);
  });

  it("leaves the system's scheme to the page's styles when the member chose none, or storage refuses", () => {
    window.localStorage.setItem(MODE_KEY, 'system');
    applyChosenScheme(document, () => window.localStorage);
    expect(document.documentElement.className).toBe('');
    applyChosenScheme(document, () => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(document.documentElement.className).toBe('');
  });
});

describe('a tap before the app has started', () => {
  function page(html: string) {
    document.body.innerHTML = `<div id="root">${html}</div>`;
    return document.getElementById('root')!;
  }

  it.each(['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'focusin', 'click'])('(a %s) starts the app at once', async (kind) => {
    let interacted = false;
    void firstInteraction(document).then(() => {
      interacted = true;
    });
    await Promise.resolve();
    expect(interacted).toBe(false);
    document.body.dispatchEvent(new Event('load'));
    document.body.dispatchEvent(new Event('scroll', { bubbles: true }));
    await Promise.resolve();
    expect(interacted, 'the page loading is not the visitor using it').toBe(false);
    document.body.dispatchEvent(new Event(kind, { bubbles: true }));
    await Promise.resolve();
    expect(interacted).toBe(true);
  });

  it("alone (a screen reader's) on a held button starts the app", async () => {
    const root = page('<button>Share</button>');
    const held = holdClicks(root);
    let interacted = false;
    void firstInteraction(document).then(() => {
      interacted = true;
    });
    root.querySelector('button')!.click();
    await Promise.resolve();
    expect(interacted).toBe(true);
    held.release(false);
  });

  it('on a button is held, then answered by the same button once the app has started', () => {
    const root = page('<button>Share</button><button>Private member join</button>');
    const held = holdClicks(root);
    const answered = vi.fn();
    root.addEventListener('click', answered);
    root.querySelectorAll('button')[1].click();
    expect(answered).not.toHaveBeenCalled();
    held.release(true);
    expect(answered).toHaveBeenCalledTimes(1);
    expect((answered.mock.calls[0][0] as Event).target).toBe(root.querySelectorAll('button')[1]);
  });

  it('is answered by the button that says the same when the app drew the page afresh', () => {
    const root = page('<button>Private member join</button>');
    const held = holdClicks(root);
    root.querySelector('button')!.click();
    root.innerHTML = '<button>Account menu</button><button>Private member join</button>';
    const answered = vi.fn();
    root.querySelectorAll('button')[1].addEventListener('click', answered);
    held.release(true);
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it('on a link is not held: a link works without script', () => {
    const root = page('<a href="#projects"><button>Projects</button></a>');
    holdClicks(root);
    const followed = vi.fn((event: Event) => event.defaultPrevented);
    root.addEventListener('click', followed);
    root.querySelector('button')!.click();
    expect(followed).toHaveReturnedWith(false);
  });

  it('is let go, not replayed, when the app could not start', () => {
    const root = page('<button>Private member join</button>');
    const held = holdClicks(root);
    root.querySelector('button')!.click();
    held.release(false);
    const answered = vi.fn();
    root.addEventListener('click', answered);
    root.querySelector('button')!.click();
    expect(answered).toHaveBeenCalledTimes(1);
  });
});

describe('a part the server left to the browser', () => {
  /** A page whose discussion (left to the browser, with no fallback) follows a card whose
   * bottom edge is at `bottom` px from the window's top. */
  function page(bottom: number) {
    document.body.innerHTML = '<div id="root"><main><div class="card">Summary</div><!--$!--><template></template><!--/$--><div>Join</div></main></div>';
    const card = document.querySelector('.card')!;
    const place = { bottom };
    card.getBoundingClientRect = () => ({ bottom: place.bottom }) as DOMRect;
    return { root: document.getElementById('root')!, place };
  }
  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('wants the app at once when it is in the window', async () => {
    const { root } = page(400);
    const state = settled(partLeftInView(root));
    await Promise.resolve();
    expect(state.done).toBe(true);
  });

  it('wants it once the page scrolls it into the window, not before', async () => {
    const { root, place } = page(window.innerHeight + 600);
    const state = settled(partLeftInView(root));
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(state.done).toBe(false);
    place.bottom = window.innerHeight - 10;
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(state.done).toBe(true);
  });

  it('wants it when the page jumped past it', async () => {
    const { root, place } = page(window.innerHeight + 600);
    const state = settled(partLeftInView(root));
    place.bottom = -300;
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(state.done).toBe(true);
  });

  it('is never waited for on a page that has none', async () => {
    document.body.innerHTML = '<div id="root"><main><p>All here</p><!-- --></main></div>';
    const state = settled(partLeftInView(document.getElementById('root')!));
    window.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(state.done).toBe(false);
  });
});

describe('what a visitor types before the app has started', () => {
  function page(html: string) {
    document.body.innerHTML = `<div id="root">${html}</div>`;
    return document.getElementById('root')!;
  }
  function type(field: HTMLInputElement, value: string) {
    field.focus();
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  /** The app's part holding `field`: it sets the field back to `state` on every input until
   * it has been taken over (`takenOver`), then keeps what it hears. */
  function appPart(field: HTMLInputElement, takenOver: () => boolean) {
    const heard: string[] = [];
    field.addEventListener('input', () => {
      if (takenOver()) heard.push(field.value);
      else field.value = '';
    });
    return heard;
  }

  it("is given back to the field the app's first render emptied, as typing the app hears", async () => {
    const root = page('<input name="sort"><input type="checkbox"><input name="search">');
    const kept = keepTyped(root);
    const search = root.querySelector<HTMLInputElement>('input[name="search"]')!;
    type(search, 'ageing');
    search.value = '';
    const heard = appPart(search, () => true);
    await kept.release();
    expect(search.value).toBe('ageing');
    expect(heard).toEqual(['ageing']);
    expect(root.querySelector<HTMLInputElement>('input[name="sort"]')!.value).toBe('');
  });

  it('is given back again until the part holding the field has been taken over, with what was typed meanwhile', async () => {
    vi.useFakeTimers();
    const root = page('<input name="search">');
    const kept = keepTyped(root);
    const search = root.querySelector('input')!;
    type(search, 'age');
    let takenOver = false;
    const heard = appPart(search, () => takenOver);
    const released = kept.release();
    expect(search.value).toBe('');
    type(search, 'ageing');
    search.value = '';
    await vi.advanceTimersByTimeAsync(RETYPE_EVERY_MS * 3);
    expect(heard).toEqual([]);
    takenOver = true;
    await vi.advanceTimersByTimeAsync(RETYPE_EVERY_MS);
    await released;
    expect(heard).toEqual(['ageing']);
    expect(search.value).toBe('ageing');
  });

  it('gives up once the page has had RETYPE_FOR_MS to take the field over', async () => {
    vi.useFakeTimers();
    const root = page('<input name="search">');
    const kept = keepTyped(root);
    const search = root.querySelector('input')!;
    type(search, 'ageing');
    appPart(search, () => false);
    const released = kept.release();
    await vi.advanceTimersByTimeAsync(RETYPE_FOR_MS + RETYPE_EVERY_MS);
    await expect(released).resolves.toBeUndefined();
  });

  it("keeps the field they were in when a member's page is drawn afresh", async () => {
    const root = page('<input name="search">');
    const kept = keepTyped(root);
    type(root.querySelector('input')!, 'sleep');
    root.innerHTML = '<input name="search">';
    const heard = appPart(root.querySelector('input')!, () => true);
    await kept.release();
    const field = root.querySelector('input')!;
    expect(heard).toEqual(['sleep']);
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe('sleep'.length);
  });
});
