import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getDownloadPledgeReceiptUrl, useListMyPledges } from '@/api/endpoints/projects/projects';
import type { MyPledge } from '@/api/model';
import { downloadFile } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { pledgeStatusLabels } from '@/lib/labels';
import { cad } from '@/lib/money';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { FailedChargeNotice } from '../funding/FailedChargeNotice';

/** /my-profile/pledges: the donor's pledges, newest first, with a receipt for each charge and,
 * for a charge that failed, its deadline and the way to give a new card. */
export function PledgesTab() {
  const pledges = useListMyPledges();
  if (pledges.isPending) return <Loading />;
  if (pledges.isError) return <ErrorState error={pledges.error} onRetry={() => void pledges.refetch()} />;
  if (pledges.data.data.length === 0) return <EmptyState>You have not backed a project yet.</EmptyState>;
  return (
    <Stack spacing={2}>
      {pledges.data.data.map((pledge) => (
        <PledgeCard key={pledge.id} pledge={pledge} />
      ))}
    </Stack>
  );
}

function PledgeCard({ pledge }: { pledge: MyPledge }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const status = pledgeStatusLabels[pledge.status];
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(getDownloadPledgeReceiptUrl(pledge.id), `cohort-receipt-${pledge.id}.pdf`);
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="article" aria-label={pledge.project.title}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {pledge.project.title}
          </Typography>
          <Chip size="small" label={status.label} color={status.color} />
        </Stack>
        <Typography color="text.secondary">
          {cad(pledge.amount_cents)} · {pledge.card_brand ?? 'card'} ending {pledge.card_last4 ?? '----'} · pledged {dateTime(pledge.created_at)}
          {pledge.anonymous ? ' · anonymous' : ''}
        </Typography>
        {pledge.update_card_by && (
          <Box sx={{ mt: 1.5 }}>
            <FailedChargeNotice pledge={pledge} onUpdated={() => queryClient.invalidateQueries()} />
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/project/${pledge.project.slug}`} variant="outlined">
          View project
        </Button>
        {pledge.has_receipt && (
          <Button onClick={() => void download()} disabled={busy}>
            Download receipt (PDF)
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
