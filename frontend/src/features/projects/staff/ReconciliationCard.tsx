import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useStaffFundingReconciliation } from '@/api/endpoints/projects-staff/projects-staff';
import { cad } from '@/lib/money';
import type { ReconciliationSide } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';

/** Where a difference lies, as staff read it. */
const SIDE: Record<ReconciliationSide, string> = {
  processor: 'Only at the processor',
  ledger: 'In the ledger',
  totals: 'Totals shown',
};

/** The platform-wide reconciliation, three ways: the processor's charges and payouts against
 * the ledger, and every project's totals shown against its ledger and pledges; run when staff
 * ask (it also runs nightly). Each difference says what to do. */
export function ReconciliationCard() {
  const [asked, setAsked] = useState(false);
  const report = useStaffFundingReconciliation({ query: { enabled: asked } });
  return (
    <Card variant="outlined" component="section" aria-label="Reconciliation">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            Reconciliation
          </Typography>
          <Typography color="text.secondary">
            Compares the card processor&apos;s charges and payouts with Cohort&apos;s ledger, and every project&apos;s totals with its ledger and pledges.
          </Typography>
          {!asked ? (
            <Button variant="outlined" onClick={() => setAsked(true)} sx={{ alignSelf: 'flex-start' }}>
              Check with the processor
            </Button>
          ) : report.isPending ? (
            <Loading />
          ) : report.isError ? (
            <ErrorState error={report.error} onRetry={() => void report.refetch()} />
          ) : report.data.data.discrepancies.length === 0 ? (
            <Alert severity="success">
              The processor, the ledger and the totals agree: {report.data.data.charges} charge(s), {report.data.data.payouts} payout(s),{' '}
              {report.data.data.projects} project(s).
            </Alert>
          ) : (
            <>
              <Alert severity="error">
                {report.data.data.discrepancies.length} difference(s) found in {report.data.data.charges} charge(s), {report.data.data.payouts} payout(s) and{' '}
                {report.data.data.projects} project(s).
              </Alert>
              <List dense>
                {report.data.data.discrepancies.map((d, index) => (
                  <ListItem key={`${d.side}-${d.reference ?? d.project_id}-${index}`} divider>
                    <ListItemText
                      primary={`${d.project_title}: ${d.problem}`}
                      secondary={
                        <>
                          {SIDE[d.side]}
                          {d.reference ? ` · ${d.reference}` : ''} · Cohort {cad(d.ledger_cents[0])} / {cad(d.ledger_cents[1])}
                          {d.processor_cents ? ` · processor ${cad(d.processor_cents[0])} / ${cad(d.processor_cents[1])}` : ''}
                          <br />
                          What to do: {d.action}
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
