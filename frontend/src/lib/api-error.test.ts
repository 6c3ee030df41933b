import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, firstMessage } from './api-error';

describe('firstMessage', () => {
  it('reads the envelope in the order of the error catalogue', () => {
    expect(firstMessage({ messages: { non_field_errors: ['Invalid credentials'] } })).toBe('Invalid credentials');
    expect(firstMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(firstMessage({ messages: { file: ['Update error'] } })).toBe('Update error');
    expect(firstMessage({ messages: { details: 'Cannot disconnect' } })).toBe('Cannot disconnect');
    expect(firstMessage({ message: 'First', detail: 'Second' })).toBe('First');
    expect(firstMessage({})).toBeUndefined();
  });

  it('falls back to Something went wrong.', () => {
    expect(errorMessage(new TypeError('fetch failed'))).toBe('Something went wrong.');
    expect(errorMessage(new ApiError(500, {}))).toBe('Something went wrong.');
  });

  it('gives the texts of one field', () => {
    const error = new ApiError(400, { code: 'invalid', messages: { email: ['Required'] } });
    expect(error.fieldErrors('email')).toEqual(['Required']);
    expect(error.fieldErrors('password')).toEqual([]);
  });
});
