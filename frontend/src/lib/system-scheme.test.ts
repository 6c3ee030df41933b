import { describe, expect, it } from 'vitest';
import { followingTheSystem } from './system-scheme';

describe("a server page's styles", () => {
  it('give a dark system the dark colours until the app marks the page', () => {
    const css = ':root,.light{--bg:#fff;}.dark{color-scheme:dark;--bg:#000;}.dark{--fg:#eee;}.a{color:var(--bg)}';
    expect(followingTheSystem(css)).toBe(`${css}@media (prefers-color-scheme: dark){:root:not(.light){color-scheme:dark;--bg:#000;--fg:#eee;}}`);
  });

  it('leave styles without a dark scheme alone', () => {
    expect(followingTheSystem('.a{color:red}')).toBe('.a{color:red}');
  });
});
