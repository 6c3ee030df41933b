import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  getListWebhookDeliveriesQueryKey,
  useListWebhookDeliveries,
  useRedeliverWebhook,
} from '@/api/endpoints/webhooks/webhooks';
import type { Delivery, DeliveryStatus, Webhook } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';

/** How each delivery status reads; a waiting one keeps the log refreshing until it is tried. */
const STATUS: Record<DeliveryStatus, { label: string; color: 'default' | 'success' | 'error'; waiting?: boolean }> = {
  pending: { label: 'Waiting', color: 'default', waiting: true },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** A webhook's deliveries, newest first, with the receiver's answers; each redelivered by hand. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  // While a delivery waits for its attempt, the log looks again every few seconds.
  const deliveries = useListWebhookDeliveries(
    webhook.id,
    { page },
    { query: { refetchInterval: (query) => (query.state.data?.data.some((d) => STATUS[d.status].waiting) ? 2000 : false) } },
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>Deliveries</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          To {webhook.url}
        </Typography>
        {deliveries.isPending && <Loading label="Loading the deliveries" />}
        {deliveries.isError && <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />}
        {deliveries.isSuccess && deliveries.data.data.length === 0 && (
          <EmptyState>Nothing has been sent yet.</EmptyState>
        )}
        {deliveries.isSuccess && deliveries.data.data.length > 0 && (
          <Stack spacing={2}>
            <Stack component="ul" spacing={1.5} aria-label="Deliveries" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {deliveries.data.data.map((delivery) => (
                <li key={delivery.id}>
                  <DeliveryRow webhook={webhook} delivery={delivery} />
                </li>
              ))}
            </Stack>
            {deliveries.data.pagination.total > 1 && (
              <Pagination
                count={deliveries.data.pagination.total}
                page={page}
                onChange={(_, next) => setPage(next)}
                aria-label="Pages of deliveries"
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void deliveries.refetch()}>Refresh</Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryRow({ webhook, delivery }: { webhook: Webhook; delivery: Delivery }) {
  const redeliver = useRedeliverWebhook();
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = STATUS[delivery.status];
  const onRedeliver = async () => {
    try {
      await redeliver.mutateAsync({ id: webhook.id, deliveryId: delivery.id });
      toast('Sent again.');
      await queryClient.invalidateQueries({ queryKey: getListWebhookDeliveriesQueryKey(webhook.id) });
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  const answer = delivery.response_status === null ? delivery.error : `HTTP ${delivery.response_status}`;
  return (
    <Box
      aria-label={`${delivery.event_kind} ${status.label}`}
      role="group"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{delivery.event_kind}</Typography>
            <Chip size="small" color={status.color} label={status.label} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {dateTime(delivery.created_at)} · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
            {answer && ` · ${answer}`}
            {delivery.next_attempt_at && ` · Next try ${dateTime(delivery.next_attempt_at)}`}
          </Typography>
        </Stack>
        <Button
          size="small"
          variant="outlined"
          disabled={redeliver.isPending || !webhook.active}
          onClick={() => void onRedeliver()}
          sx={{ alignSelf: { sm: 'center' } }}
        >
          Redeliver
        </Button>
      </Stack>
      <Box component="details" sx={{ mt: 1 }}>
        <Box component="summary" sx={{ cursor: 'pointer' }}>
          What was sent and answered
        </Box>
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          Event {delivery.event_id}
        </Typography>
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, m: 0 }}>
          {delivery.payload}
        </Box>
        {delivery.response_body && (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, mt: 1 }}>
            {delivery.response_body}
          </Box>
        )}
      </Box>
    </Box>
  );
}
