/**
 * The self-hosted captcha: fetches a challenge, solves it in a worker, and hands the
 * solution to the form. `resetKey` asks for a fresh challenge (each is single-use).
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetCaptcha } from '@/api/endpoints/system/system';

interface Props {
  onSolved: (solution: string | null) => void;
  resetKey: number;
  error?: string;
}

export function CaptchaField({ onSolved, resetKey, error }: Props) {
  const challenge = useGetCaptcha({ query: { gcTime: 0, staleTime: 0, queryKey: ['captcha', resetKey] } });
  const [solvedChallenge, setSolvedChallenge] = useState<string | null>(null);
  const data = challenge.data?.data;
  const solved = data !== undefined && (!data.enabled || solvedChallenge === data.challenge);

  useEffect(() => {
    if (!data) return;
    if (!data.enabled) {
      onSolved('off');
      return;
    }
    const worker = new Worker(new URL('./solve.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string>) => {
      setSolvedChallenge(data.challenge);
      onSolved(event.data);
      worker.terminate();
    };
    worker.postMessage({ challenge: data.challenge, difficulty: data.difficulty });
    return () => worker.terminate();
  }, [data, onSolved]);

  if (challenge.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => challenge.refetch()}>Try again</Button>}>
        Something went wrong.
      </Alert>
    );
  }
  return (
    <Box aria-live="polite" data-testid="captcha">
      {solved ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
          <CheckCircleIcon fontSize="small" /> Verified: you are human
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Checking that you are human…
          </Typography>
          <LinearProgress sx={{ mt: 1 }} />
        </>
      )}
      {error && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
