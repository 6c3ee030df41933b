import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useStaffFundingReconciliation } from '@/api/endpoints/staff/staff';
import { cad } from '@/lib/money';
import { ErrorState, Loading } from '@/ui/QueryState';

/** The platform-wide reconciliation: every charge in the ledger checked with the processor,
 * run when staff ask (it calls the processor once per charge). */
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
          <Typography color="text.secondary">Checks every charge in Cohort&apos;s ledger against the card processor&apos;s own records.</Typography>
          {!asked ? (
            <Button variant="outlined" onClick={() => setAsked(true)} sx={{ alignSelf: 'flex-start' }}>
              Check with the processor
            </Button>
          ) : report.isPending ? (
            <Loading />
          ) : report.isError ? (
            <ErrorState error={report.error} onRetry={() => void report.refetch()} />
          ) : report.data.data.discrepancies.length === 0 ? (
            <Alert severity="success">All {report.data.data.charges} charge(s) agree with the processor.</Alert>
          ) : (
            <>
              <Alert severity="error">
                {report.data.data.discrepancies.length} of {report.data.data.charges} charge(s) differ from the processor&apos;s records.
              </Alert>
              <List dense>
                {report.data.data.discrepancies.map((d) => (
                  <ListItem key={d.charge_id} divider>
                    <ListItemText
                      primary={`${d.project_title}: ${d.problem}`}
                      secondary={`Charge ${d.charge_id} · ledger ${cad(d.ledger_cents[0])} collected, ${cad(d.ledger_cents[1])} refunded${
                        d.processor_cents ? ` · processor ${cad(d.processor_cents[0])} collected, ${cad(d.processor_cents[1])} refunded` : ''
                      }`}
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
