import { Button, Card, CardActions, CardContent, Divider, Tab, Tabs, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useState } from 'react';
import { staffProjectAction, staffReviewProject, useStaffProjectQueue } from '@/api/endpoints/projects-staff/projects-staff';
import { ProjectAction, ProjectVerdict, type StaffProjectQueueStatus, type StaffProjectRow } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { ethicsStatusLabels } from '@/lib/labels';
import { RichText } from '@/ui/RichText';
import { BudgetPlan } from '@/ui/BudgetPlan';
import { Picture } from '@/ui/Picture';
import { TeamAndNeeds } from '@/ui/TeamAndNeeds';
import { goal } from '@/lib/money';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { ProjectChangesQueue } from './ProjectChangesQueue';
import { PagedCards } from '@/ui/console/PagedCards';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { useUrlChoice, useUrlPage } from '@/lib/useUrlState';

const PER_PAGE = 10;

const SECTIONS: [string, keyof StaffProjectRow][] = [
  ['Lay summary', 'lay_summary'],
  ['The problem', 'problem'],
  ['Aims', 'aims'],
  ['Methods', 'methods'],
  ['Expected impact', 'impact'],
];

/** The console's tabs: a project state, or live projects with changes waiting. */
type ProjectTab = StaffProjectQueueStatus | 'changes';

/** The states staff look at, and what each tab says when it is empty. */
const TABS: [StaffProjectQueueStatus, string, string][] = [
  ['submitted', 'Waiting for review', 'No project is waiting for review.'],
  ['live', 'Live', 'No project is live.'],
  ['suspended', 'Suspended', 'No project is suspended.'],
  ['closed', 'Closed', 'No project is closed.'],
];

/** How each action staff may take (the server lists which, per project) reads. */
const ACTION_DIALOG: Record<ProjectAction, { label: string; title: string; text: string; done: string }> = {
  suspend: { label: 'Suspend', title: 'Suspend this project?', text: 'It disappears from the site; its owner reads your reason.', done: 'Project suspended.' },
  reactivate: { label: 'Reactivate', title: 'Reactivate this project?', text: 'It is live again at once.', done: 'Project reactivated.' },
  close: { label: 'Close', title: 'Close this project?', text: 'It stays readable but takes no more reviews or comments.', done: 'Project closed.' },
};

/** /staff/projects: submissions (approve or send back); live, suspended and closed
 * projects (suspend, reactivate, close); and changes to live projects (`?tab=changes`). */
export function ProjectsPage() {
  const [page, setPage] = useUrlPage();
  const [tab, setTab] = useUrlChoice<ProjectTab>('tab', [...TABS.map(([value]) => value), 'changes'], 'submitted');
  const listed: StaffProjectQueueStatus = tab === 'changes' ? 'live' : tab;
  const queue = useStaffProjectQueue({ status: listed, page, perPage: PER_PAGE }, { query: { enabled: tab !== 'changes' } });
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<{ project: StaffProjectRow; verdict: ProjectVerdict } | null>(null);
  const [acting, setActing] = useState<{ project: StaffProjectRow; action: ProjectAction } | null>(null);
  const approving = deciding?.verdict === ProjectVerdict.approve;
  const empty = TABS.find(([value]) => value === listed)?.[2] ?? '';

  return (
    <StaffPage title="Projects">
      <Tabs
        value={tab}
        onChange={(_, next: ProjectTab) => setTab(next)}
        variant="scrollable"
        aria-label="Project states"
        sx={{ mb: 2 }}
      >
        {TABS.map(([value, label]) => (
          <Tab key={value} value={value} label={label} />
        ))}
        <Tab value="changes" label="Changes to live projects" />
      </Tabs>
      {tab === 'changes' ? (
        <ProjectChangesQueue />
      ) : (
        <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty={empty}>
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
                  Goal: {goal(project.funding_goal_cents)} over {project.campaign_days} days
                </Typography>
                {/* Everything the public page will show (issue 43, item 4). */}
                {project.image && <Picture src={project.image} width={1200} height={630} sx={{ borderRadius: 1, mt: 2, maxWidth: 480 }} />}
                <BudgetPlan totalCents={project.total_budget_cents} lines={project.budget_lines} milestones={project.milestones} headingLevel="h3" landmarks={false} />
                <TeamAndNeeds team={project.team} needs={project.needs} headingLevel="h3" />
              </CardContent>
              <CardActions>
                {project.can_review && (
                  <>
                    <Button variant="contained" onClick={() => setDeciding({ project, verdict: ProjectVerdict.approve })}>
                      Approve
                    </Button>
                    <Button color="error" onClick={() => setDeciding({ project, verdict: ProjectVerdict.reject })}>
                      Send back
                    </Button>
                  </>
                )}
                <Button component={Link} to={`/project/${project.slug}`}>
                  {project.can_review ? 'Preview its page' : 'Open'}
                </Button>
                <Button component={Link} to={`/project/${project.slug}/protocol`}>
                  Protocol
                </Button>
                {project.actions.map((action) => (
                  <Button key={action} color={action === ProjectAction.reactivate ? 'primary' : 'error'} onClick={() => setActing({ project, action })}>
                    {ACTION_DIALOG[action].label}
                  </Button>
                ))}
              </CardActions>
            </Card>
          )}
        </PagedCards>
      )}
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
      {acting && (
        <ReasonDialog
          open
          title={ACTION_DIALOG[acting.action].title}
          text={ACTION_DIALOG[acting.action].text}
          reasonLabel={acting.action === ProjectAction.suspend ? 'Reason' : 'Reason (optional)'}
          confirmLabel={ACTION_DIALOG[acting.action].label}
          danger={acting.action !== ProjectAction.reactivate}
          busy={busy}
          onClose={() => setActing(null)}
          onConfirm={(reason) =>
            void run(
              () => staffProjectAction(acting.project.id, { action: acting.action, reason: reason || null }),
              ACTION_DIALOG[acting.action].done,
            ).then((ok) => ok && setActing(null))
          }
        />
      )}
    </StaffPage>
  );
}
