import { Avatar, Box, Card, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation, useOutletContext } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';
import { CompletionMeter } from '@/ui/completion/CompletionMeter';
import { initial } from '@/lib/initial';

/** The tabs of spec §2 (My profile area), in the spec's order, then what the member
 * follows, the donor's pledges, the member's audit trail and API tokens; Account is the index
 * route. */
const tabs = [
  { label: 'Edit profile', to: '/my-profile/edit-profile' },
  { label: 'Account', to: '/my-profile' },
  { label: 'Affiliations', to: '/my-profile/affiliations' },
  { label: 'Notifications', to: '/my-profile/notifications' },
  { label: 'Following', to: '/my-profile/following' },
  { label: 'Pledges', to: '/my-profile/pledges' },
  { label: 'Audit trail', to: '/my-profile/audit' },
  { label: 'API tokens', to: '/my-profile/api-tokens' },
];

/** The signed-in user, for the tabs rendered inside the layout. */
export function useMe(): Me {
  return useOutletContext<Me>();
}

/** Each tab names the page (the layout does not: two effects setting the title made it
 * depend on how the page was reached). */
export function MyProfileLayout() {
  const me = useGetMe();
  const { pathname } = useLocation();
  const current = tabs.find((tab) => tab.to === pathname.replace(/\/$/, ''))?.to ?? false;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {me.isPending && <Loading />}
      {me.isError && <ErrorState error={me.error} onRetry={() => me.refetch()} />}
      {me.isSuccess && (
        <Stack spacing={3}>
          <ProfileHeader me={me.data.data} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="My profile sections">
              {tabs.map((tab) => (
                <Tab key={tab.to} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
              ))}
            </Tabs>
          </Box>
          <Outlet context={me.data.data} />
        </Stack>
      )}
    </Container>
  );
}

function ProfileHeader({ me }: { me: Me }) {
  return (
    <Card variant="outlined">
      <Box
        sx={{
          height: { xs: 110, sm: 170 },
          bgcolor: 'primary.light',
          backgroundImage: me.profile_background ? `url(${me.profile_background})` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        role={me.profile_background ? 'img' : undefined}
        aria-label={me.profile_background ? 'Profile background' : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ px: 3, pb: 3, alignItems: { sm: 'flex-end' } }}>
        <Avatar
          src={me.avatar ?? undefined}
          alt={me.name}
          sx={{ width: 96, height: 96, mt: -6, border: 4, borderColor: 'background.paper', fontSize: 40 }}
        >
          {initial(me.name)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {me.name}
          </Typography>
          <Typography color="text.secondary">{[me.title, me.affiliation].filter(Boolean).join(' · ') || me.email}</Typography>
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <CompletionMeter completion={me.profile_completion} />
        </Box>
      </Stack>
    </Card>
  );
}
