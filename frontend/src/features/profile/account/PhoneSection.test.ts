import { describe, expect, it } from 'vitest';
import { phoneAction } from './PhoneSection';

describe('phoneAction', () => {
  it('offers Add, then Confirm, then Change (spec §4 Phone)', () => {
    expect(phoneAction({ phone_number: null, phone_confirmed: false })).toBe('Add phone number');
    expect(phoneAction({ phone_number: '+442079460001', phone_confirmed: false })).toBe('Confirm phone number');
    expect(phoneAction({ phone_number: '+442079460001', phone_confirmed: true })).toBe('Change phone number');
  });
});
