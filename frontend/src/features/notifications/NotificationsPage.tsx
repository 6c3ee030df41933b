import { Box, Button, Chip, Container, FormControl, InputLabel, Link, MenuItem, Paper, Select, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getGetMeQueryKey, useListNotificationSettings } from '@/api/endpoints/auth/auth';
import {
  getListMyNotificationsQueryKey,
  listMyNotifications,
  readMyNotification,
  readMyNotifications,
  unreadMyNotification,
} from '@/api/endpoints/notifications/notifications';
import type { DataMe, Notification, NotificationKind } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { useUrlParam } from '@/lib/useUrlState';
import { LoadMore } from '@/ui/LoadMore';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';

/** Ten a page, as the bell shows. */
const PAGE_SIZE = 10;

/**
 * /notifications: a member's whole history of notifications, unread first, by kind (the
 * kinds and their names are the settings page's), each linking to its place and marked read
 * or unread one by one, or all read at once.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const queryClient = useQueryClient();
  const toast = useToast();
  const kinds = useListNotificationSettings();
  const known = kinds.data?.data ?? [];
  const [kindParam, setKind] = useUrlParam('kind');
  const kind = known.some((k) => k.id === kindParam) ? (kindParam as NotificationKind) : undefined;
  const query = { perPage: PAGE_SIZE, unread_first: true, kind };
  const pages = usePages(getListMyNotificationsQueryKey(query), (page) => listMyNotifications({ ...query, page }));
  const items = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const [busy, setBusy] = useState(false);
  const kindLabel = useId();

  /** The bell's count from the server's answer, and the list in its new order. */
  const settle = async (change: () => Promise<{ data: { unread_notification_count: number } }>) => {
    setBusy(true);
    try {
      const { data } = await change();
      queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (current) =>
        current ? { data: { ...current.data, unread_notification_count: data.unread_notification_count } } : current,
      );
      await queryClient.invalidateQueries({ queryKey: getListMyNotificationsQueryKey() });
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h2" component="h1">
          Notifications
        </Typography>
        <Button variant="outlined" disabled={busy || items.every((n) => n.read_at)} onClick={() => void settle(() => readMyNotifications())}>
          Mark all as read
        </Button>
      </Stack>
      <FormControl sx={{ minWidth: 240, mb: 3 }}>
        <InputLabel id={kindLabel}>Kind</InputLabel>
        <Select labelId={kindLabel} label="Kind" value={kind ?? ''} onChange={(event) => setKind(event.target.value)}>
          <MenuItem value="">All kinds</MenuItem>
          {known.map((k) => (
            <MenuItem key={k.id} value={k.id}>
              {k.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {pages.isPending && <Loading label="Loading notifications" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => pages.refetch()} />}
      {pages.isSuccess && items.length === 0 && <EmptyState>No notifications</EmptyState>}
      <Stack component="ul" aria-label="Notifications" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((n) => (
          <NotificationRow
            key={n.id}
            notification={n}
            busy={busy}
            onOpen={() => {
              if (!n.read_at) void settle(() => readMyNotification(n.id));
            }}
            onToggle={() => void settle(() => (n.read_at ? unreadMyNotification(n.id) : readMyNotification(n.id)))}
          />
        ))}
      </Stack>
      <LoadMore pages={pages} />
    </Container>
  );
}

interface RowProps {
  notification: Notification;
  busy: boolean;
  onOpen: () => void;
  onToggle: () => void;
}

/** One notification: its title links to its place (and marks it read), its button flips it. */
function NotificationRow({ notification: n, busy, onOpen, onToggle }: RowProps) {
  const unread = !n.read_at;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, borderLeft: 4, borderLeftColor: unread ? 'primary.main' : 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            {unread && <Chip size="small" color="primary" label="Unread" />}
            <Typography variant="body2" color="text.secondary">
              {dateTime(n.created_at)}
            </Typography>
          </Stack>
          <Link component={RouterLink} to={n.in_app_route ?? '/dashboard'} onClick={onOpen} sx={{ fontWeight: unread ? 700 : 500 }}>
            {n.title}
          </Link>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{n.message}</Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <Button size="small" disabled={busy} onClick={onToggle} aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${n.title}`}>
            {unread ? 'Mark as read' : 'Mark as unread'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
