import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChatBubbleOutlineOutlinedIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams, useLocation } from 'react-router';
import { getGetGroupQueryKey, useGetGroup } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { DISCUSSION_PLACE, type DiscussionSlot } from '@/ui/discussion-slot';
import { ReportButton } from '@/ui/moderation/ReportButton';
import { useItemPageTitle } from '@/ui/page-title';
import { Picture } from '@/ui/Picture';
import { ErrorState, Loading } from '@/ui/QueryState';
import { AgreementBanner } from '../agreement/AgreementBanner';
import { InvitationPrompt } from '../membership/InvitationPrompt';
import { JoinPanel } from '../membership/JoinPanel';
import { Overview } from './Overview';
import { embedUrl } from '@/lib/video';
import { counted } from '@/lib/plural';
import { initial } from '@/lib/initial';

// Tabs other than the overview load when chosen.
const MaterialsTab = lazy(() => import('../materials/MaterialsTab').then((m) => ({ default: m.MaterialsTab })));
const MembersTab = lazy(() => import('../membership/MembersTab').then((m) => ({ default: m.MembersTab })));
const RequestsTab = lazy(() => import('../membership/RequestsTab').then((m) => ({ default: m.RequestsTab })));
const DataProtectionTab = lazy(() => import('../agreement/DataProtectionTab').then((m) => ({ default: m.DataProtectionTab })));
const UpdatesTab = lazy(() => import('../updates/UpdatesTab').then((m) => ({ default: m.UpdatesTab })));
// Loaded beside the page: the badges and, for editors, their form are not its first paint.
const ResearchReferences = lazy(() =>
  import('@/ui/references/ResearchReferences').then((m) => ({ default: m.ResearchReferences })),
);
const EventsPanel = lazy(() => import('@/ui/events/EventsPanel').then((m) => ({ default: m.EventsPanel })));
const WebhooksPanel = lazy(() => import('@/ui/webhooks/WebhooksPanel').then((m) => ({ default: m.WebhooksPanel })));
const ReportsQueue = lazy(() => import('@/ui/moderation/ReportsQueue').then((m) => ({ default: m.ReportsQueue })));
const ModerationLog = lazy(() => import('@/ui/moderation/ModerationLog').then((m) => ({ default: m.ModerationLog })));
// The chart library loads with the Activity tab only.
const ActivityTab = lazy(() => import('./ActivityTab').then((m) => ({ default: m.ActivityTab })));

/** /working-groups/{slug} (spec 2 §2 Working group detail); the router passes the discussion in. */
export function GroupDetailPage({ Discussion }: { Discussion: DiscussionSlot }) {
  const { slug = '' } = useParams();
  const group = useGetGroup(slug);
  useItemPageTitle(group, group.data?.data.title, 'Working Group');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to="/working-groups/list" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        All working groups
      </Button>
      {group.isPending && <Loading />}
      {group.isError && <ErrorState pageHeading error={group.error} onRetry={() => group.refetch()} />}
      {group.isSuccess && <GroupView group={group.data.data} Discussion={Discussion} />}
    </Container>
  );
}

/** Spec 2 §2: the tabs each viewer gets, in order, as the server's abilities say. */
/** The events tab, which a reminder's link (`#events`) opens. */
const EVENTS_TAB = 'events';

function tabsFor(group: GroupDetail, inviteToken: string | null) {
  const { can_see_members, can_manage_requests, can_see_activity, can_manage_agreement } = group.abilities;
  return [
    { value: 'overview', label: 'Overview', shown: true },
    { value: 'members', label: 'Members', shown: can_see_members },
    // Spec 2 §5: the requests and invites are fetched only without an invite token.
    { value: 'requests', label: 'Join requests/invites', shown: can_manage_requests && !inviteToken },
    { value: 'materials', label: 'Supplementary Materials', shown: true },
    { value: 'updates', label: 'Updates', shown: can_see_members },
    // Issue 49 §7: the members' events (like the private tabs, closed while their data-use
    // agreement has lapsed); the owner and moderators schedule them.
    { value: EVENTS_TAB, label: 'Events', shown: group.is_member && can_see_members },
    { value: 'activity', label: 'Activity', shown: can_see_activity },
    // Issue 24 §1–2: the owner sets the patient-data check and publishes the data-use agreement.
    { value: 'data-protection', label: 'Data protection', shown: can_manage_agreement },
    // Issue 23 §2: the owner and moderators review reports; the members read what they did.
    { value: 'reports', label: 'Reports', shown: can_manage_requests },
    { value: 'moderation-log', label: 'Moderation log', shown: can_see_members },
    // Issue 47 §2: the owner sends the group's events to their own systems.
    { value: 'webhooks', label: 'Webhooks', shown: group.abilities.can_edit },
  ].filter((tab) => tab.shown);
}

