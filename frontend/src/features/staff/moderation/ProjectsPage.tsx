import { Button, Card, CardActions, CardContent, Divider, Typography } from '@mui/material';
import { useState } from 'react';
import { staffReviewProject, useStaffProjectQueue } from '@/api/endpoints/staff/staff';
import { ProjectVerdict, type StaffProjectRow } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { ethicsStatusLabels } from '@/lib/labels';
import { RichText } from '@/ui/RichText';
import { ReasonDialog } from '../ui/ReasonDialog';
import { PagedCards } from '../ui/PagedCards';
import { StaffPage } from '../ui/StaffPage';
import { useRun } from '../ui/useRun';

const PER_PAGE = 10;

const SECTIONS: [string, keyof StaffProjectRow][] = [
  ['Lay summary', 'lay_summary'],
  ['The problem', 'problem'],
  ['Aims', 'aims'],
  ['Methods', 'methods'],
  ['Expected impact', 'impact'],
];

/** /staff/projects: submitted projects, the longest waiting first; approve or send back. */
export function ProjectsPage() {
  const [page, setPage] = useState(1);
  const queue = useStaffProjectQueue({ page, perPage: PER_PAGE });
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<{ project: StaffProjectRow; verdict: ProjectVerdict } | null>(null);
  const approving = deciding?.verdict === ProjectVerdict.approve;

  return (
    <StaffPage title="Projects">
      <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty="No project is waiting for review.">
        {(project) => (
          <Card key={project.id} variant="outlined" component="article" aria-label={project.title}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {project.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {project.owner?.name ?? 'Unknown'}
                {project.owner?.affiliation ? ` · ${project.owner.affiliation}` : ''}
                {project.submitted_at ? ` · submitted ${dateTime(project.submitted_at)}` : ''}
              </Typography>
              {SECTIONS.map(([title, key]) => (
                <section key={key}>
                  <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                    {title}
                  </Typography>
                  <RichText html={String(project[key] ?? '')} />
                </section>
              ))}
              <Divider sx={{ my: 2 }} />
              <Typography variant="body2">Research ethics: {project.ethics_status ? ethicsStatusLabels[project.ethics_status] : '—'}</Typography>
              <Typography variant="body2">Conflicts of interest: {project.conflicts}</Typography>
              <Typography variant="body2">
                Goal: CA${((project.funding_goal_cents ?? 0) / 100).toLocaleString('en-CA')} over {project.campaign_days} days
              </Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" onClick={() => setDeciding({ project, verdict: ProjectVerdict.approve })}>
                Approve
              </Button>
              <Button color="error" onClick={() => setDeciding({ project, verdict: ProjectVerdict.reject })}>
                Send back
              </Button>
            </CardActions>
          </Card>
        )}
      </PagedCards>
      {deciding && (
        <ReasonDialog
          open
          title={approving ? 'Approve this project?' : 'Send this project back?'}
          text={approving ? 'It goes live at once.' : 'Its owner reads your reason, changes the project and may submit it again.'}
          reasonLabel={approving ? 'Reason (optional)' : 'Reason'}
          confirmLabel={approving ? 'Approve' : 'Send back'}
          danger={!approving}
          busy={busy}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            void run(
              () => staffReviewProject(deciding.project.id, { verdict: deciding.verdict, reason: reason || null }),
              approving ? 'Project approved.' : 'Project sent back.',
            ).then((ok) => ok && setDeciding(null))
          }
        />
      )}
    </StaffPage>
  );
}
