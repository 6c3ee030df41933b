import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSignUpForUpdates } from '@/api/endpoints/content/content';
import { ApiError, SOMETHING_WENT_WRONG } from '@/lib/api-error';

const FIELDS = ['full_name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** Spec 2 §5: full name, e-mail and message, browser-required; the consent shown pre-checked.
 * What the browser lets through and the server refuses (spaces only, an address it does not
 * take) is said under the field. */
export function UpdatesSignup() {
  const signup = useSignUpForUpdates();
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const fieldProps = (name: Field) => ({ name, error: Boolean(errors[name]), helperText: errors[name] });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFailed(false);
    setErrors({});
    try {
      const { data } = await signup.mutateAsync({
        data: {
          full_name: String(form.get('full_name') ?? ''),
          email: String(form.get('email') ?? ''),
          message: String(form.get('message') ?? ''),
          consent: true,
        },
      });
      setDone(data.message);
    } catch (error) {
      const onFields = error instanceof ApiError ? FIELDS.filter((name) => error.fieldErrors(name).length > 0) : [];
      if (error instanceof ApiError) setErrors(Object.fromEntries(onFields.map((name) => [name, error.fieldErrors(name)[0]])));
      setFailed(onFields.length === 0);
    }
  };

  return (
    <Box component="section" aria-labelledby="landing-updates" sx={{ maxWidth: 640 }}>
      <Typography variant="h3" component="h2" id="landing-updates" gutterBottom>
        Sign up for updates
      </Typography>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} aria-label="Sign up for updates">
          <Stack spacing={2}>
            {failed && <Alert severity="error">{SOMETHING_WENT_WRONG}</Alert>}
            <TextField {...fieldProps('full_name')} label="Full name" required autoComplete="name" />
            <TextField {...fieldProps('email')} label="Email" type="email" required autoComplete="email" />
            <TextField {...fieldProps('message')} label="Message" required multiline minRows={2} />
            <FormControlLabel control={<Checkbox defaultChecked disabled />} label="I agree to receive news from Cohort by e-mail." />
            <Button type="submit" variant="contained" disabled={signup.isPending} sx={{ alignSelf: 'flex-start' }}>
              Sign up
            </Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
