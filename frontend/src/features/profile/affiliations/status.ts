import type { Me } from '@/api/model';

type AffiliationFacts = Pick<Me, 'affiliation_status' | 'university_affiliate_email' | 'university_email_confirmed'>;

/** The affiliation status messages of spec §4 (document 1), with how the alert looks. */
export function affiliationStatus(me: AffiliationFacts): { text: string; severity: 'success' | 'info' | 'warning' } {
  if (me.affiliation_status === 'approved') return { text: 'Approved', severity: 'success' };
  if (!me.university_affiliate_email) return { text: 'Please, enter an affiliation email', severity: 'info' };
  if (!me.university_email_confirmed) return { text: 'Please, confirm the affiliation email', severity: 'warning' };
  return { text: 'Pending moderation', severity: 'info' };
}
