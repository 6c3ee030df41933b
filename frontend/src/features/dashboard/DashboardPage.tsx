import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Container,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { useGetFeStyle, useListLectures } from '@/api/endpoints/content/content';
import { useGetDashboardCounters } from '@/api/endpoints/feed/feed';
import { useListJoinedGroups, useListMyGroups } from '@/api/endpoints/groups/groups';
import { useListBackedProjects, useListFavoriteProjects } from '@/api/endpoints/projects/projects';
import type { GroupCard, ProjectCard } from '@/api/model';
import { CompletionMeter } from '@/ui/completion/CompletionMeter';
import { usePageTitle } from '@/ui/page-title';
import { Picture } from '@/ui/Picture';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { SectionHeading } from '@/ui/SectionHeading';
import { counted } from '@/lib/plural';

const memberSince = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

type Section = 'own' | 'joined' | 'backed' | 'favorites';

/** /dashboard (spec 1 §2 Dashboard). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useGetMe();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {me.isPending && <Loading />}
      {me.isError && <ErrorState error={me.error} onRetry={() => me.refetch()} />}
      {me.isSuccess && (
        <Stack spacing={4}>
          <Card variant="outlined">
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              <Typography variant="h2" component="h1">
                Welcome, {me.data.data.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                Member since {memberSince.format(new Date(me.data.data.date_joined))}
              </Typography>
              <Box sx={{ mt: 3, maxWidth: 420 }}>
                <CompletionMeter completion={me.data.data.profile_completion} />
              </Box>
              <Button component={RouterLink} to="/feed" variant="outlined" sx={{ mt: 3 }}>
                See what is happening
              </Button>
            </CardContent>
          </Card>
          <Counters />
          <Banner />
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 7 }}>
              <GroupSections />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <NewestLecture />
            </Grid>
          </Grid>
        </Stack>
      )}
    </Container>
  );
}

function Counters() {
  const counters = useGetDashboardCounters();
  const data = counters.data?.data;
  const items = [
    { label: 'Contributors', value: data?.total_contributors },
    { label: 'Working groups', value: data?.total_working_groups },
    { label: 'Working groups joined', value: data?.total_working_groups_joined },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label="Counters">
      {items.map((item) => (
        <Grid key={item.label} size={{ xs: 12, sm: 4 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h3" component="p" color="primary">
                {item.value ?? '–'}
              </Typography>
              <Typography color="text.secondary">{item.label}</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Banner() {
  const style = useGetFeStyle();
  const banner = style.data?.data;
  if (!banner?.banner) return null;
  const picture = <Picture src={banner.banner} width={1200} height={240} alt="Cohort news" sx={{ borderRadius: 2 }} />;
  return banner.banner_link ? (
    <CardActionArea component={RouterLink} to={banner.banner_link} sx={{ borderRadius: 2 }}>
      {picture}
    </CardActionArea>
  ) : (
    picture
  );
}

interface SectionItem {
  id: number;
  primary: string;
  secondary?: string;
  to: string;
}

/** Own groups, groups joined, backed and favourite projects; one section open at a time (spec 1 §4). */
function GroupSections() {
  const [open, setOpen] = useState<Section | null>('own');
  const own = useListMyGroups({ perPage: 9 });
  const joined = useListJoinedGroups({ perPage: 100 });
  const backed = useListBackedProjects({ perPage: 99 });
  const favorites = useListFavoriteProjects({ perPage: 99 });
  const projectItems = (projects: ProjectCard[] | undefined): SectionItem[] | undefined =>
    projects?.map((project) => ({ id: project.id, primary: project.title, secondary: project.owner?.name, to: `/project/${project.slug}` }));
  const groupItems = (groups: GroupCard[] | undefined): SectionItem[] | undefined =>
    groups?.map((group) => ({
      id: group.id,
      primary: group.title,
      secondary: `${counted(group.members, 'member')} · ${counted(group.comments, 'comment')}`,
      to: `/working-groups/${group.slug}`,
    }));
  const sections: { id: Section; title: string; items: SectionItem[] | undefined; pending: boolean; more: [string, string] }[] = [
    { id: 'own', title: 'My working groups', items: groupItems(own.data?.data), pending: own.isPending, more: ['/working-groups/create', 'Start a working group'] },
    {
      id: 'joined',
      title: 'Working groups I joined',
      items: groupItems(joined.data?.data),
      pending: joined.isPending,
      more: ['/working-groups/list', 'Browse working groups'],
    },
    { id: 'backed', title: 'Backed projects', items: projectItems(backed.data?.data), pending: backed.isPending, more: ['/projects', 'Browse projects'] },
    { id: 'favorites', title: 'Favorite projects', items: projectItems(favorites.data?.data), pending: favorites.isPending, more: ['/projects', 'Browse projects'] },
  ];
  return (
    <Box>
      {sections.map((section) => (
        <Accordion key={section.id} expanded={open === section.id} onChange={(_, expanded) => setOpen(expanded ? section.id : null)} disableGutters variant="outlined" slots={{ heading: SectionHeading }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`dashboard-${section.id}-heading`} aria-controls={`dashboard-${section.id}`}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {section.title}
              {section.items && ` (${section.items.length})`}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            {section.pending && <Loading />}
            {section.items?.length === 0 && <EmptyState>No data</EmptyState>}
            <List dense disablePadding>
              {section.items?.map((item) => (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton component={RouterLink} to={item.to}>
                    <ListItemText primary={item.primary} secondary={item.secondary} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Button component={RouterLink} to={section.more[0]} size="small">
              {section.more[1]}
            </Button>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function NewestLecture() {
  const lectures = useListLectures({ perPage: 1 });
  const lecture = lectures.data?.data[0];
  return (
    <Card variant="outlined" component="section" aria-label="Newest lecture">
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Newest lecture
        </Typography>
        {lectures.isPending && <Loading />}
        {lectures.isSuccess && !lecture && <EmptyState>No data</EmptyState>}
        {lecture && (
          <Stack spacing={1.5}>
            <Box component="video" controls preload="metadata" poster={lecture.image ?? undefined} sx={{ width: '100%', borderRadius: 1, bgcolor: 'common.black' }} aria-label={`${lecture.title} video`}>
              {lecture.video_file_url && <source src={lecture.video_file_url} />}
            </Box>
            <Typography variant="h6" component="h2">
              {lecture.title}
            </Typography>
            <Typography color="text.secondary">{lecture.author}</Typography>
            <Button component={RouterLink} to="/lecture-series" sx={{ alignSelf: 'flex-start' }}>
              All lectures
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
