import { describe, expect, it } from 'vitest';
import { changes } from './AuditList';

describe('audit changes', () => {
  it('lists the fields that differ', () => {
    expect(changes({ status: 'waiting', title: 'A' }, { status: 'approved', title: 'A' })).toEqual(['status: waiting → approved']);
  });

  it('shows whole values that are not records', () => {
    expect(changes(null, 'admin')).toEqual(['— → admin']);
    expect(changes(null, null)).toEqual([]);
  });

  it('names fields that appear or disappear', () => {
    expect(changes({}, { reason: 'spam' })).toEqual(['reason: — → spam']);
  });
});
