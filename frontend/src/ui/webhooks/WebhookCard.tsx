import { Button, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { getListWebhooksQueryKey, useDeleteWebhook, useUpdateWebhook } from '@/api/endpoints/webhooks/webhooks';
import type { EventKindInfo, Webhook } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';

// The delivery log loads when it is opened.
const DeliveriesDialog = lazy(() => import('./DeliveriesDialog').then((m) => ({ default: m.DeliveriesDialog })));

/** One webhook: where it sends, what, whether it is on; its log, pause and delete. */
export function WebhookCard({ webhook, kinds }: { webhook: Webhook; kinds: EventKindInfo[] }) {
  const [asking, setAsking] = useState(false);
  const [log, setLog] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListWebhooksQueryKey() });
  const described = webhook.events.map((event) => kinds.find((k) => k.kind === event)?.description ?? event);

  const setActive = async (active: boolean) => {
    try {
      await update.mutateAsync({ id: webhook.id, data: { active } });
      toast(active ? 'The webhook is on.' : 'The webhook is paused.');
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  const onDelete = async () => {
    try {
      const { data } = await remove.mutateAsync({ id: webhook.id });
      toast(data.message);
      setAsking(false);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };

  return (
    <Card variant="outlined" aria-label={webhook.url}>
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Typography>
            {webhook.disabled_at ? (
              <Chip size="small" color="error" label="Turned off after failing" />
            ) : (
              !webhook.active && <Chip size="small" label="Paused" />
            )}
          </Stack>
          <Typography variant="body2">{described.join(' · ')}</Typography>
          <Typography variant="body2" color="text.secondary">
            Secret <span style={{ fontFamily: 'monospace' }}>{webhook.secret_hint}</span> · Created{' '}
            {dateTime(webhook.created_at)}
            {webhook.disabled_at && ` · Turned off ${dateTime(webhook.disabled_at)}`}
            {webhook.consecutive_failures > 0 && ` · ${webhook.consecutive_failures} failed attempts in a row`}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <FormControlLabel
              control={
                <Switch
                  checked={webhook.active}
                  disabled={update.isPending}
                  onChange={(event) => void setActive(event.target.checked)}
                />
              }
              label="On"
            />
            <Button variant="outlined" onClick={() => setLog(true)}>
              Deliveries
            </Button>
            <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
              Delete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      {log && (
        <Suspense fallback={null}>
          <DeliveriesDialog webhook={webhook} onClose={() => setLog(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={asking}
        title="Delete this webhook?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setAsking(false)}
      >
        Nothing more will be sent to {webhook.url}, and its delivery log goes with it. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
