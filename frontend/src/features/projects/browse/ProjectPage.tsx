import { Alert, Box, Button, Chip, Container, Divider, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { useAuth } from '@/lib/auth';
import { useGetProject } from '@/api/endpoints/projects/projects';
import { ApiError } from '@/lib/api-error';
import { ethicsStatusLabels } from '@/lib/labels';
import type { DiscussionSlot } from '@/ui/discussion-slot';
import { embedUrl } from '@/lib/video';
import { usePageTitle } from '@/ui/page-title';
import { Picture } from '@/ui/Picture';
import { NotFoundPage } from '@/ui/NotFoundPage';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { FundingPanel } from '../funding/FundingPanel';
import { ShareButton } from '@/ui/ShareButton';
import { STATUS } from '../status';
import { daysLeft } from '../figures';
import { ReviewPanel } from '../review/ReviewPanel';
import { BudgetPlan } from '@/ui/BudgetPlan';
import { TopicChips } from '../TopicChips';
import { FavoriteButton } from './FavoriteButton';
import { PrizePanel } from './PrizePanel';
import { ProtocolSummary } from '../protocol/ProtocolSummary';
import { EscrowSection } from '../escrow/EscrowSection';
import { ResultsSection } from '../results/ResultsSection';
import { ProjectUpdatesSection } from './ProjectUpdatesSection';
import { TeamAndNeeds } from './TeamAndNeeds';

// Loaded beside the page: the badges and, for the owner, their form are not its first paint.
const EventsPanel = lazy(() => import('@/ui/events/EventsPanel').then((m) => ({ default: m.EventsPanel })));
const ResearchReferences = lazy(() =>
  import('@/ui/references/ResearchReferences').then((m) => ({ default: m.ResearchReferences })),
);

const SECTIONS = [
  ['The problem', 'problem'],
  ['Aims', 'aims'],
  ['Methods', 'methods'],
  ['Expected impact', 'impact'],
] as const;

/** /project/{slug}: a project as everyone reads it once live (its owner sees it before). */
export function ProjectPage({ Discussion }: { Discussion: DiscussionSlot }) {
  const { slug = '' } = useParams();
  const found = useGetProject(slug);
  const project = found.data?.data;
  const { isSignedIn } = useAuth();
  const me = useGetMe({ query: { enabled: isSignedIn } });
  usePageTitle(project?.title ?? 'Project');
  if (found.error instanceof ApiError && found.error.status === 404) return <NotFoundPage />;
  if (found.error) return <ErrorState pageHeading error={found.error} onRetry={() => void found.refetch()} />;
  if (!project) return <Loading />;
  const left = daysLeft(project.closes_at);
  const status = STATUS[project.status];
  const video = embedUrl(project.video_url);
  // The project's own people see its events (the server decides again on each call).
  const myId = me.data?.data.id;
  const ownsIt = myId !== undefined && project.owner?.id === myId;
  const onTeam = myId !== undefined && project.team.some((member) => member.user_id === myId);
  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1">
          {project.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {project.owner?.name ?? 'Unknown'}
            {project.owner?.affiliation ? ` · ${project.owner.affiliation}` : ''}
          </Typography>
          {!project.abilities.campaign_open && <Chip size="small" label={status.label} color={status.color} />}
        </Stack>
        <TopicChips topics={project.tags} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FavoriteButton slug={project.slug} favorites={project.favorites} canFavorite={project.abilities.can_favorite} />
          <ShareButton title={project.title} path={`/project/${project.slug}`} />
        </Stack>
      </Stack>
      {video ? (
        <Box
          component="iframe"
          src={video}
          title={`${project.title} video`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          sx={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 2, mb: 3 }}
        />
      ) : (
        project.image && (
          <Picture
            src={project.image}
            thumbnail={project.image_thumbnail}
            width={1200}
            height={630}
            sizes="(min-width: 900px) 852px, 100vw"
            priority
            sx={{ borderRadius: 2, mb: 3 }}
          />
        )
      )}
      {project.abilities.can_edit && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={`/submit-project/${project.id}`} color="inherit">
              Edit
            </Button>
          }
        >
          {project.abilities.is_public
            ? 'Changes you make wait for staff approval; until then everyone sees this version.'
            : 'Only you see this page until staff approve the project.'}
        </Alert>
      )}
      <FundingPanel project={project} left={left} />
      <ResultsSection project={project} />
      {project.escrow && <EscrowSection escrow={project.escrow} projectId={project.id} />}
      <section aria-labelledby="lay-summary">
        <Typography variant="h5" component="h2" id="lay-summary">
          In plain words
        </Typography>
        <RichText html={project.lay_summary} />
      </section>
      {SECTIONS.map(([title, key]) => (
        <section key={key} aria-labelledby={`section-${key}`}>
          <Typography variant="h5" component="h2" id={`section-${key}`} sx={{ mt: 3 }}>
            {title}
          </Typography>
          <RichText html={project[key]} />
        </section>
      ))}
      <BudgetPlan totalCents={project.total_budget_cents} lines={project.budget_lines} milestones={project.milestones} headingLevel="h2" />
      <TeamAndNeeds team={project.team} needs={project.needs} />
      <ProtocolSummary project={project} ownsIt={ownsIt} />
      <Divider sx={{ my: 3 }} />
      <Typography>
        <strong>Research ethics:</strong> {project.ethics_status ? ethicsStatusLabels[project.ethics_status] : '—'}
      </Typography>
      <Typography>
        <strong>Conflicts of interest:</strong> {project.conflicts}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Suspense fallback={null}>
          <ResearchReferences placeType="project" placeId={project.id} />
        </Suspense>
      </Box>
      {project.abilities.campaign_open && <PrizePanel prize={project.prize} />}
      {project.abilities.campaign_open || project.reviews.count > 0 ? (
        <ReviewPanel slug={project.slug} summary={project.reviews} canRate={project.abilities.can_rate} />
      ) : null}
      {(ownsIt || onTeam) && (
        <Box sx={{ pt: 4 }}>
          <Suspense fallback={null}>
            <EventsPanel hostType="projects" hostId={project.id} canSchedule={ownsIt} />
          </Suspense>
        </Box>
      )}
      {project.abilities.is_public && (
        <ProjectUpdatesSection slug={project.slug} projectId={project.id} canPost={project.abilities.can_post_update} />
      )}
      {project.abilities.is_public && (
        <Box sx={{ pt: 4 }}>
          <Discussion topicType="projects" targetId={project.id} />
        </Box>
      )}
    </Container>
  );
}
