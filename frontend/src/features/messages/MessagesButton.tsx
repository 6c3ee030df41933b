import ChatIcon from '@mui/icons-material/ChatOutlined';
import { Badge, IconButton } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { getGetMeQueryKey, useGetMe } from '@/api/endpoints/auth/auth';
import { getListConversationsQueryKey } from '@/api/endpoints/messages/messages';
import type { DataMe } from '@/api/model';
import { hearMessages } from '@/lib/live-channel';

/** Past this the badge reads "99+", and so does the button's name. */
const BADGE_MAX = 99;

/**
 * The header's way to direct messages (issue 49 §6), with how many the member has not read:
 * raised live as messages from others arrive, and set from the server when a conversation
 * is read.
 */
export function MessagesButton() {
  const me = useGetMe();
  const queryClient = useQueryClient();
  const myId = me.data?.data.id;
  useEffect(
    () =>
      hearMessages((arrived) => {
        void queryClient.invalidateQueries({ queryKey: getListConversationsQueryKey() });
        if (arrived.author_id === myId) return;
        queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (current) =>
          current ? { data: { ...current.data, unread_message_count: current.data.unread_message_count + 1 } } : current,
        );
      }),
    [queryClient, myId],
  );
  const unread = me.data?.data.unread_message_count ?? 0;
  return (
    <IconButton component={RouterLink} to="/messages" aria-label={`Messages: ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread`}>
      {/* No badge at 0, as the bell: a hidden badge keeps its last number in the page. */}
      {unread > 0 ? (
        <Badge badgeContent={unread} color="error" max={BADGE_MAX}>
          <ChatIcon />
        </Badge>
      ) : (
        <ChatIcon />
      )}
    </IconButton>
  );
}
