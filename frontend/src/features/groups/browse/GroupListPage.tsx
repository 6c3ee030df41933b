import { Container, Typography } from '@mui/material';
import { usePageTitle } from '@/ui/page-title';
import { GroupBrowser } from './GroupBrowser';

/** /working-groups/list. */
export function GroupListPage() {
  usePageTitle('Working Groups');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Working groups
      </Typography>
      <GroupBrowser />
    </Container>
  );
}
