import ChatIcon from '@mui/icons-material/ChatOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import LockIcon from '@mui/icons-material/Lock';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetMe, useGetPublicProfile } from '@/api/endpoints/auth/auth';
import { useListProfileGroups } from '@/api/endpoints/groups/groups';
import { useListProfileProjects } from '@/api/endpoints/projects/projects';
import type { PublicProfile } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { usePageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { ReportButton } from '@/ui/moderation/ReportButton';
import { OrcidBadge } from '@/ui/Orcid';
import { initial } from '@/lib/initial';

/** Only web addresses become links; anything else is shown as text. */
const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text.trim());

/** /profile/{id} and /users/{id}: a member as others see them (spec 2 §2). */
export function PublicProfilePage() {
  usePageTitle('User Profile');
  const id = Number(useParams().id);
  const profile = useGetPublicProfile(id, { query: { enabled: Number.isInteger(id) && id > 0 } });
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" component="p" color="text.secondary">
        User Profile
      </Typography>
      {!Number.isInteger(id) || id <= 0 ? (
        <ErrorState pageHeading error={new ApiError(404, {})} />
      ) : (
        <>
          {profile.isPending && <Loading />}
          {profile.isError && <ErrorState pageHeading error={profile.error} onRetry={() => profile.refetch()} />}
          {profile.isSuccess && <ProfileCard profile={profile.data.data} />}
        </>
      )}
    </Container>
  );
}

function ProfileCard({ profile }: { profile: PublicProfile }) {
  // Members report others, not themselves.
  const { isSignedIn } = useAuth();
  const me = useGetMe({ query: { enabled: isSignedIn } });
  const isSomeoneElse = me.data !== undefined && me.data.data.id !== profile.id;
  return (
    <Card variant="outlined">
      <Box
        sx={{
          height: { xs: 120, sm: 200 },
          bgcolor: 'primary.light',
          backgroundImage: profile.profile_background ? `url(${profile.profile_background})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <CardContent sx={{ px: { xs: 2, sm: 4 }, pb: 4 }}>
        <Avatar
          src={profile.avatar ?? undefined}
          alt={profile.name}
          sx={{ width: 112, height: 112, mt: -9, border: 4, borderColor: 'background.paper', fontSize: 44 }}
        >
          {initial(profile.name)}
        </Avatar>
        <Typography variant="h3" component="h1" sx={{ mt: 2, wordBreak: 'break-word' }}>
          {profile.name}
        </Typography>
        {profile.orcid && (
          <Box sx={{ mt: 1 }}>
            <OrcidBadge id={profile.orcid} />
          </Box>
        )}
        {profile.is_private ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2, color: 'text.secondary' }}>
            <LockIcon fontSize="small" />
            <Typography>This account is private</Typography>
          </Stack>
        ) : (
          <Details profile={profile} />
        )}
        {isSomeoneElse && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<ChatIcon />} component={RouterLink} to={`/messages?to=${profile.id}`}>
              Send a message
            </Button>
            <ReportButton subjectType="profile" subjectId={profile.id} what={`${profile.name}'s profile`} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function Details({ profile }: { profile: PublicProfile }) {
  const socialLines = (profile.social ?? '').split('\n').filter((line) => line.trim());
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {(profile.title || profile.affiliation) && (
        <Typography color="text.secondary">{[profile.title, profile.affiliation].filter(Boolean).join(' · ')}</Typography>
      )}
      {profile.bio && <Typography sx={{ whiteSpace: 'pre-line' }}>{profile.bio}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
        {profile.location && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <PlaceIcon fontSize="small" color="action" />
            <Typography>{profile.location}</Typography>
          </Stack>
        )}
        {profile.website && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <LanguageIcon fontSize="small" color="action" />
            {isWebAddress(profile.website) ? (
              <Link href={profile.website} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                {profile.website}
              </Link>
            ) : (
              <Typography sx={{ wordBreak: 'break-all' }}>{profile.website}</Typography>
            )}
          </Stack>
        )}
      </Stack>
      <ProfileProjectLists userId={profile.id} />
      <CreatedGroups userId={profile.id} />
      {socialLines.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h2">
            Social
          </Typography>
          {socialLines.map((line) =>
            isWebAddress(line) ? (
              <Link key={line} href={line.trim()} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', wordBreak: 'break-all' }}>
                {line.trim()}
              </Link>
            ) : (
              <Typography key={line} sx={{ wordBreak: 'break-all' }}>
                {line}
              </Typography>
            ),
          )}
        </Box>
      )}
    </Stack>
  );
}

/** The public working groups the member created (spec 2 §2), linked by slug. */
function CreatedGroups({ userId }: { userId: number }) {
  const groups = useListProfileGroups(userId);
  return <LinkList title="Working groups created" empty="No working groups found" query={groups} items={groups.data?.data} to={(slug) => `/working-groups/${slug}`} />;
}

/** The public projects the member created and backs (spec 2 §2), linked by slug. */
function ProfileProjectLists({ userId }: { userId: number }) {
  const projects = useListProfileProjects(userId);
  const to = (slug: string) => `/project/${slug}`;
  const overdue = projects.data?.data.results_overdue ?? [];
  return (
    <>
      {overdue.length > 0 && (
        <Alert severity="error" aria-label="Results overdue">
          Results overdue:{' '}
          {overdue.map((p, i) => (
            <span key={p.id}>
              {i > 0 && ', '}
              <Link component={RouterLink} to={`/project/${p.slug}#results`}>
                {p.title}
              </Link>
            </span>
          ))}
          . Funded projects post their results by a set date after they are paid out.
        </Alert>
      )}
      <LinkList title="Projects created" empty="No projects found" query={projects} items={projects.data?.data.created} to={to} />
      <LinkList title="Projects backed" empty="No projects found" query={projects} items={projects.data?.data.backed} to={to} />
    </>
  );
}

/** A titled list of links shown as chips, with its loading, error and empty states. */
function LinkList({
  title,
  empty,
  query,
  items,
  to,
}: {
  title: string;
  empty: string;
  query: { isPending: boolean; isError: boolean };
  items: { id: number; slug: string; title: string }[] | undefined;
  to: (slug: string) => string;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        {title}
      </Typography>
      {query.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {query.isError && <Typography color="error">Something went wrong.</Typography>}
      {items &&
        (items.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {items.map((item) => (
              <Chip key={item.id} label={item.title} component={RouterLink} to={to(item.slug)} clickable variant="outlined" />
            ))}
          </Stack>
        ))}
    </Box>
  );
}
