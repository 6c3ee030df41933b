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

/** The working group's mark: a brain's outline over a pulse line. */
function AspectLogo() {
  return (
    <Box component="svg" viewBox="0 0 48 48" aria-hidden sx={{ width: 48, height: 48, flexShrink: 0 }}>
      <rect width="48" height="48" rx="12" fill="#f2cc8f" />
      <path
        d="M14 29c-3.5-1.5-5-5-3.5-8.5 1-2.5 3.5-3.5 5.5-3.2.8-3.3 3.8-5.3 7-5.3 3 0 5.6 1.6 6.7 4.2 3.3-.3 6.3 1.8 7 5 .8 3.6-1 6.6-4.2 7.8"
        fill="none"
        stroke="#0b3c49"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M7 33h9l3-6 4.5 11 4-15 3 10h10.5" fill="none" stroke="#c0533a" strokeWidth="2.8" strokeLinecap="round" strokeLinejoin="round" />
    </Box>
  );
}

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
            <AspectLogo />
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
            <ErrorState pageHeading error={page.error} />
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
