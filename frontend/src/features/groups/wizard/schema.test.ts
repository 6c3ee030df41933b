import { describe, expect, it } from 'vitest';
import { FIELD_REQUIRED } from '@/lib/field-texts';
import { generalSchema, specificsSchemaFor } from './schema';

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((i) => [String(i.path[0]), i.message]) ?? []);

describe('wizard rules (spec 2 §5)', () => {
  it('step 1 needs a title, a tag, a summary and an image', () => {
    const result = generalSchema.safeParse({ title: ' ', tags: [], summary: '', image: '', embedded_link: '', additional_info: '' });
    expect(errors(result)).toEqual({ title: FIELD_REQUIRED, tags: FIELD_REQUIRED, summary: FIELD_REQUIRED, image: FIELD_REQUIRED });
  });

  it('step 3 needs goals, a partner answer, obligations, and the other texts', () => {
    const schema = specificsSchemaFor(6, 16);
    const empty = schema.safeParse({
      goals_of_working_group: [],
      other_goals_of_wg: '',
      industry_partner_likely: null,
      role_of_industry_partner: [],
      other_role_of_industry_partner: '',
      member_obligations: '',
    });
    expect(errors(empty)).toEqual({
      goals_of_working_group: FIELD_REQUIRED,
      industry_partner_likely: FIELD_REQUIRED,
      member_obligations: FIELD_REQUIRED,
    });
    const others = schema.safeParse({
      goals_of_working_group: [6],
      other_goals_of_wg: '',
      industry_partner_likely: 'yes',
      role_of_industry_partner: [16],
      other_role_of_industry_partner: ' ',
      member_obligations: '<p>Be kind</p>',
    });
    expect(errors(others)).toEqual({ other_goals_of_wg: FIELD_REQUIRED, other_role_of_industry_partner: FIELD_REQUIRED });
    const yesWithoutRoles = schema.safeParse({
      goals_of_working_group: [1],
      other_goals_of_wg: '',
      industry_partner_likely: 'yes',
      role_of_industry_partner: [],
      other_role_of_industry_partner: '',
      member_obligations: '<p>Be kind</p>',
    });
    expect(errors(yesWithoutRoles)).toEqual({ role_of_industry_partner: FIELD_REQUIRED });
  });
});
