import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  it('writes and reads a site cookie', () => {
    expect(readCookie('cookie_consent')).toBeNull();
    writeCookie('cookie_consent', 'true', 365);
    writeCookie('top_banner', 'closed', 30);
    expect(readCookie('cookie_consent')).toBe('true');
    expect(readCookie('top_banner')).toBe('closed');
  });
});
