import { Alert, Slide } from '@mui/material';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Offline, every request waits instead of spinning for ever, and this says so; back online,
 * what was waiting is fetched again by itself (React Query's online manager) and the
 * banner goes.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <Slide direction="up" in={!online} mountOnEnter unmountOnExit>
      <Alert
        severity="warning"
        role="status"
        sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, maxWidth: 560, mx: 'auto', boxShadow: 3 }}
      >
        You are offline. What you asked for will load as soon as the connection is back.
      </Alert>
    </Slide>
  );
}
