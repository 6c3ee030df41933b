import { describe, expect, it } from 'vitest';
import { BLOCK_KINDS, emptyBlock } from './blockKinds';

describe('blocks', () => {
  it('starts each type of block empty with the right shape', () => {
    for (const { type } of BLOCK_KINDS) expect(emptyBlock(type).type).toBe(type);
    expect(emptyBlock('carousel')).toEqual({ type: 'carousel', value: { slides: [] } });
    expect(emptyBlock('iframe')).toEqual({ type: 'iframe', value: '' });
  });
});
