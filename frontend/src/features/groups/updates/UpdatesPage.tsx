import { Alert, Box, Button, Chip, Container, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useListMyGroupUpdates } from '@/api/endpoints/groups/groups';
import { useItemPageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { dateTime } from '@/lib/dates';
import { statusText } from './format';
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
      {updates.isError && <ErrorState error={updates.error} onRetry={() => updates.refetch()} />}
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
              {data.updates.length === 0 ? (
                <EmptyState>No updates</EmptyState>
              ) : (
                <List disablePadding>
                  {data.updates.map((update) => (
                    <ListItem
                      key={update.id}
                      divider
                      secondaryAction={
                        update.can_edit && (
                          <Button component={RouterLink} to={`/group-updates/${groupId}/${data.group.slug}/edit/${update.id}`}>
                            Edit
                          </Button>
                        )
                      }
                      sx={{ pr: 10 }}
                    >
                      <ListItemText
                        primary={update.title}
                        secondary={
                          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                            <span>{dateTime(update.created_at)}</span>
                            <Chip
                              component="span"
                              size="small"
                              label={statusText(update.approved_status)}
                              color={update.approved_status === 'approved' ? 'success' : 'default'}
                            />
                          </Box>
                        }
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          ) : (
            <Alert severity="warning">Working group status: {statusText(data.group.approved_status)}</Alert>
          )}
        </Stack>
      )}
    </Container>
  );
}
