import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import { Alert, Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getGetMeQueryKey } from '@/api/endpoints/auth/auth';
import {
  blockMember,
  getGetConversationQueryKey,
  getListConversationsQueryKey,
  listMessages,
  markConversationRead,
  useGetConversation,
  useListMessages,
} from '@/api/endpoints/messages/messages';
import type { DataMe, Message } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { hearMessages } from '@/lib/live-channel';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { MessageComposer } from './MessageComposer';
import { MessageItem } from './MessageItem';
import { namesOf } from './names';

/**
 * One conversation: its newest messages (older ones on request), arriving live; read as soon
 * as it shows; the composer, or why the member may not write here; blocking the other member
 * of a one-to-one conversation.
 */
export function ConversationView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const conversation = useGetConversation(id);
  const newest = useListMessages(id);
  const [older, setOlder] = useState<Message[]>([]);
  const [olderMore, setOlderMore] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const refetch = newest.refetch;

  // A message arriving here reloads the newest run.
  useEffect(
    () =>
      hearMessages((arrived) => {
        if (arrived.conversation_id === id) void refetch();
      }),
    [id, refetch],
  );

  // What shows is read: the header's count and the list follow the server's answer.
  const newestId = newest.data?.data.at(-1)?.id;
  useEffect(() => {
    if (newestId === undefined) return;
    end.current?.scrollIntoView({ block: 'end' });
    markConversationRead(id)
      .then(({ data }) => {
        queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (current) =>
          current ? { data: { ...current.data, unread_message_count: data.unread_messages } } : current,
        );
        return queryClient.invalidateQueries({ queryKey: getListConversationsQueryKey() });
      })
      .catch((error: unknown) => console.error('could not mark the conversation read', error));
  }, [id, newestId, queryClient]);

  if (conversation.isPending || newest.isPending) return <Loading label="Loading the conversation" />;
  if (conversation.isError) return <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />;
  if (newest.isError) return <ErrorState error={newest.error} onRetry={() => void newest.refetch()} />;

  const { others, cannot_send: cannotSend } = conversation.data.data;
  const name = namesOf(others);
  const messages = [...older, ...newest.data.data];
  const hasMore = olderMore ?? newest.data.has_more;
  const oneToOne = others.length === 1 ? others[0] : undefined;

  const showOlder = async () => {
    setLoadingOlder(true);
    try {
      const page = await listMessages(id, { before: messages[0]?.id });
      setOlder((kept) => [...page.data, ...kept]);
      setOlderMore(page.has_more);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setLoadingOlder(false);
    }
  };

  const block = async () => {
    if (!oneToOne) return;
    try {
      await blockMember(oneToOne.id);
      await queryClient.invalidateQueries({ queryKey: getGetConversationQueryKey(id) });
      toast(`${oneToOne.name} can no longer write to you.`, 'success');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBlocking(false);
    }
  };

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton component={RouterLink} to="/messages" aria-label="All conversations" sx={{ display: { md: 'none' } }}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
          {oneToOne ? (
            <Link component={RouterLink} to={`/profile/${oneToOne.id}`} color="inherit">
              {name}
            </Link>
          ) : (
            name
          )}
        </Typography>
        {oneToOne && !cannotSend && (
          <Button size="small" color="inherit" startIcon={<BlockIcon />} onClick={() => setBlocking(true)}>
            Block
          </Button>
        )}
      </Stack>
      <Box
        role="log"
        aria-label={`Messages with ${name}`}
        tabIndex={0}
        sx={{ flex: 1, overflowY: 'auto', maxHeight: { xs: '60vh', md: 460 }, px: 2, py: 1.5 }}
      >
        {hasMore && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void showOlder()} disabled={loadingOlder}>
              Show older messages
            </Button>
          </Box>
        )}
        <Stack spacing={1.5}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} showAuthor={!oneToOne} />
          ))}
        </Stack>
        <div ref={end} />
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', p: 2 }}>
        {cannotSend ? <Alert severity="info">{cannotSend}</Alert> : <MessageComposer conversationId={id} />}
      </Box>
      {oneToOne && (
        <ConfirmDialog
          open={blocking}
          title={`Block ${oneToOne.name}?`}
          confirmLabel="Block"
          danger
          onConfirm={() => void block()}
          onClose={() => setBlocking(false)}
        >
          They will not be able to write to you in any conversation. You can unblock them in Settings.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
