import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSignUpForUpdates } from '@/api/endpoints/content/content';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';

/** Spec 2 §5: full name, e-mail and message, browser-required; the consent shown pre-checked. */
export function UpdatesSignup() {
  const signup = useSignUpForUpdates();
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFailed(false);
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
    } catch {
      setFailed(true);
    }
  };

  return (
    <Box component="section" aria-labelledby="landing-updates" sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h2" id="landing-updates" gutterBottom>
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
            <TextField name="full_name" label="Full name" required autoComplete="name" />
            <TextField name="email" label="Email" type="email" required autoComplete="email" />
            <TextField name="message" label="Message" required multiline minRows={2} />
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
