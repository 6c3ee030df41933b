import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './actions';

describe('describeAuditEntry', () => {
  it('says what staff decided about the account', () => {
    expect(describeAuditEntry('user.deactivate', 'user')).toBe('Your account was deactivated');
    expect(describeAuditEntry('user.reset_two_factor', 'user')).toBe('Your account had its two-step sign-in reset');
  });

  it('names moderated content as the report form does', () => {
    expect(describeAuditEntry('moderation.hide', 'reply')).toBe('Your reply was hidden by the moderators');
    expect(describeAuditEntry('moderation.warn', 'group_update')).toBe(
      'Your group update brought you a warning from the moderators',
    );
  });

  it('says what the member did with their API tokens', () => {
    expect(describeAuditEntry('api_token.create', 'api_token')).toBe('Your API token was created');
    expect(describeAuditEntry('api_token.revoke', 'api_token')).toBe('Your API token was revoked');
  });

  it('keeps the middle of a longer action', () => {
    expect(describeAuditEntry('project.funding.approve', 'project')).toBe('Your project (funding) was approved');
  });

  it('falls back to the action’s own words', () => {
    expect(describeAuditEntry('affiliation.confirm', 'user')).toBe('Your account: confirm');
  });
});
