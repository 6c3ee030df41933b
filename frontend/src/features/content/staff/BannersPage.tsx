import { Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { staffSetBannerImage, staffUpdateBanner, useStaffListBanners } from '@/api/endpoints/content-staff/content-staff';
import type { StaffBanner } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { ErrorState, Loading } from '@/ui/QueryState';
import { PictureUpload } from '@/ui/console/PictureUpload';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';

const PLACES: Record<StaffBanner['placement'], string> = {
  dashboard: 'Dashboard banner',
  certificates: 'Certificates banner',
};

/** /staff/banners: the pictures (and their links) on the dashboard and the certificates page. */
export function BannersPage() {
  const banners = useStaffListBanners();
  if (banners.isPending) return <Loading />;
  if (banners.isError) return <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />;
  return (
    <StaffPage title="Banners">
      <Grid container spacing={2}>
        {banners.data.data.map((banner) => (
          <Grid key={banner.placement} size={{ xs: 12, md: 6 }}>
            <BannerCard key={banner.banner_link ?? ''} banner={banner} />
          </Grid>
        ))}
      </Grid>
    </StaffPage>
  );
}

function BannerCard({ banner }: { banner: StaffBanner }) {
  const [link, setLink] = useState(banner.banner_link ?? '');
  const [linkError, setLinkError] = useState<string>();
  const { run, busy } = useRun();
  const save = (removeImage: boolean) =>
    run(async () => {
      setLinkError(undefined);
      try {
        await staffUpdateBanner(banner.placement, { banner_link: link.trim() || null, remove_image: removeImage });
      } catch (error) {
        if (error instanceof ApiError) setLinkError(error.fieldErrors('banner_link')[0]);
        throw error;
      }
    }, removeImage ? 'Picture taken down.' : 'Saved.');

  return (
    <Card variant="outlined" component="section" aria-label={PLACES[banner.placement]}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {PLACES[banner.placement]}
          </Typography>
          <PictureUpload label="Picture" current={banner.banner} upload={(file) => staffSetBannerImage(banner.placement, { file })} />
          <TextField
            label="Link"
            placeholder="https://"
            value={link}
            onChange={(event) => setLink(event.target.value)}
            error={Boolean(linkError)}
            helperText={linkError ?? 'Where the picture leads when clicked (optional).'}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={busy} onClick={() => void save(false)}>
              Save link
            </Button>
            {banner.banner && (
              <Button color="error" disabled={busy} onClick={() => void save(true)}>
                Take the picture down
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
