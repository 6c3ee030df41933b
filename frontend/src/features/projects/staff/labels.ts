import type { LedgerAccount, LedgerKind } from '@/api/model';

/** A ledger entry's kind, as the funding file reads it. */
export const LEDGER_KIND: Record<LedgerKind, string> = {
  pledged: 'Pledged',
  changed: 'Pledge changed',
  released: 'Released',
  goal_reached: 'Goal reached',
  charged: 'Charged',
  failed: 'Charge failed',
  fee: 'Platform fee',
  payout: 'Paid out',
  refunded: 'Refunded',
  payout_reversed: 'Payout taken back',
  fee_returned: 'Platform fee returned',
};

/** An account of a project's books (double entry), as the funding file reads it. */
export const LEDGER_ACCOUNT: Record<LedgerAccount, string> = {
  commitments: 'Pledge commitments',
  pledged: 'Pledged',
  donor_cards: 'Donors’ cards',
  escrow: 'Held by Cohort',
  platform_fees: 'Platform fees',
  owner_payout: 'Owner’s payout account',
};
