import { Box, Button } from '@mui/material';

/** What a paged list needs to offer its next page (a TanStack infinite query has it). */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Show me more" under a list while it has another page (spec 2 §2). */
export function LoadMore({ pages, label = 'Show me more' }: { pages: NextPage; label?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 3 }}>
      <Button variant="outlined" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {label}
      </Button>
    </Box>
  );
}
