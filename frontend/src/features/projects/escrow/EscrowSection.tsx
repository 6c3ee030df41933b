import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { Escrow } from '@/api/model';
import { postDate } from '@/lib/dates';
import { cad } from '@/lib/money';
import { MILESTONE_STATE } from './labels';
import { MilestoneEvidence } from './MilestoneEvidence';

// The report form (its editor) loads when the owner opens it.
const MilestoneReportDialog = lazy(() => import('./MilestoneReportDialog').then((m) => ({ default: m.MilestoneReportDialog })));

/** The project page's escrow: what is held, paid out and returned, and each milestone with
 * its tranche, deadline, state and evidence; its owner reports a milestone from here. */
export function EscrowSection({ escrow, projectId }: { escrow: Escrow; projectId: number }) {
  // The position, so the dialog shows the milestone as the page last read it (its files).
  const [reportingAt, setReportingAt] = useState<number | null>(null);
  const reporting = escrow.milestones.find((m) => m.position === reportingAt);
  return (
    <Box component="section" aria-labelledby="milestones-heading" id="milestones" sx={{ mt: 3, scrollMarginTop: 80 }}>
      <Typography variant="h5" component="h2" id="milestones-heading">
        Milestones in escrow
      </Typography>
      <Typography color="text.secondary">
        The funds are held in escrow and paid out milestone by milestone, as a Content Expert verifies each.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1.5 }}>
        <Chip label={`Held in escrow ${cad(escrow.held_cents)}`} />
        <Chip label={`Paid out ${cad(escrow.paid_out_cents)}`} color="success" variant="outlined" />
        {escrow.returned_cents > 0 && <Chip label={`Returned to donors ${cad(escrow.returned_cents)}`} color="warning" variant="outlined" />}
      </Stack>
      <Stack spacing={1.5} component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {escrow.milestones.map((m) => (
          <Card key={m.position} variant="outlined" component="li" aria-label={`Milestone ${m.position}: ${m.title}`}>
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                <Typography variant="h6" component="h3">
                  {m.position}. {m.title}
                </Typography>
                <Chip size="small" label={MILESTONE_STATE[m.state].label} color={MILESTONE_STATE[m.state].color} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {cad(m.tranche_cents)}
                {m.paid ? ' paid out' : ''} · due {postDate(m.due_at)}
                {m.returns > 0 ? ` · sent back ${m.returns === 1 ? 'once' : 'twice'}` : ''}
              </Typography>
              <Typography sx={{ mb: 1 }}>{m.description}</Typography>
              <MilestoneEvidence milestone={m} />
              {m.can_report && (
                <Button variant="contained" onClick={() => setReportingAt(m.position)} sx={{ mt: 1.5 }}>
                  {m.returns > 0 ? 'Report it again' : 'Report this milestone'}
                </Button>
              )}
              {m.can_report && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Report it by {postDate(m.missed_after)}: a milestone not reported by then ends the project, and what is left in escrow goes back to the donors.
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {reporting && (
        <Suspense fallback={null}>
          <MilestoneReportDialog projectId={projectId} milestone={reporting} maxFiles={escrow.max_files} onClose={() => setReportingAt(null)} />
        </Suspense>
      )}
    </Box>
  );
}
