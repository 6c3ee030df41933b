import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import { useRegister as useRegisterMutation } from '@/api/endpoints/auth/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toPayload, type RegisterForm } from './form';

const FIELDS = [
  'name', 'email', 'password', 'phone_number', 'captcha', 'gender', 'age_group', 'career_stage',
  'affiliation', 'university_affiliate_email', 'university_profile_page_url', 'tags', 'redirect_to',
] as const;

/**
 * Submits a sign-up; on failure maps the server's texts onto the form and renews the
 * captcha. `showField` brings the first field in error on screen (it may sit on an
 * earlier step), whether the browser's check or the server's found it.
 */
export function useRegisterSubmit(form: UseFormReturn<RegisterForm>, showField: (field: string) => void = () => {}) {
  const [, setParams] = useSearchParams();
  const mutation = useRegisterMutation();
  const [banner, setBanner] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [done, setDone] = useState<{ message: string; smsToken: string | null } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await mutation.mutateAsync({ data: toPayload(values) });
      setDone({ message: data.message, smsToken: data.sms_confirm_token ?? null });
      // Spec §2: the SMS form shows while the query carries sms_confirm_token.
      if (data.sms_confirm_token) setParams({ sms_confirm_token: data.sms_confirm_token }, { replace: true });
    } catch (error) {
      // Spec §8: "Something went wrong plus field errors".
      setBanner(applyServerErrors(error, FIELDS, form.setError) ?? 'Something went wrong.');
      setCaptchaKey((key) => key + 1);
      const [first] = Object.keys(form.formState.errors);
      if (first) showField(first);
    }
  }, (errors) => {
    const [first] = Object.keys(errors);
    if (first) showField(first);
  });
  return { submit, banner, captchaKey, done };
}
