import { Avatar, Box, Button, Chip, Link, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListGroupMembers, useRemoveGroupMember } from '@/api/endpoints/groups/groups';
import type { GroupDetail, Member } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { useToast } from '@/ui/toast';
import { RoleDialog } from './RoleDialog';
import { roleColors, roleLabels } from './roles';
import { useRefreshGroup } from './useRefreshGroup';
import { initial } from '@/lib/initial';

/** The Members tab (members only): the obligations and the member list (spec 2 §2). */
export function MembersTab({ group }: { group: GroupDetail }) {
  const members = useListGroupMembers(group.slug, { perPage: 100 });
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveGroupMember();
  const toast = useToast();
  const refresh = useRefreshGroup(group.slug);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { data } = await remove.mutateAsync({ slug: group.slug, memberId: removing.id });
      toast(data.message, 'success', 'Success');
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Member obligations
        </Typography>
        <RichText html={group.member_obligations} />
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Members
        </Typography>
        {members.isPending && <Loading label="Loading members" />}
        {members.isError && <ErrorState error={members.error} onRetry={() => members.refetch()} />}
        {members.isSuccess && members.data.data.length === 0 && <EmptyState>No data</EmptyState>}
        <List aria-label="Members">
          {members.data?.data.map((member) => (
            <ListItem key={member.id} divider alignItems="flex-start" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              <ListItemAvatar>
                <Avatar src={member.avatar_thumbnail ?? undefined}>{initial(member.name)}</Avatar>
              </ListItemAvatar>
              <ListItemText
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Link component={RouterLink} to={`/profile/${member.user_id}`} underline="hover" sx={{ fontWeight: 600 }}>
                      {member.name}
                    </Link>
                    <Chip size="small" label={roleLabels[member.role]} color={roleColors[member.role]} />
                  </Stack>
                }
                secondary={[member.affiliation, member.blurb].filter(Boolean).join(' · ') || undefined}
              />
              {(member.can_change_role || member.can_remove) && (
                <Stack direction="row" spacing={1} sx={{ alignSelf: 'center' }}>
                  {member.can_change_role && (
                    <Button size="small" onClick={() => setChanging(member)} aria-label={`Change role of ${member.name}`}>
                      Change role
                    </Button>
                  )}
                  {member.can_remove && (
                    <Button size="small" color="error" onClick={() => setRemoving(member)} aria-label={`Remove ${member.name}`}>
                      Remove
                    </Button>
                  )}
                </Stack>
              )}
            </ListItem>
          ))}
        </List>
      </Box>
      {changing && <RoleDialog slug={group.slug} member={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? 'member'}?`}
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        They will leave the working group and lose access to its members, updates and private discussions.
      </ConfirmDialog>
    </Stack>
  );
}
