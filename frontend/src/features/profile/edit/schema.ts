import { REQUIRED, z } from '@/lib/zod';
import type { Me } from '@/api/model';
import { updateMeBody } from '@/api/zod/auth/auth.zod';

const EQUITY_FIELDS = ['gender', 'age_group', 'career_stage'] as const;

/** Spec §5 (Edit profile): name and current password required; tags at most 2 (from the
 * contract); equity fields required for project creators. */
export const profileSchemaFor = (isCreator: boolean) =>
  updateMeBody
    .extend({
      name: z.string().trim().min(1, REQUIRED),
      email: z.email(),
      current_password: z.string().min(1, REQUIRED),
    })
    .superRefine((values, ctx) => {
      if (!isCreator) return;
      for (const field of EQUITY_FIELDS) {
        if (!values[field]) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED });
      }
    });

export type ProfileValues = z.infer<ReturnType<typeof profileSchemaFor>>;

/** Every field the form shows, so server errors land on them. */
export const PROFILE_FIELDS = [
  'name',
  'email',
  'title',
  'affiliation',
  'website',
  'social',
  'location',
  'bio',
  'area_of_interest',
  'tags',
  'looking_for',
  'pronouns',
  'gender',
  'age_group',
  'career_stage',
  'race',
  'ethnicity',
  'find_about_by',
  'find_about_by_other_info',
  'profile_is_private',
  'time_zone',
  'current_password',
] as const;

export function profileDefaults(me: Me): ProfileValues {
  return {
    name: me.name,
    email: me.email,
    title: me.title ?? '',
    affiliation: me.affiliation ?? '',
    website: me.website ?? '',
    social: me.social ?? '',
    location: me.location ?? '',
    bio: me.bio ?? '',
    area_of_interest: me.area_of_interest,
    tags: me.tags,
    looking_for: me.looking_for,
    pronouns: me.pronouns ?? null,
    gender: me.gender,
    age_group: me.age_group,
    career_stage: me.career_stage,
    race: me.race,
    ethnicity: me.ethnicity === 'prefer_not_to_disclose' ? '' : me.ethnicity,
    find_about_by: me.find_about_by ?? null,
    find_about_by_other_info: me.find_about_by_other_info ?? '',
    profile_is_private: me.profile_is_private,
    time_zone: me.time_zone ?? null,
    current_password: '',
  };
}

/** Every time zone the browser knows (IANA names), UTC first: digests go out at 08:00 there. */
