import { describe, expect, it } from 'vitest';
import { rejectionOf } from './pictures';

describe('rejectionOf', () => {
  it('accepts JPEG and PNG only', () => {
    expect(rejectionOf(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(rejectionOf(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(rejectionOf(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('Only JPEG and PNG images are allowed.');
  });
});
