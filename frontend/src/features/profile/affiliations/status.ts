import type { AffiliationProgress } from '@/api/model';

interface AffiliationNotice {
  text: string;
  severity: 'success' | 'info' | 'warning';
  /** The member may ask for the confirmation link again. */
  resend?: boolean;
}

/** The affiliation status messages of spec §4 (document 1), for each stage the server names. */
export const AFFILIATION_NOTICES: Record<AffiliationProgress, AffiliationNotice> = {
  approved: { text: 'Approved', severity: 'success' },
  needs_email: { text: 'Please, enter an affiliation email', severity: 'info' },
  needs_confirmation: { text: 'Please, confirm the affiliation email', severity: 'warning', resend: true },
  pending_moderation: { text: 'Pending moderation', severity: 'info' },
};
