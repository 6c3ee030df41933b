import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import { Avatar, Box, Button, List, ListItemAvatar, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useListAppliedGroups, useListJoinedGroups } from '@/api/endpoints/groups/groups';
import type { GroupCard } from '@/api/model';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { counted } from '@/lib/plural';
import { initial } from '@/lib/initial';

/** Spec 2 §9: joined and applied lists hold up to 100 groups. */
const MEMBERSHIP_PAGE = { perPage: 100 };

export function JoinedList() {
  return <MembershipList query={useListJoinedGroups(MEMBERSHIP_PAGE)} label="Joined working groups" />;
}

export function AppliedList() {
  return <MembershipList query={useListAppliedGroups(MEMBERSHIP_PAGE)} label="My applications" />;
}

/** Rows of groups (spec 2 §2): image or placeholder, title, creator, member and comment counts. */
function MembershipList({ query, label }: { query: UseQueryResult<{ data: GroupCard[] } | undefined, Error | null>; label: string }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const groups = query.data?.data ?? [];
  if (groups.length === 0) {
    return (
      <Stack sx={{ alignItems: 'center' }}>
        <EmptyState>No data</EmptyState>
        <Button component={RouterLink} to="/working-groups/list" variant="outlined">
          Browse working groups
        </Button>
      </Stack>
    );
  }
  return (
    <List aria-label={label} disablePadding>
      {groups.map((group) => (
        <ListItem key={group.id} disablePadding divider>
        <ListItemButton component={RouterLink} to={`/working-groups/${group.slug}`} sx={{ gap: 2, py: 1.5 }}>
          <ListItemAvatar sx={{ minWidth: 0 }}>
            <Avatar variant="rounded" src={group.image_thumbnail ?? undefined} alt="" sx={{ width: 72, height: 56, bgcolor: 'primary.light' }}>
              <GroupsIcon />
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            sx={{ minWidth: 0 }}
            primary={<Typography sx={{ fontWeight: 600 }}>{group.title}</Typography>}
            secondary={
              <Stack component="span" direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                <Stack component="span" direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Avatar component="span" src={group.created_by?.avatar_thumbnail ?? undefined} sx={{ width: 22, height: 22, fontSize: 12 }}>
                    {initial(group.created_by?.name)}
                  </Avatar>
                  <Box component="span">{group.created_by?.name}</Box>
                </Stack>
                <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="img" aria-label={counted(group.members, 'member')}>
                  <GroupsIcon fontSize="small" />
                  <span>{group.members}</span>
                </Stack>
                <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="img" aria-label={counted(group.comments, 'comment')}>
                  <ChatBubbleOutlineIcon fontSize="small" />
                  <span>{group.comments}</span>
                </Stack>
              </Stack>
            }
          />
        </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
