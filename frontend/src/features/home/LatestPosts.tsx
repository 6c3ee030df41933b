import { Box, Button, Card, CardActionArea, CardContent, CardMedia, Chip, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useListBlogCategories, useListBlogPosts } from '@/api/endpoints/content/content';
import { plainText } from '@/lib/html-text';

/** Spec 2 §7: the landing page shows the 3 newest posts. */
const LANDING_COUNT = 3;

/** Medical Research Blogs: the newest posts and the categories, with a link to them all. */
export function LatestPosts() {
  const posts = useListBlogPosts({ perPage: LANDING_COUNT, ordering: '-created_at' });
  const categories = useListBlogCategories();
  return (
    <Box component="section" aria-labelledby="landing-blogs">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography variant="h3" component="h2" id="landing-blogs">
          Medical Research Blogs
        </Typography>
        <Button component={RouterLink} to="/blog">
          View all
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3 }} role="group" aria-label="Blog categories">
        {categories.data?.data.map((category) => (
          <Chip key={category.id} label={category.name} component={RouterLink} to={`/blog?categories=${category.id}`} clickable variant="outlined" />
        ))}
      </Stack>
      <Grid container spacing={3}>
        {posts.data?.data.map((post) => (
          <Grid key={post.id} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/blog/${post.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
                <CardMedia component={post.header_image ? 'img' : 'div'} image={post.header_image ?? undefined} alt="" sx={{ height: 150, bgcolor: 'primary.light', objectFit: 'cover' }} />
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h3">
                    {post.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', mt: 1 }}>
                    {plainText(post.description)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
