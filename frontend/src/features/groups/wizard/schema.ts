import { z } from '@/lib/zod';
import type { GroupDetail } from '@/api/model';

/** Spec 2 §5: every wizard rule shows this text. */
import { FIELD_REQUIRED } from '@/lib/field-texts';
const required = z.string().trim().min(1, FIELD_REQUIRED);

export const generalSchema = z.object({
  title: required,
  tags: z.array(z.number()).min(1, FIELD_REQUIRED),
  summary: required,
  /** The stored image's address, or the name of the file chosen to replace it. */
  image: required,
  embedded_link: z.string(),
  additional_info: z.string(),
});
export type GeneralValues = z.infer<typeof generalSchema>;

/** Step 3; `otherGoal`/`otherRole` are the ids of the lookups' `other` entries. */
export const specificsSchemaFor = (otherGoal?: number, otherRole?: number) =>
  z
    .object({
      goals_of_working_group: z.array(z.number()).min(1, FIELD_REQUIRED),
      other_goals_of_wg: z.string(),
      industry_partner_likely: z.enum(['yes', 'no'], { error: FIELD_REQUIRED }).nullable(),
      role_of_industry_partner: z.array(z.number()),
      other_role_of_industry_partner: z.string(),
      member_obligations: required,
    })
    .superRefine((v, ctx) => {
      const missing = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: FIELD_REQUIRED });
      if (!v.industry_partner_likely) missing('industry_partner_likely');
      if (v.industry_partner_likely === 'yes' && v.role_of_industry_partner.length === 0) missing('role_of_industry_partner');
      if (otherGoal !== undefined && v.goals_of_working_group.includes(otherGoal) && !v.other_goals_of_wg.trim()) {
        missing('other_goals_of_wg');
      }
      if (
        v.industry_partner_likely === 'yes' &&
        otherRole !== undefined &&
        v.role_of_industry_partner.includes(otherRole) &&
        !v.other_role_of_industry_partner.trim()
      ) {
        missing('other_role_of_industry_partner');
      }
    });
export type SpecificsValues = z.infer<ReturnType<typeof specificsSchemaFor>>;

export function generalDefaults(group?: GroupDetail): GeneralValues {
  return {
    title: group?.title ?? '',
    tags: group?.tags.map((t) => t.id) ?? [],
    summary: group?.summary ?? '',
    image: group?.image ?? '',
    embedded_link: group?.embedded_link ?? '',
    additional_info: group?.additional_info ?? '',
  };
}

export function specificsDefaults(group: GroupDetail): SpecificsValues {
  return {
    goals_of_working_group: group.goals_of_working_group.map((g) => g.id),
    other_goals_of_wg: group.other_goals_of_wg ?? '',
    industry_partner_likely: group.industry_partner_likely ?? null,
    role_of_industry_partner: group.role_of_industry_partner.map((r) => r.id),
    other_role_of_industry_partner: group.other_role_of_industry_partner ?? '',
    member_obligations: group.member_obligations,
  };
}
