import { describe, expect, it } from 'vitest';
import { affiliationStatus } from './status';

describe('affiliationStatus', () => {
  const base = { affiliation_status: 'not_approved', university_affiliate_email: null, university_email_confirmed: false } as const;

  it('walks the four states of spec §4', () => {
    expect(affiliationStatus(base).text).toBe('Please, enter an affiliation email');
    expect(affiliationStatus({ ...base, university_affiliate_email: 'a@uni.edu' }).text).toBe(
      'Please, confirm the affiliation email',
    );
    expect(
      affiliationStatus({ ...base, university_affiliate_email: 'a@uni.edu', university_email_confirmed: true }).text,
    ).toBe('Pending moderation');
    expect(affiliationStatus({ ...base, affiliation_status: 'approved' })).toEqual({ text: 'Approved', severity: 'success' });
  });
});
