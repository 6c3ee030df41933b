import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { staffError } from './staffError';

describe('staffError', () => {
  it('adds the precise reason to the summary', () => {
    const error = new ApiError(403, {
      message: 'You are not allowed to perform this action.',
      detail: 'Only an admin can do this.',
    });
    expect(staffError(error)).toBe('You are not allowed to perform this action. Only an admin can do this.');
  });

  it('names the first field error of a refused form', () => {
    const error = new ApiError(400, {
      message: 'Invalid input.',
      detail: 'Invalid input.',
      messages: { 'blocks[0]': ['Scripts and embedded frames are not allowed here.'] },
    });
    expect(staffError(error)).toBe('Invalid input. Scripts and embedded frames are not allowed here.');
  });

  it('says something went wrong for anything else', () => {
    expect(staffError(new Error('x'))).toBe('Something went wrong.');
  });
});
