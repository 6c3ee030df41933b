import { Card, CardContent, Container, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { PersonalizationForm } from './PersonalizationForm';

/** /personalization: the modal's form as a page, returning to the dashboard. */
export function PersonalizationPage() {
  usePageTitle('Personalization');
  const me = useGetMe();
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            Personalize your experience
          </Typography>
          {me.isPending && <Loading />}
          {me.isError && <ErrorState error={me.error} onRetry={() => me.refetch()} />}
          {me.isSuccess && <PersonalizationForm me={me.data.data} onDone={() => void navigate('/dashboard')} />}
        </CardContent>
      </Card>
    </Container>
  );
}
