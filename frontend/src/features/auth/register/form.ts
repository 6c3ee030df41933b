import type { z } from '@/lib/zod';
import { registerBody } from '@/api/zod/auth/auth.zod';

export const registerSchema = registerBody;
export type RegisterForm = z.infer<typeof registerSchema>;

export const emptyRegisterForm: RegisterForm = {
  name: '',
  email: '',
  password: '',
  phone_number: '',
  looking_for: [],
  area_of_interest: [],
  tags: [],
  race: [],
  gender: null,
  age_group: null,
  career_stage: null,
  pronouns: null,
  find_about_by: null,
  find_about_by_other_info: '',
  affiliation: '',
  university_affiliate_email: null,
  university_profile_page_url: '',
  is_project_creator: false,
  bio: '',
  social: '',
  location: '',
  captcha: null,
  redirect_to: null,
};

/** Empty strings mean "not given": the API takes them as absent. */
export function toPayload(values: RegisterForm): RegisterForm {
  const entries = Object.entries(values).map(([key, value]) => [key, value === '' ? null : value]);
  return Object.fromEntries(entries) as RegisterForm;
}
