import { Card, CardActionArea, CardContent, Container, FormControl, Grid, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { getListProjectsQueryKey, listProjects } from '@/api/endpoints/projects/projects';
import { TopicsSelect, useTopicsParam } from '@/ui/TopicsSelect';
import type { ListProjectsSort, ProjectCard } from '@/api/model';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { useUrlParam, useUrlSearch } from '@/lib/useUrlState';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { usePageTitle } from '@/ui/page-title';
import { Picture } from '@/ui/Picture';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { SearchField } from '@/ui/SearchField';
import { plainText } from '@/lib/html-text';
import { daysLeft } from '../figures';
import { TopicChips } from '../TopicChips';
import { FundingProgress } from '@/ui/FundingProgress';
import { goal } from '@/lib/money';

const SORTS: [ListProjectsSort, string][] = [
  ['newest', 'Newest'],
  ['ending_soon', 'Ending soon'],
  ['most_reviewed', 'Most reviewed'],
  ['most_favorited', 'Most favorited'],
];

/** /projects: live projects by topics, sorted, with a debounced search and Show me more. */
export function ProjectsListPage() {
  usePageTitle('Projects');
  // Topics, order and search live in the address (shareable, kept on reload and Back).
  const { text: search, setText: setSearch, settled } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const [topics, setTopics] = useTopicsParam();
  const [sortParam, setSortParam] = useUrlParam('sort', 'newest');
  const sort: ListProjectsSort = SORTS.some(([value]) => value === sortParam) ? (sortParam as ListProjectsSort) : 'newest';
  const query = { search: settled || undefined, tags: topics.length ? topics.join(',') : undefined, sort };
  const sortLabel = useId();
  const pages = usePages(getListProjectsQueryKey(query), (page) => listProjects({ ...query, page }));
  const projects = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Projects
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Medical research reviewed in the open, funded all or nothing.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TopicsSelect value={topics} onChange={setTopics} />
        <FormControl sx={{ minWidth: 200 }}>
          <InputLabel id={sortLabel}>Sorted by</InputLabel>
          <Select labelId={sortLabel} label="Sorted by" value={sort} onChange={(event) => setSortParam(event.target.value)}>
            {SORTS.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SearchField value={search} onChange={setSearch} sx={{ flex: 1 }} />
      </Stack>
      {pages.isPending ? (
        <Loading />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : projects.length === 0 ? (
        <EmptyState>{settled || topics.length > 0 ? 'No project matches your search.' : 'No project is live yet.'}</EmptyState>
      ) : (
        <Grid container spacing={3}>
          {projects.map((project, index) => (
            <Grid key={project.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <ProjectTile project={project} priority={index === 0} />
            </Grid>
          ))}
        </Grid>
      )}
      <LoadMore pages={pages} />
    </Container>
  );
}

/** A project's card; `priority`: the first, whose picture a phone shows at once. */
function ProjectTile({ project, priority }: { project: ProjectCard; priority: boolean }) {
  const left = daysLeft(project.closes_at);
  return (
    <Card variant="outlined" component="article" aria-labelledby={`project-${project.id}`} sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/project/${project.slug}`} sx={{ height: '100%', alignItems: 'stretch' }}>
        {project.image && (
          <Picture
            src={project.image}
            thumbnail={project.image_thumbnail}
            width={1200}
            height={630}
            sizes="(min-width: 900px) 380px, 100vw"
            priority={priority}
          />
        )}
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2" id={`project-${project.id}`}>
              {project.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {project.owner?.name ?? 'Unknown'}
            </Typography>
            <TopicChips topics={project.tags} />
            <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {plainText(project.lay_summary)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Goal {goal(project.funding_goal_cents)}
              {left !== null && ` · ${left}`}
            </Typography>
            <FundingProgress funding={project.funding} goalCents={project.funding_goal_cents} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
