import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import { Avatar, Box, Button, Card, CardContent, Container, FormControl, InputLabel, Link, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { getListFeedQueryKey, listFeed } from '@/api/endpoints/feed/feed';
import type { FeedEventType, FeedItem, FeedObjectType } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { SEARCH_DEBOUNCE_MS } from '@/lib/useDebounced';
import { usePages } from '@/lib/usePages';
import { DISCUSSION_ANCHOR } from '@/ui/discussion-slot';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { canReply, EVENT_TYPES, eventColour, itemLink, label, OBJECT_TYPES } from './eventKinds';
import { LoadMore } from '@/ui/LoadMore';
import { SearchField } from '@/ui/SearchField';
import { useUrlChoice, useUrlSearch } from '@/lib/useUrlState';
import { initial } from '@/lib/initial';

/** Spec 2 §9: the feed shows 10 a page. */
const FEED_PAGE_SIZE = 10;

/** /feed (spec 2 §2): Event, Type and Search filters over a timeline, Show me more. */
export function FeedPage() {
  usePageTitle('Feed');
  // The filters live in the address: a filtered feed can be shared, reloaded and come back to.
  const [eventType, setEventType] = useUrlChoice<FeedEventType | ''>('event', ['', ...EVENT_TYPES], '');
  const [objectType, setObjectType] = useUrlChoice<FeedObjectType | ''>('type', ['', ...OBJECT_TYPES], '');
  const { text: search, setText: setSearch, settled } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const query = {
    perPage: FEED_PAGE_SIZE,
    ordering: '-created_at',
    search: settled || undefined,
    event_type: eventType || undefined,
    object_type: objectType || undefined,
  };
  const pages = usePages(getListFeedQueryKey(query), (page) => listFeed({ ...query, page }));
  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const eventLabel = useId();
  const typeLabel = useId();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Feed
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormControl sx={{ minWidth: 220 }}>
          <InputLabel id={eventLabel}>Event</InputLabel>
          <Select labelId={eventLabel} label="Event" value={eventType} onChange={(e) => setEventType(e.target.value as FeedEventType | '')}>
            <MenuItem value="">All events</MenuItem>
            {EVENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {label(type)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id={typeLabel}>Type</InputLabel>
          <Select labelId={typeLabel} label="Type" value={objectType} onChange={(e) => setObjectType(e.target.value as FeedObjectType | '')}>
            <MenuItem value="">All types</MenuItem>
            {OBJECT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {label(type)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <SearchField value={search} onChange={setSearch} sx={{ flex: 1 }} />
      </Stack>
      {pages.isPending && <Loading />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && items.length === 0 && <EmptyState>No data</EmptyState>}
      <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0, position: 'relative', '&::before': { content: '""', position: 'absolute', left: 11, top: 0, bottom: 0, width: 2, bgcolor: 'divider' } }}>
        {items.map((item) => (
          <TimelineEntry key={item.id} item={item} />
        ))}
      </Box>
      <LoadMore pages={pages} />
    </Container>
  );
}

function TimelineEntry({ item }: { item: FeedItem }) {
  const colour = eventColour(item.event_type);
  const link = itemLink(item);
  return (
    <Box component="li" sx={{ position: 'relative', pl: 5, pb: 3 }} data-event={item.event_type}>
      <Box aria-hidden sx={{ position: 'absolute', left: 4, top: 18, width: 16, height: 16, borderRadius: '50%', bgcolor: colour, border: 3, borderColor: 'background.default' }} />
      <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: colour }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Avatar src={item.actor?.avatar ?? undefined} sx={{ width: 28, height: 28 }}>
              {initial(item.actor?.name)}
            </Avatar>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.actor?.name ?? 'Cohort'}
            </Typography>
            <Typography variant="caption" sx={{ color: colour, fontWeight: 700 }}>
              {label(item.event_type)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {dateTime(item.created_at)}
            </Typography>
          </Stack>
          {item.related_content.title &&
            (link ? (
              <Link component={RouterLink} to={link} variant="subtitle1" underline="hover" sx={{ fontWeight: 600 }}>
                {item.related_content.title}
              </Link>
            ) : (
              <Typography variant="subtitle1">{item.related_content.title}</Typography>
            ))}
          {item.content.text && <Typography sx={{ mt: 0.5 }}>{item.content.text}</Typography>}
          {canReply(item) && link && (
            <Button component={RouterLink} to={`${link}#${DISCUSSION_ANCHOR}`} size="small" startIcon={<ReplyIcon />} sx={{ mt: 1 }}>
              Reply
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
