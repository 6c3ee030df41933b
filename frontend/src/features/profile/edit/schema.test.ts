import { describe, expect, it } from 'vitest';
import { profileSchemaFor } from './schema';

const valid = { name: 'Ada', email: 'ada@example.org', current_password: 'secret words' };

describe('profileSchemaFor', () => {
  it('needs the name and the current password', () => {
    const result = profileSchemaFor(false).safeParse({ ...valid, name: ' ', current_password: '' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
    expect(fields).toEqual({ name: 'Required', current_password: 'Required' });
  });

  it('asks project creators for the equity fields, and caps profile tags at two', () => {
    expect(profileSchemaFor(false).safeParse(valid).success).toBe(true);
    const creator = profileSchemaFor(true).safeParse({ ...valid, gender: 'female' });
    expect(creator.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['age_group', 'career_stage']);
    const tags = profileSchemaFor(false).safeParse({ ...valid, tags: ['CAREGIVER', 'SURVIVOR', 'OTHER'] });
    expect(tags.success).toBe(false);
  });
});
