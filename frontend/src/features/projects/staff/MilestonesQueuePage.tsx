import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { staffReturnMilestone, staffVerifyMilestone, useStaffMilestones } from '@/api/endpoints/projects-staff/projects-staff';
import type { MilestoneToVerify } from '@/api/model';
import { cad } from '@/lib/money';
import { useUrlPage } from '@/lib/useUrlState';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { PagedCards } from '@/ui/console/PagedCards';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { MilestoneEvidence } from '../escrow/MilestoneEvidence';

const PER_PAGE = 10;

type Decision = { item: MilestoneToVerify; verdict: 'verify' | 'return' };

/** /staff/milestones: milestones their owners reported, the longest waiting first; a Content
 * Expert verifies each (its tranche is paid out) or sends it back with a reason. */
export function MilestonesQueuePage() {
  const [page, setPage] = useUrlPage();
  const queue = useStaffMilestones({ page, perPage: PER_PAGE });
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const close = () => setDeciding(null);
  const item = deciding?.item;
  const position = item?.milestone.position ?? 0;

  return (
    <StaffPage title="Milestones">
      <Typography color="text.secondary">
        A funded project&apos;s money is held in escrow and paid out milestone by milestone. Verify a reported milestone to pay its tranche, or send it back
        with a reason; a milestone sent back twice ends the project, and what is left in escrow is refunded to its donors.
      </Typography>
      <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty="No milestone is waiting to be verified.">
        {(waiting) => (
          <Card key={`${waiting.project_id}-${waiting.milestone.position}`} variant="outlined" component="article" aria-label={`${waiting.title}, milestone ${waiting.milestone.position}`}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {waiting.title}
              </Typography>
              <Typography variant="subtitle1" component="h3">
                Milestone {waiting.milestone.position}: {waiting.milestone.title} · {cad(waiting.milestone.tranche_cents)}
              </Typography>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {waiting.milestone.description}
                {waiting.milestone.returns > 0 ? ' · sent back once before: a second return ends the project' : ''}
              </Typography>
              <MilestoneEvidence milestone={waiting.milestone} />
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" onClick={() => setDeciding({ item: waiting, verdict: 'verify' })}>
                Verify and pay out
              </Button>
              <Button variant="outlined" color="warning" onClick={() => setDeciding({ item: waiting, verdict: 'return' })}>
                Send back
              </Button>
              <Button component={Link} to={`/project/${waiting.slug}#milestones`}>
                Project page
              </Button>
            </CardActions>
          </Card>
        )}
      </PagedCards>
      {item && deciding.verdict === 'verify' && (
        <ConfirmDialog
          open
          title={`Verify milestone ${position}?`}
          confirmLabel="Verify and pay out"
          busy={busy}
          onClose={close}
          onConfirm={() => void run(() => staffVerifyMilestone(item.project_id, position), `Milestone ${position} is verified: its tranche is paid out.`).then(close)}
        >
          Its tranche of {cad(item.milestone.tranche_cents)} is paid out of escrow to the owner’s institution now. The backers are told.
        </ConfirmDialog>
      )}
      {item && deciding.verdict === 'return' && (
        <ReasonDialog
          open
          required
          title={`Send milestone ${position} back?`}
          text={
            item.milestone.returns > 0
              ? 'It was sent back once already: this time it is rejected, the project ends and what is left in escrow is refunded to its donors.'
              : 'The owner reports it again; the owner and the backers read your reason.'
          }
          reasonLabel="Reason"
          confirmLabel={item.milestone.returns > 0 ? 'Reject and end the project' : 'Send back'}
          danger
          busy={busy}
          onClose={close}
          onConfirm={(reason) =>
            void run(
              () => staffReturnMilestone(item.project_id, position, { reason }),
              item.milestone.returns > 0 ? 'The milestone is rejected: the project ended and its escrow is being refunded.' : `Milestone ${position} is sent back.`,
            ).then(close)
          }
        />
      )}
    </StaffPage>
  );
}
