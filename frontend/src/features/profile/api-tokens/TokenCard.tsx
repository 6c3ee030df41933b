import { Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getListApiTokensQueryKey, useRevokeApiToken } from '@/api/endpoints/tokens/tokens';
import type { ApiToken } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';
import { describeScopes } from './scopes';

/** One token: what it may do, when it ends, when it was last used; revoked after asking. */
export function TokenCard({ token }: { token: ApiToken }) {
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeApiToken();
  const queryClient = useQueryClient();
  const toast = useToast();
  const expired = new Date(token.expires_at) <= new Date();
  const onConfirm = async () => {
    try {
      const { data } = await revoke.mutateAsync({ id: token.id });
      toast(data.message);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  return (
    <Card variant="outlined" aria-label={token.name}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
              {expired && <Chip size="small" color="warning" label="Expired" />}
            </Stack>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {token.prefix}…
            </Typography>
            <Typography variant="body2">{describeScopes(token.scopes)}</Typography>
            <Typography variant="body2" color="text.secondary">
              Created {dateTime(token.created_at)} · {expired ? 'Expired' : 'Expires'} {dateTime(token.expires_at)} ·{' '}
              {token.last_used_at ? `Last used ${dateTime(token.last_used_at)}` : 'Never used'}
            </Typography>
          </Stack>
          <Button color="error" variant="outlined" onClick={() => setAsking(true)} sx={{ alignSelf: { sm: 'center' } }}>
            Revoke
          </Button>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={asking}
        title="Revoke this token?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setAsking(false)}
      >
        Scripts using “{token.name}” will stop working at once. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
