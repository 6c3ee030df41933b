import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getGetMeQueryKey } from '@/api/endpoints/auth/auth';
import { getListMyNotificationsQueryKey } from '@/api/endpoints/notifications/notifications';
import type { DataMe, Notification, PageNotification } from '@/api/model';
import { liveUrl } from '@/lib/live-url';

/** How long to wait before reconnecting a dropped channel. */
const RECONNECT_MS = 3000;

/**
 * Keeps the live channel open while signed in (spec 1 §4): each notification that arrives
 * raises the bell's count and joins the top of the list. The server closes the socket
 * when the session ends; the hook closes it when the token goes.
 */
export function useLiveNotifications(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let stopped = false;
    const open = () => {
      socket = new WebSocket(liveUrl(token));
      socket.onmessage = (event) => {
        const notification = JSON.parse(String(event.data)) as Notification;
        queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (me) =>
          me ? { data: { ...me.data, unread_notification_count: me.data.unread_notification_count + 1 } } : me,
        );
        queryClient.setQueryData<PageNotification | InfiniteData<PageNotification>>(getListMyNotificationsQueryKey(), (list) =>
          list && 'data' in list ? { ...list, data: [notification, ...list.data] } : list,
        );
      };
      socket.onclose = (event) => {
        // 1008: the server closed it because the session ended; do not come back.
        if (!stopped && event.code !== 1008) retry = window.setTimeout(open, RECONNECT_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [token, queryClient]);
}
