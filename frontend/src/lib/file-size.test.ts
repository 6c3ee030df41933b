import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('reads as bytes, kilobytes or megabytes', () => {
    expect(fileSize(820)).toBe('820 bytes');
    expect(fileSize(14_500)).toBe('14 KB');
    expect(fileSize(2_516_582)).toBe('2.4 MB');
  });
});
