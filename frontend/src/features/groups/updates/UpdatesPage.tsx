import { Alert, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useListMyGroupUpdates } from '@/api/endpoints/groups/groups';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { statusText } from '@/ui/updates/format';
import { UpdateRows } from '@/ui/updates/UpdateRows';
import { UpdatesBreadcrumbs } from './UpdatesBreadcrumbs';

/** /group-updates/{group_id}: the group's updates for its owner and moderators (spec 2 §2). */
export function UpdatesPage() {
  const groupId = Number(useParams().groupId);
  const updates = useListMyGroupUpdates(groupId);
  useItemPageTitle(updates, updates.data && `${updates.data.data.group.title} updates`, 'Working Group updates');
  const data = updates.data?.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <UpdatesBreadcrumbs groupId={groupId} group={updates.data?.data.group} />
      <Chip label="Working Group updates" color="primary" sx={{ mb: 1 }} />
      {updates.isPending && <Loading />}
      {updates.isError && <ErrorState pageHeading error={updates.error} onRetry={() => updates.refetch()} />}
      {data && (
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            <RouterLink to={`/working-groups/${data.group.slug}`} style={{ color: 'inherit' }}>
              {data.group.title}
            </RouterLink>
          </Typography>
          {data.can_add ? (
            <>
              <Button
                component={RouterLink}
                to={`/group-updates/${groupId}/${data.group.slug}/add`}
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
              >
                Add an update
              </Button>
              <UpdateRows
                updates={data.updates}
                editTo={(update) => (update.can_edit ? `/group-updates/${groupId}/${data.group.slug}/edit/${update.id}` : null)}
              />
            </>
          ) : (
            <Alert severity="warning">Working group status: {statusText(data.group.approved_status)}</Alert>
          )}
        </Stack>
      )}
    </Container>
  );
}
