import { describe, expect, it } from 'vitest';
import { stillUnseen } from './useLiveDiscussion';

describe('stillUnseen', () => {
  it('keeps offering what arrived while a reload ran', () => {
    const before = { topics: 1, replies: new Map([[7, 2]]) };
    const now = { topics: 2, replies: new Map([[7, 3], [8, 1]]) };
    expect(stillUnseen(now, before)).toEqual({ topics: 1, replies: new Map([[7, 1], [8, 1]]) });
    expect(stillUnseen(before, before)).toEqual({ topics: 0, replies: new Map() });
  });
});
