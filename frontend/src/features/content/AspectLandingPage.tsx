import KeyboardIcon from '@mui/icons-material/Keyboard';
import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useGetPage } from '@/api/endpoints/content/content';
import { ApiError } from '@/lib/api-error';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { BlockView } from './blocks/BlockView';
import { loadFailure, PageTitle } from './ContentPage';
import { SectionMenu } from './SectionMenu';
import { useMetaDescription } from './useMetaDescription';

/** /pages/aspect-in-stroke/{slug}: a logo banner, a menu bar, then the page's blocks. */
export function AspectLandingPage() {
  const { slug = 'home' } = useParams();
  const page = useGetPage(`aspect-in-stroke/${slug}`);
  useItemPageTitle(page, page.data?.data.title, 'Aspect in stroke');
  useMetaDescription(page.data?.data.meta_description);
  return (
    <>
      <Box sx={{ bgcolor: 'primary.dark', color: 'common.white', py: { xs: 3, md: 4 } }}>
        <Container maxWidth="lg">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box aria-hidden sx={{ width: 48, height: 48, borderRadius: 2, bgcolor: 'secondary.main', display: 'grid', placeItems: 'center', fontWeight: 800, color: 'primary.dark' }}>
              AS
            </Box>
            <Box>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                Aspect in stroke
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                A Cohort working group space
              </Typography>
            </Box>
          </Stack>
        </Container>
      </Box>
      <SectionMenu />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Alert severity="info" icon={<KeyboardIcon />} sx={{ mb: 3 }}>
          Using the embedded viewers with a keyboard: the up and down keys scroll through the slices; the left and right keys change
          sequences.
        </Alert>
        {page.isPending && <Loading />}
        {page.isError &&
          (page.error instanceof ApiError && page.error.status === 404 ? (
            <ErrorState error={page.error} />
          ) : (
            <Alert severity="error">{loadFailure(page.error)}</Alert>
          ))}
        {page.data && (
          <Stack spacing={5}>
            <PageTitle page={page.data.data} />
            {page.data.data.blocks.map((block, index) => (
              <BlockView key={index} block={block} />
            ))}
          </Stack>
        )}
      </Container>
    </>
  );
}
