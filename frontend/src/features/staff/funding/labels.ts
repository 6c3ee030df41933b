import type { LedgerKind } from '@/api/model';

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
