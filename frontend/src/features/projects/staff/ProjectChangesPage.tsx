import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { staffReviewProjectChanges, useStaffProjectChanges } from '@/api/endpoints/projects-staff/projects-staff';
import { ProjectVerdict } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { ReviewTable } from '@/ui/console/ReviewTable';
import { reviewRows } from '@/ui/console/reviewRows';
import { PROJECT_FIELDS } from './reviewFields';

/** /staff/projects/:id/changes: a live project as everyone sees it beside the changes its
 * owner proposed, to approve or send back. */
export function ProjectChangesPage() {
  const id = Number(useParams().id);
  const review = useStaffProjectChanges(id);
  const navigate = useNavigate();
  const { run, busy } = useRun();
  const [verdict, setVerdict] = useState<ProjectVerdict | null>(null);

  if (review.isPending) return <Loading />;
  if (review.isError) return <ErrorState pageHeading error={review.error} onRetry={() => void review.refetch()} />;
  const { project, current, proposed } = review.data.data;
  const rows = reviewRows(PROJECT_FIELDS, current, proposed);
  const changed = rows.filter((row) => row.changed).length;
  const approving = verdict === ProjectVerdict.approve;

  return (
    <StaffPage
      title={current.title}
      actions={[
        <Button key="approve" variant="contained" onClick={() => setVerdict(ProjectVerdict.approve)}>
          Approve changes
        </Button>,
        <Button key="reject" variant="outlined" color="error" onClick={() => setVerdict(ProjectVerdict.reject)}>
          Send back
        </Button>,
      ]}
    >
      <Typography color="text.secondary">
        Owner: {project.owner?.name ?? 'unknown'} · <Link to={`/project/${project.slug}`}>View on the site</Link>
      </Typography>
      <Alert severity="info">
        {changed === 0 ? 'The proposal changes nothing shown here.' : `${changed} field(s) differ; they are highlighted.`} The budget of a live
        project does not change.
      </Alert>
      <ReviewTable rows={rows} comparing subject="project" />
      {verdict && (
        <ReasonDialog
          open
          title={approving ? 'Approve these changes?' : 'Send these changes back?'}
          text={approving ? 'They replace the public version at once.' : 'The public version stays; the owner reads your reason.'}
          reasonLabel={approving ? 'Reason (optional)' : 'Reason'}
          confirmLabel={approving ? 'Approve changes' : 'Send back'}
          danger={!approving}
          busy={busy}
          onClose={() => setVerdict(null)}
          onConfirm={(reason) =>
            void run(
              () => staffReviewProjectChanges(id, { verdict, reason: reason || null }),
              approving ? 'Changes approved.' : 'Changes sent back.',
            ).then((ok) => ok && void navigate('/staff/projects?tab=changes'))
          }
        />
      )}
    </StaffPage>
  );
}