function GroupView({ group, Discussion }: { group: GroupDetail; Discussion: DiscussionSlot }) {
  const queryClient = useQueryClient();
  const video = embedUrl(group.embedded_link);
  const [search] = useSearchParams();
  const inviteToken = search.get('invite_token');
  const tabs = tabsFor(group, inviteToken);
  // A link may open a tab (`?tab=webhooks`, from the notice of a webhook turned off; `#events`,
  // from an event's reminder).
  const { hash } = useLocation();
  const [chosen, setTab] = useState(search.get('tab') ?? (hash === `#${EVENTS_TAB}` ? EVENTS_TAB : 'overview'));
  // A tab that is no longer offered (the viewer left the group) falls back to Overview.
  const tab = tabs.some((t) => t.value === chosen) ? chosen : 'overview';
  return (
    <Box sx={layout}>
      <Box sx={{ gridArea: 'main', minWidth: 0 }}>
        <Stack spacing={3}>
          <Typography variant="h3" component="h1" sx={{ wordBreak: 'break-word' }}>
            {group.title}
          </Typography>
          {inviteToken && <InvitationPrompt group={group} token={inviteToken} />}
          <AgreementBanner group={group} />
          {!group.standing.is_approved && (
            <Chip label="Waiting for approval: only you and staff can see this page" color="warning" sx={{ alignSelf: 'flex-start' }} />
          )}
          {video && (
            <Box
              component="iframe"
              src={video}
              title={`${group.title} video`}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              sx={{ width: '100%', height: 400, border: 0, borderRadius: 2 }}
            />
          )}
          {group.image && (
            <Picture
              src={group.image}
              thumbnail={group.image_thumbnail}
              width={1200}
              height={420}
              sizes="(min-width: 900px) 760px, 100vw"
              priority
              sx={{ borderRadius: 2 }}
            />
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {group.tags.map((tag) => (
              <Chip key={tag.id} label={tag.title} />
            ))}
          </Stack>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={tab} onChange={(_, next: string) => setTab(next)} variant="scrollable" allowScrollButtonsMobile>
              {tabs.map((t) => (
                <Tab key={t.value} label={t.label} value={t.value} />
              ))}
            </Tabs>
          </Box>
          {tab === 'overview' && <Overview group={group} />}
          <Suspense fallback={<Loading />}>
            {tab === 'members' && <MembersTab group={group} />}
            {tab === 'requests' && <RequestsTab group={group} />}
            {tab === 'materials' && <MaterialsTab group={group} />}
            {tab === 'updates' && <UpdatesTab group={group} />}
            {tab === 'activity' && <ActivityTab group={group} />}
            {tab === 'data-protection' && <DataProtectionTab group={group} />}
            {tab === 'reports' && <ReportsQueue groupId={group.id} />}
            {tab === 'moderation-log' && <ModerationLog groupId={group.id} />}
            {tab === 'webhooks' && <WebhooksPanel groupId={group.id} />}
            {tab === EVENTS_TAB && <EventsPanel hostType="groups" hostId={group.id} canSchedule={group.abilities.can_manage_requests} />}
          </Suspense>
        </Stack>
      </Box>
      <Box sx={{ gridArea: 'side', minWidth: 0 }}>
        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          {group.created_by && (
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={`/profile/${group.created_by.id}`}>
                <CardContent>
                  <Typography variant="overline" color="text.secondary">
                    Created by
                  </Typography>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
                    <Avatar src={group.created_by.avatar_thumbnail ?? undefined} sx={{ width: 48, height: 48 }}>
                      {initial(group.created_by.name)}
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{group.created_by.name}</Typography>
                      {group.created_by.location && (
                        <Typography variant="body2" color="text.secondary">
                          {group.created_by.location}
                        </Typography>
                      )}
                    </Box>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          )}
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={3}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <GroupsIcon color="action" />
                  <Typography>
                    {counted(group.members, 'team member')}
                  </Typography>
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <ChatBubbleOutlineOutlinedIcon color="action" />
                  <Typography>
                    {counted(group.comments, 'comment')}
                  </Typography>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
          <Suspense fallback={null}>
            <ResearchReferences placeType="group" placeId={group.id} card />
          </Suspense>
          <JoinPanel group={group} />
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Discussion
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {counted(group.comments, 'post')} so far. Members start topics and reply; everyone can read the public ones.
              </Typography>
              <Button
                variant="outlined"
                fullWidth
                onClick={() => document.getElementById(DISCUSSION_PLACE)?.scrollIntoView({ behavior: 'smooth' })}
              >
                View Discussion
              </Button>
            </CardContent>
          </Card>
          {!group.is_owner && (
            <Box sx={{ textAlign: 'center' }}>
              <ReportButton subjectType="group" subjectId={group.id} what="this working group" />
            </Box>
          )}
          {group.abilities.can_edit && (
            <Button component={RouterLink} to={`/working-groups/edit/${group.slug}`} variant="outlined">
              Edit working group
            </Button>
          )}
        </Stack>
      </Box>
      <Box sx={{ gridArea: 'discussion', minWidth: 0 }}>
        <Discussion
          topicType="groups"
          targetId={group.id}
          onChange={() => void queryClient.invalidateQueries({ queryKey: getGetGroupQueryKey(group.slug) })}
        />
      </Box>
    </Box>
  );
}

/**
 * Phones: the group, its side panel, then the discussion. Desktops: the group and then the
 * discussion on the left; the side panel spans both on the right and stays in view while
 * the page scrolls, so no empty column is left beside a long discussion.
 */
const layout = {
  display: 'grid',
  gap: 4,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
  gridTemplateAreas: { xs: '"main" "side" "discussion"', md: '"main side" "discussion side"' },
  gridTemplateRows: { md: 'auto 1fr' },
} as const;
