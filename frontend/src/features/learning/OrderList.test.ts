import { describe, expect, it } from 'vitest';
import { move } from './OrderList';

describe('move', () => {
  it('moves an item and keeps the others in order', () => {
    expect(move(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
