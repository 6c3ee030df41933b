import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { indexedProblems } from './indexedProblems';

describe('indexedProblems', () => {
  it('reads the reason for each refused item by its index', () => {
    const error = new ApiError(400, {
      message: 'Invalid input.',
      messages: {
        'blocks[1]': ['Scripts are not allowed here.'],
        'questions[0].options': ['Mark the right answer.'],
        title: ['Required'],
      },
    });
    expect(indexedProblems(error, 'blocks')).toEqual({ 1: 'Scripts are not allowed here.' });
    expect(indexedProblems(error, 'questions')).toEqual({ 0: 'Mark the right answer.' });
  });

  it('finds nothing in other failures', () => {
    expect(indexedProblems(new Error('offline'), 'blocks')).toEqual({});
    expect(indexedProblems(null, 'blocks')).toEqual({});
  });
});
