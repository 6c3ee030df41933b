import { Alert, Box, Breadcrumbs, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetBlogPost } from '@/api/endpoints/content/content';
import { ApiError, SOMETHING_WENT_WRONG } from '@/lib/api-error';
import type { DiscussionSlot } from '@/ui/discussion-slot';
import { Picture } from '@/ui/Picture';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { postDate } from '@/lib/dates';

/** /blog/{slug} (spec 2 §2): the post, then its discussion once the post has loaded. */
export function BlogPostPage({ Discussion }: { Discussion: DiscussionSlot }) {
  const { id = '' } = useParams();
  const post = useGetBlogPost(id);
  const data = post.data?.data;
  useItemPageTitle(post, data?.title, 'Blog');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/blog" underline="hover" color="inherit">
          Blogs
        </Link>
        {data && <Typography color="text.primary">{data.title}</Typography>}
      </Breadcrumbs>
      {post.isPending && <Loading />}
      {post.isError &&
        (post.error instanceof ApiError && post.error.status === 404 ? (
          <ErrorState pageHeading error={post.error} />
        ) : (
          <Alert severity="error">
            {(post.error instanceof ApiError && post.error.fieldErrors('detail')[0]) || SOMETHING_WENT_WRONG}
          </Alert>
        ))}
      {data && (
        <Stack spacing={3}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {data.categories.map((category) => (
              <Chip key={category.id} label={category.name} component={RouterLink} to={`/blog?categories=${category.id}`} clickable />
            ))}
          </Stack>
          <Typography variant="h2" component="h1">
            {data.title}
          </Typography>
          <Typography color="text.secondary">
            {data.author && (
              <>
                By{' '}
                <Link component={RouterLink} to={`/profile/${data.author.id}`}>
                  {data.author.name}
                </Link>{' '}
                ·{' '}
              </>
            )}
            {postDate(data.date)}
          </Typography>
          {data.header_image && (
            <Picture
              src={data.header_image}
              thumbnail={data.header_image_thumbnail}
              width={1200}
              height={630}
              sizes="(min-width: 800px) 760px, 100vw"
              priority
              sx={{ maxWidth: 760, borderRadius: 2 }}
            />
          )}
          <RichText html={data.body} sx={{ fontSize: '1.05rem', lineHeight: 1.7, '& h2': { mt: 4, fontSize: '1.5rem' }, '& img': { maxWidth: '100%' } }} />
          <Box sx={{ pt: 3 }}>
            <Discussion topicType="blog/api" targetId={data.id} />
          </Box>
        </Stack>
      )}
    </Container>
  );
}
