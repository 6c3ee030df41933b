import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import { Avatar, Box, Button, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  useCancelInvitation,
  useDecideJoinRequest,
  useListInvitedMembers,
  useListJoinRequests,
  useResendInvitation,
} from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { InviteDialog } from './InviteDialog';
import { useRefreshGroup } from './useRefreshGroup';
import { postDate } from '@/lib/dates';
import { initial } from '@/lib/initial';

/** Runs a membership action and announces it the way spec 2 §8 words it. */
function useAnnounced(slug: string) {
  const toast = useToast();
  const refresh = useRefreshGroup(slug);
  return async (action: () => Promise<{ data: { message: string } }>, failure: 'empty' | 'detail' = 'empty') => {
    try {
      const { data } = await action();
      toast(data.message, 'success', 'Success');
    } catch (error) {
      // Spec 2 §8: approve, decline and delete-invite failures show "Error" alone; a failed
      // resend shows the server's reason.
      toast(failure === 'detail' ? errorMessage(error) : '', 'error', 'Error');
    }
    await refresh();
  };
}

/** Join requests/invites (owner or moderator; spec 2 §2). */
export function RequestsTab({ group }: { group: GroupDetail }) {
  const [inviting, setInviting] = useState(false);
  return (
    <Stack spacing={4}>
      <JoinRequests slug={group.slug} />
      <Invitations slug={group.slug} />
      <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} sx={{ alignSelf: 'flex-start' }}>
        Invite new member
      </Button>
      <InviteDialog slug={group.slug} open={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

function JoinRequests({ slug }: { slug: string }) {
  const requests = useListJoinRequests(slug);
  const decide = useDecideJoinRequest();
  const announce = useAnnounced(slug);
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Join requests
      </Typography>
      {requests.isPending && <Loading label="Loading join requests" />}
      {requests.isError && <ErrorState error={requests.error} onRetry={() => requests.refetch()} />}
      {requests.isSuccess && requests.data.data.length === 0 && <EmptyState>No join requests yet.</EmptyState>}
      <List aria-label="Join requests">
        {requests.data?.data.map((request) => (
          <ListItem key={request.id} divider alignItems="flex-start" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            <ListItemAvatar>
              <Avatar src={request.avatar_thumbnail ?? undefined}>{initial(request.name)}</Avatar>
            </ListItemAvatar>
            <ListItemText
              sx={{ flex: '1 1 220px', minWidth: 0 }}
              primary={request.name}
              secondary={
                <>
                  {[request.email, request.affiliation].filter(Boolean).join(' · ')}
                  <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.primary', whiteSpace: 'pre-wrap' }}>
                    {request.message}
                  </Box>
                </>
              }
            />
            <Stack direction="row" spacing={1} sx={{ alignSelf: 'center' }}>
              <Button
                size="small"
                variant="contained"
                disabled={decide.isPending}
                onClick={() => announce(() => decide.mutateAsync({ slug, memberId: request.id, action: 'accept' }))}
              >
                Approve
              </Button>
              <Button
                size="small"
                color="error"
                disabled={decide.isPending}
                onClick={() => announce(() => decide.mutateAsync({ slug, memberId: request.id, action: 'decline' }))}
              >
                Decline
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function Invitations({ slug }: { slug: string }) {
  const invited = useListInvitedMembers(slug);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const announce = useAnnounced(slug);
  const busy = resend.isPending || cancel.isPending;
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Invited members
      </Typography>
      {invited.isPending && <Loading label="Loading invited members" />}
      {invited.isError && <ErrorState error={invited.error} onRetry={() => invited.refetch()} />}
      {invited.isSuccess && invited.data.data.length === 0 && <EmptyState>No invited members.</EmptyState>}
      <List aria-label="Invited members">
        {invited.data?.data.map((person) => (
          <ListItem key={person.id} divider sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            <ListItemAvatar>
              <Avatar src={person.avatar_thumbnail ?? undefined}>{initial(person.name)}</Avatar>
            </ListItemAvatar>
            <ListItemText
              sx={{ flex: '1 1 220px', minWidth: 0 }}
              primary={person.name}
              secondary={`${person.email} · sent ${postDate(person.sent_at)}`}
            />
            <Stack direction="row" spacing={1}>
              {person.can_resend_invitation && (
                <Button size="small" disabled={busy} onClick={() => announce(() => resend.mutateAsync({ slug, id: person.id }), 'detail')}>
                  Resend
                </Button>
              )}
              <Button size="small" color="error" disabled={busy} onClick={() => announce(() => cancel.mutateAsync({ slug, id: person.id }))}>
                Cancel
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
