import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Container, Grid, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getListMyGroupsQueryKey, listMyGroups } from '@/api/endpoints/groups/groups';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { usePages } from '@/lib/usePages';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { GROUPS_PER_PAGE } from '../browse/useGroupPages';
import { AppliedList, JoinedList } from './MembershipList';
import { MyGroupCard } from './MyGroupCard';
import { LoadMore } from '@/ui/LoadMore';
import { SearchField } from '@/ui/SearchField';
import { useUrlSearch } from '@/lib/useUrlState';

type Section = 'created' | 'joined' | 'applied';

const SECTIONS: { value: Section; label: string; to: string; title: string }[] = [
  { value: 'created', label: 'Created', to: '/working-groups/my', title: 'My Working Groups' },
  { value: 'joined', label: 'Joined', to: '/working-groups/my/joined', title: 'Working Groups | Joined' },
  { value: 'applied', label: 'My applications', to: '/working-groups/my/applied', title: 'Working Groups | Applied' },
];

/** /working-groups/my, /my/joined and /my/applied: My Working Groups (spec 2 §2). */
export function MyGroupsPage({ section }: { section: Section }) {
  const current = SECTIONS.find((s) => s.value === section) ?? SECTIONS[0];
  usePageTitle(current.title);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h3" component="h1">
          My Working Groups
        </Typography>
        <Button component={RouterLink} to="/working-groups/create" variant="contained" startIcon={<AddIcon />} sx={{ alignSelf: { sm: 'center' } }}>
          Start a working group
        </Button>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={section} aria-label="My Working Groups sections" variant="scrollable" allowScrollButtonsMobile>
          {SECTIONS.map((s) => (
            <Tab key={s.value} label={s.label} value={s.value} component={RouterLink} to={s.to} />
          ))}
        </Tabs>
      </Box>
      {section === 'created' && <CreatedGroups />}
      {section === 'joined' && <JoinedList />}
      {section === 'applied' && <AppliedList />}
    </Container>
  );
}

/** The groups the member created: search, 9 per page, Show me more. */
function CreatedGroups() {
  const { text: search, setText: setSearch, settled } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const params = { search: settled || undefined, perPage: GROUPS_PER_PAGE };
  const pages = usePages(getListMyGroupsQueryKey(params), (page) => listMyGroups({ ...params, page }));
  const groups = pages.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <SearchField value={search} onChange={setSearch} fullWidth sx={{ mb: 3 }} />
      {pages.isPending && <Loading />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && groups.length === 0 && <EmptyState>No working groups found</EmptyState>}
      <Grid container spacing={3}>
        {groups.map((group) => (
          <Grid key={group.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <MyGroupCard group={group} />
          </Grid>
        ))}
      </Grid>
      <LoadMore pages={pages} />
    </>
  );
}
