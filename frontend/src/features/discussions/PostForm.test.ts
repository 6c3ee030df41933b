import { describe, expect, it } from 'vitest';
import { unreachedText } from './PostForm';

describe('unreachedText', () => {
  it('names whom a mention could not reach', () => {
    expect(unreachedText(['Cy Lee'])).toBe('Cy Lee was not notified: they cannot read this topic.');
    expect(unreachedText(['Cy Lee', 'Di Ng', 'Ed Po'])).toBe('Cy Lee, Di Ng and Ed Po were not notified: they cannot read this topic.');
  });
});
