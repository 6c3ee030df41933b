import { describe, expect, it } from 'vitest';
import { outputSize } from './crop';

describe('outputSize', () => {
  it('downscales crops wider than 1200 px and keeps smaller ones', () => {
    expect(outputSize({ width: 2400, height: 1408 })).toEqual({ width: 1200, height: 704 });
    expect(outputSize({ width: 800, height: 800 })).toEqual({ width: 800, height: 800 });
  });
});
