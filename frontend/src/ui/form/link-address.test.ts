import { describe, expect, it } from 'vitest';
import { isWebAddress } from './link-address';

describe('isWebAddress', () => {
  it('takes http(s) addresses with a host and paths on this site', () => {
    for (const good of ['https://example.org/a?b=c', 'http://x.io', '/working-groups/stroke', ' /about ']) {
      expect(isWebAddress(good), good).toBe(true);
    }
  });

  it('refuses other schemes, other hosts in disguise and bare words', () => {
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', '//evil.example', '/\\evil.example', 'example.org', 'https://', 'ftp://x.io', '']) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });
});
