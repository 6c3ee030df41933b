import { Avatar, AvatarGroup, Badge, List, ListItem, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { getListConversationsQueryKey, listConversations } from '@/api/endpoints/messages/messages';
import { initial } from '@/lib/initial';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { namesOf } from './names';

const PAGE_SIZE = 20;

/** The member's conversations, the newest activity first, each with what they have not read. */
export function ConversationList({ current }: { current?: number }) {
  const query = { perPage: PAGE_SIZE };
  const pages = usePages(getListConversationsQueryKey(query), (page) => listConversations({ ...query, page }));
  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  if (pages.isPending) return <Loading label="Loading conversations" />;
  if (pages.isError) return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />;
  if (items.length === 0) return <EmptyState>No conversations yet</EmptyState>;
  return (
    <>
      <List disablePadding>
        {items.map((conversation) => {
          const name = namesOf(conversation.others);
          const unread = conversation.unread > 0;
          return (
            <ListItem key={conversation.id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/messages/${conversation.id}`}
              selected={conversation.id === current}
              aria-current={conversation.id === current ? 'page' : undefined}
            >
              <ListItemAvatar>
                <Badge color="error" badgeContent={conversation.unread} invisible={!unread} max={99}>
                  <AvatarGroup max={2} sx={{ '& .MuiAvatar-root': { width: 36, height: 36, fontSize: 16 } }}>
                    {conversation.others.map((p) => (
                      <Avatar key={p.id} src={p.avatar ?? undefined} alt="">
                        {initial(p.name)}
                      </Avatar>
                    ))}
                  </AvatarGroup>
                </Badge>
              </ListItemAvatar>
              <ListItemText
                primary={unread ? `${name} (${conversation.unread} unread)` : name}
                secondary={conversation.last_message?.excerpt ?? dateTime(conversation.last_message_at)}
                slotProps={{
                  primary: { sx: { fontWeight: unread ? 700 : 500 }, noWrap: true },
                  secondary: { noWrap: true },
                }}
              />
            </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <LoadMore pages={pages} />
    </>
  );
}
