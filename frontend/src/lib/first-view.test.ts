import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULES_ID, PICTURE_WAIT_MS, pageShown, preloadModules, serverRendered } from './first-view';

afterEach(() => {
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

  it('asks for every listed script at once, as the modules they are', () => {
    listModules('["/assets/start.js","/assets/ProjectPage.js"]');
    preloadModules(document);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/start.js', '/assets/ProjectPage.js']);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('asks for nothing when the server listed nothing', () => {
    preloadModules(document);
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
