import { Card, CardContent, Container, Typography } from '@mui/material';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';

const memberSince = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

export function DashboardPage() {
  usePageTitle('Dashboard');
  const me = useGetMe();
  return (
    <Container maxWidth="lg" sx={{ py: 5 }}>
      {me.isPending && <Loading />}
      {me.isError && <ErrorState error={me.error} onRetry={() => me.refetch()} />}
      {me.isSuccess && (
        <Card variant="outlined">
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h2" component="h1">
              Welcome, {me.data.data.name}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Member since {memberSince.format(new Date(me.data.data.date_joined))}
            </Typography>
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
