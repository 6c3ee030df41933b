import { Box, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Strength } from '@/lib/password-strength';

/** What each score is called, from 0 to 4. */
export const STRENGTH_NAMES = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['error.main', 'error.main', 'warning.main', 'success.light', 'success.main'] as const;

/** The estimator, fetched with its dictionaries when a new password is first typed. */
const loadEstimator = () => import('@/lib/password-strength');

/** Under a new password (issue 49 §1): how hard it is to guess, with what would make it
 * harder. Advice only: what the server refuses it says in the field's error. */
export function PasswordStrength({ password, userInputs }: { password: string; userInputs?: string[] }) {
  const [strength, setStrength] = useState<Strength | null>(null);
  const inputs = (userInputs ?? []).join('\n');
  useEffect(() => {
    if (!password) return;
    let current = true;
    loadEstimator().then(
      ({ strengthOf }) => {
        if (current) setStrength(strengthOf(password, inputs ? inputs.split('\n') : []));
      },
      // Its code could not be fetched (offline): no meter, the field works as before.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password, inputs]);
  if (!password || !strength) return null;
  const advice = strength.warning ?? strength.suggestions[0] ?? null;
  return (
    <Stack spacing={0.5} data-testid="password-strength">
      <Stack direction="row" spacing={0.5} aria-hidden>
        {[1, 2, 3, 4].map((step) => (
          <Box
            key={step}
            sx={{ flex: 1, height: 4, borderRadius: 2, bgcolor: step <= Math.max(strength.score, 1) ? COLORS[strength.score] : 'action.hover' }}
          />
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Strength: {STRENGTH_NAMES[strength.score]}
        {advice ? ` — ${advice}` : ''}
      </Typography>
    </Stack>
  );
}
