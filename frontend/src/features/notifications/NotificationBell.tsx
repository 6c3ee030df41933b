import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, IconButton, Link, List, ListItem, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getGetMeQueryKey, useGetMe } from '@/api/endpoints/auth/auth';
import { readMyNotifications, useListMyNotifications } from '@/api/endpoints/notifications/notifications';
import type { DataMe } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { dateTime } from '@/lib/dates';
import { Loading } from '@/ui/QueryState';
import { useLiveNotifications } from './useLiveNotifications';

/** Spec 1 §2: the bell's popover is at most 350 px high. */
export const BELL_MAX_HEIGHT = 350;
/** Past this the badge reads "99+", and so does the bell's name (its name contains what it shows). */
const BADGE_MAX = 99;

/** The header's bell: the unread count, live; opening it shows the newest and marks all read,
 * and links to the whole history (/notifications). */
export function NotificationBell() {
  const { token } = useAuth();
  useLiveNotifications(token);
  const me = useGetMe();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useListMyNotifications(undefined, { query: { enabled: anchor !== null } });
  const unread = me.data?.data.unread_notification_count ?? 0;

  const openBell = async (target: HTMLElement) => {
    setAnchor(target);
    if (unread === 0) return;
    queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (current) =>
      current ? { data: { ...current.data, unread_notification_count: 0 } } : current,
    );
    try {
      await readMyNotifications();
    } catch (error) {
      console.error('could not mark notifications read', error);
    }
  };

  const notifications = list.data?.data ?? [];
  return (
    <>
      <IconButton aria-label={`Notifications: ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread`} onClick={(event) => void openBell(event.currentTarget)}>
        {/* No badge at 0: MUI keeps a hidden badge's last number in the page, which then
            contradicts the button's name ("0 unread" beside a "1"). */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="error" max={BADGE_MAX} sx={{ '& .MuiBadge-badge': { whiteSpace: 'nowrap' } }}>
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: BELL_MAX_HEIGHT, overflowY: 'auto' } } }}
      >
        <Box role="region" aria-label="Notifications">
          <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
            Notifications
          </Typography>
          {list.isPending && <Loading label="Loading notifications" />}
          {list.isSuccess && notifications.length === 0 && (
            <Typography color="text.secondary" sx={{ px: 2, py: 3 }}>
              No notifications
            </Typography>
          )}
          <List dense>
            {notifications.map((n) => (
              <ListItem key={n.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={n.in_app_route ?? '/dashboard'}
                onClick={() => setAnchor(null)}
                sx={{ alignItems: 'flex-start', bgcolor: n.read_at ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={n.title}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block' }}>
                        {n.message}
                      </Box>
                      <Box component="span" sx={{ fontSize: '0.75rem' }}>
                        {dateTime(n.created_at)}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Box sx={{ px: 2, pb: 1.5 }}>
            <Link component={RouterLink} to="/notifications" onClick={() => setAnchor(null)}>
              See all notifications
            </Link>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
