import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useRequestMyData } from '@/api/endpoints/auth/auth';
import { errorMessage } from '@/lib/api-error';
import { Section } from './Section';

/** Issue 23 §6: a copy of everything Cohort holds about the member, by e-mailed link. */
export function YourDataSection() {
  const request = useRequestMyData();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Section title="Your data">
      <Typography color="text.secondary">
        Download a copy of everything Cohort holds about you: your profile and settings, groups and memberships, posts
        and votes, quiz attempts and certificates, notifications and sign-in sessions, and the files you uploaded. We
        gather it into a ZIP file and e-mail you a link that works once, for 72 hours.
      </Typography>
      {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        disabled={request.isPending}
        onClick={async () => {
          try {
            const { data } = await request.mutateAsync();
            setOutcome({ ok: true, text: data.message });
          } catch (error) {
            setOutcome({ ok: false, text: errorMessage(error) });
          }
        }}
      >
        Download my data
      </Button>
    </Section>
  );
}
