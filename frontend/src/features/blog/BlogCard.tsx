import { Card, CardActionArea, CardContent, CardMedia, Stack, Typography, Chip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { BlogPostCard } from '@/api/model';
import { plainText } from '@/ui/RichText';
import { postDate } from './postDate';

/** A post in a list: header image, categories, title, description, date; links by slug. */
export function BlogCard({ post }: { post: BlogPostCard }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/blog/${post.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <CardMedia
          component={post.header_image ? 'img' : 'div'}
          image={post.header_image ?? undefined}
          alt=""
          sx={{ height: 180, bgcolor: 'primary.light', objectFit: 'cover' }}
        />
        <CardContent sx={{ flex: 1 }}>
          <Stack spacing={1}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {post.categories.map((category) => (
                <Chip key={category.id} label={category.name} size="small" />
              ))}
            </Stack>
            <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
              {post.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {plainText(post.description)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {postDate(post.date)}
              {post.author && ` · ${post.author.name}`}
            </Typography>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
