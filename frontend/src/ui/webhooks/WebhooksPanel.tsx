import { Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListWebhooks } from '@/api/endpoints/webhooks/webhooks';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { ShownOnceDialog } from '@/ui/ShownOnceDialog';
import { WebhookCard } from './WebhookCard';
import { WebhookForm } from './WebhookForm';

/** Issue 47 §2: a scope's webhooks — the platform's (admins, in the console) or one working
 * group's (its owner) — made, listed, paused, deleted and their deliveries read here. */
export function WebhooksPanel({ groupId }: { groupId?: number }) {
  const params = groupId === undefined ? undefined : { group_id: groupId };
  const webhooks = useListWebhooks(params);
  const [secret, setSecret] = useState<string | null>(null);
  const scope = groupId === undefined ? "the platform's events" : "this group's events";
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        A webhook sends {scope} to an address of yours as they happen: a signed POST with the event in JSON. Check
        each delivery&apos;s <code>Cohort-Signature</code> header with the webhook&apos;s secret. A failed delivery is
        retried for about an hour; a webhook that keeps failing is turned off and you are told. See the{' '}
        <Link href="/api/docs/">API documentation</Link>.
      </Typography>
      {webhooks.isPending && <Loading label="Loading the webhooks" />}
      {webhooks.isError && <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />}
      {webhooks.isSuccess && (
        <>
          <section aria-label="New webhook">
            <Typography variant="h6" component="h2" gutterBottom>
              New webhook
            </Typography>
            <WebhookForm groupId={groupId} kinds={webhooks.data.data.kinds} onCreated={setSecret} />
          </section>
          <section aria-label="Webhooks">
            <Typography variant="h6" component="h2" gutterBottom>
              Webhooks
            </Typography>
            {webhooks.data.data.webhooks.length === 0 ? (
              <EmptyState>No webhook is set up.</EmptyState>
            ) : (
              <Stack component="ul" spacing={2} aria-label="Webhooks" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {webhooks.data.data.webhooks.map((webhook) => (
                  <li key={webhook.id}>
                    <WebhookCard webhook={webhook} kinds={webhooks.data.data.kinds} />
                  </li>
                ))}
              </Stack>
            )}
          </section>
        </>
      )}
      <ShownOnceDialog
        title="Copy the webhook's secret"
        label="Signing secret"
        value={secret}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
