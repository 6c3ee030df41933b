import { describe, expect, it } from 'vitest';
import { toggled } from './ReactionBar';

describe('toggled', () => {
  it('gives and takes back the reader’s reaction, keeping the server’s order', () => {
    const counts = [{ emoji: 'thanks' as const, count: 2, mine: false }];
    expect(toggled(counts, 'heart', true)).toEqual([
      { emoji: 'heart', count: 1, mine: true },
      { emoji: 'thanks', count: 2, mine: false },
    ]);
    expect(toggled(counts, 'thanks', true)).toEqual([{ emoji: 'thanks', count: 3, mine: true }]);
    expect(toggled([{ emoji: 'heart', count: 1, mine: true }], 'heart', false)).toEqual([]);
    // Giving what is already given changes nothing.
    expect(toggled([{ emoji: 'heart', count: 1, mine: true }], 'heart', true)).toEqual([{ emoji: 'heart', count: 1, mine: true }]);
  });
});
