import { describe, expect, it } from 'vitest';
import { nextVotes } from './VoteButtons';

describe('nextVotes', () => {
  it('adds, clears and switches a vote', () => {
    const none = { up: 2, down: 1 };
    expect(nextVotes(none, null, 'up')).toEqual({ votes: { up: 3, down: 1 }, reaction: 'up' });
    expect(nextVotes({ up: 3, down: 1 }, 'up', 'up')).toEqual({ votes: { up: 2, down: 1 }, reaction: null });
    expect(nextVotes({ up: 3, down: 1 }, 'up', 'down')).toEqual({ votes: { up: 2, down: 2 }, reaction: 'down' });
  });
});
