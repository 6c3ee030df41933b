import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.getElementById('cohort-preloaded')?.remove();
  vi.resetModules();
});

function writePage(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'cohort-preloaded';
  element.textContent = json;
  document.head.append(element);
}

describe('reads written into the page', () => {
  it('are taken once each', async () => {
    writePage('{"/api/menus":{"data":[1]}}');
    const { takePreloaded } = await import('./preloaded');
    expect(takePreloaded('/api/menus')).toEqual({ data: [1] });
    expect(takePreloaded('/api/menus')).toBeUndefined();
    expect(takePreloaded('/api/groups')).toBeUndefined();
  });

  it('are none when the page has none or they do not parse', async () => {
    writePage('{not json');
    const { takePreloaded } = await import('./preloaded');
    expect(takePreloaded('/api/menus')).toBeUndefined();
  });
});
