import { Alert, Button, Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormTextField } from '@/ui/form/FormTextField';
import { NewPasswordField } from '@/ui/form/PasswordFields';
import { CaptchaField } from '../captcha/CaptchaField';
import type { RegisterForm } from './form';

interface Props {
  form: UseFormReturn<RegisterForm>;
  banner: string | null;
  captchaKey: number;
  onBack?: () => void;
  /** The simple sign-up has no phone field. */
  withPhone?: boolean;
}

/** Step 3: name, e-mail, optional phone, password, captcha and Create account. */
export function StepAccount({ form, banner, captchaKey, onBack, withPhone = true }: Props) {
  const { control, formState } = form;
  const [name, email] = useWatch({ control, name: ['name', 'email'] });
  const userInputs = [name, email].filter((input): input is string => Boolean(input));
  // A solution counts only for the challenge it was found for (each is single-use).
  const [solved, setSolved] = useState<{ key: number; solution: string } | null>(null);
  const captcha = solved?.key === captchaKey ? solved.solution : null;
  const onSolved = useCallback(
    (solution: string | null) => {
      setSolved(solution ? { key: captchaKey, solution } : null);
      form.setValue('captcha', solution);
    },
    [form, captchaKey],
  );
  return (
    <Stack spacing={2.5}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <FormTextField control={control} name="name" label="Name" autoComplete="name" required />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
      {withPhone && (
        <FormTextField
          control={control}
          name="phone_number"
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
        />
      )}
      <NewPasswordField control={control} name="password" label="Password" required userInputs={userInputs} />
      <CaptchaField onSolved={onSolved} resetKey={captchaKey} error={formState.errors.captcha?.message} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        {onBack ? <Button onClick={onBack}>Back</Button> : <span />}
        <Button type="submit" variant="contained" size="large" disabled={!captcha || formState.isSubmitting}>
          Create account
        </Button>
      </Stack>
    </Stack>
  );
}
