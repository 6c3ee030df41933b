import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useSetAvatar, useSetBackground } from '@/api/endpoints/auth/auth';
import type { Me } from '@/api/model';
import { AVATAR_ASPECT, BACKGROUND_ASPECT } from './crop';
import { PictureUpload } from './PictureUpload';
import { initial } from '@/lib/initial';

/** The avatar (square) and the profile background (1.705 : 1). */
export function PicturesCard({ me }: { me: Me }) {
  const avatar = useSetAvatar();
  const background = useSetBackground();
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Pictures
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={me.avatar ?? undefined} alt="Your avatar" sx={{ width: 112, height: 112, fontSize: 44 }}>
              {initial(me.name)}
            </Avatar>
            <PictureUpload
              label="Change avatar"
              aspect={AVATAR_ASPECT}
              upload={(data) => avatar.mutateAsync({ data })}
              busy={avatar.isPending}
              done="Your avatar has been updated."
            />
          </Stack>
          <Stack spacing={1.5} sx={{ flex: 1, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
            <Box
              role="img"
              aria-label="Your profile background"
              sx={{
                width: '100%',
                maxWidth: 360,
                aspectRatio: String(BACKGROUND_ASPECT),
                borderRadius: 1,
                bgcolor: 'primary.light',
                backgroundImage: me.profile_background ? `url(${me.profile_background})` : undefined,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
              }}
            />
            <PictureUpload
              label="Change background"
              aspect={BACKGROUND_ASPECT}
              upload={(data) => background.mutateAsync({ data })}
              busy={background.isPending}
              done="Your profile background has been updated."
            />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
