import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getGetMeQueryKey } from '@/api/endpoints/auth/auth';
import { createLiveTicket, getListMyNotificationsQueryKey } from '@/api/endpoints/notifications/notifications';
import type { DataMe, Notification, PageNotification } from '@/api/model';
import { attachLiveSocket, detachLiveSocket, routeLiveFrame } from '@/lib/live-channel';
import { liveUrl } from '@/lib/live-url';

/** How long to wait before reconnecting a dropped channel. */
const RECONNECT_MS = 3000;

/**
 * Keeps the live channel open while signed in (spec 1 §4): each notification that arrives
 * raises the bell's count and joins the top of the list. Each connection opens with a
 * fresh single-use ticket (the session token stays out of the URL). The server closes the
 * socket when the session ends; the hook closes it when the token goes. The same socket
 * carries the changes of the rooms a screen watches (lib/live-channel).
 */
export function useLiveNotifications(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let stopped = false;
    const retryLater = () => {
      if (!stopped) retry = window.setTimeout(() => void open(), RECONNECT_MS);
    };
    const open = async () => {
      let ticket: string;
      try {
        ticket = (await createLiveTicket()).data.ticket;
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const opened = new WebSocket(liveUrl(ticket));
      socket = opened;
      opened.onopen = () => attachLiveSocket(opened);
      opened.onmessage = (event) => {
        const frame: unknown = JSON.parse(String(event.data));
        if (routeLiveFrame(frame)) return;
        const notification = frame as Notification;
        queryClient.setQueryData<DataMe>(getGetMeQueryKey(), (me) =>
          me ? { data: { ...me.data, unread_notification_count: me.data.unread_notification_count + 1 } } : me,
        );
        queryClient.setQueryData<PageNotification | InfiniteData<PageNotification>>(getListMyNotificationsQueryKey(), (list) =>
          list && 'data' in list ? { ...list, data: [notification, ...list.data] } : list,
        );
      };
      opened.onclose = (event) => {
        detachLiveSocket(opened);
        // 1008: the server closed it because the session ended; do not come back.
        if (event.code !== 1008) retryLater();
      };
    };
    void open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      if (socket) detachLiveSocket(socket);
      socket?.close();
    };
  }, [token, queryClient]);
}
