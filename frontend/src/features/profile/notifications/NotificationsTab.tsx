import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useListNotificationSettings } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { NotificationSettingsForm } from './NotificationSettingsForm';

/** Notifications tab (spec §2): each kind of notification and how it reaches the user. */
export function NotificationsTab() {
  usePageTitle('Notification settings');
  const settings = useListNotificationSettings();
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Notification settings
          </Typography>
          {settings.isPending && <Loading />}
          {settings.isError && <ErrorState error={settings.error} onRetry={() => settings.refetch()} />}
          {settings.isSuccess &&
            (settings.data.data.length === 0 ? (
              <EmptyState />
            ) : (
              <NotificationSettingsForm settings={settings.data.data} />
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
