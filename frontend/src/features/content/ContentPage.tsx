import { Alert, Box, Container, Grid, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useMemo } from 'react';
import { useGetPage } from '@/api/endpoints/content/content';
import type { ContentPage as Page } from '@/api/model';
import { ApiError, SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { withHeadingIds } from './headings';
import { TableOfContents } from './TableOfContents';
import { useMetaDescription } from './useMetaDescription';

const alignments = { NONE: 'left', CENTER: 'center', RIGHT: 'right', left: 'left' } as const;

/** Spec 2 §8: a failed load shows messages.detail, otherwise "Something went wrong". */
export function loadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.fieldErrors('detail')[0];
    if (detail) return detail;
  }
  return SOMETHING_WENT_WRONG;
}

/** A CMS page by slug (spec 2 §2 Static, legal and other content pages). */
export function ContentPage({ slug }: { slug: string }) {
  const page = useGetPage(slug);
  useItemPageTitle(page, page.data?.data.title, 'Loading');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      {page.isPending && <Loading />}
      {page.isError &&
        (page.error instanceof ApiError && page.error.status === 404 ? (
          <ErrorState pageHeading error={page.error} />
        ) : (
          <Alert severity="error">{loadFailure(page.error)}</Alert>
        ))}
      {page.data && <PageView page={page.data.data} />}
    </Container>
  );
}

export function PageTitle({ page }: { page: Page }) {
  const align = alignments[page.title_align];
  return (
    <Box sx={{ textAlign: align, mb: 3 }}>
      {page.before_title && (
        <Typography variant="overline" color="primary" sx={{ display: 'block', fontSize: '0.9rem' }}>
          {page.before_title}
        </Typography>
      )}
      {/* A hidden title (NONE) is hidden from sight only: the page keeps its one h1 for those who
          navigate by headings (found by axe: the aspect-in-stroke landing had none). */}
      <Typography variant="h2" component="h1" sx={page.title_align === 'NONE' ? visuallyHidden : undefined}>
        {page.title}
      </Typography>
    </Box>
  );
}

function PageView({ page }: { page: Page }) {
  useMetaDescription(page.meta_description);
  const { html, headings } = useMemo(() => withHeadingIds(page.body), [page.body]);
  return (
    <>
      <PageTitle page={page} />
      <Grid container spacing={5}>
        {headings.length > 0 && (
          <Grid size={{ xs: 12, md: 3 }} sx={{ order: { md: 2 } }}>
            <TableOfContents headings={headings} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: headings.length > 0 ? 9 : 12 }}>
          <RichText
            html={html}
            sx={{
              maxWidth: 800,
              fontSize: '1.05rem',
              lineHeight: 1.7,
              '& h2, & h3': { scrollMarginTop: 96 },
              '& h2': { mt: 4, mb: 1.5, fontSize: '1.6rem' },
              '& h3': { mt: 3, mb: 1, fontSize: '1.25rem' },
              '& table': { borderCollapse: 'collapse' },
              '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
              '& img': { maxWidth: '100%' },
            }}
          />
        </Grid>
      </Grid>
    </>
  );
}
