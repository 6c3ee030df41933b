import { Box, Card, CardActionArea, CardContent, Stack, Typography, Chip } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { BlogPostCard } from '@/api/model';
import { Picture } from '@/ui/Picture';
import { plainText } from '@/lib/html-text';
import { postDate } from '@/lib/dates';

/** Cards fill the width on phones and a third of the page's 1200 px on desktops. */
const CARD_SIZES = '(min-width: 900px) 380px, 100vw';

/** A post in a list: header image, categories, title, description, date; links by slug. */
export function BlogCard({ post, priority = false }: { post: BlogPostCard; priority?: boolean }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={`/blog/${post.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {post.header_image ? (
          <Picture
            src={post.header_image}
            thumbnail={post.header_image_thumbnail}
            width={480}
            height={180}
            sizes={CARD_SIZES}
            priority={priority}
            sx={{ height: 180 }}
          />
        ) : (
          <Box sx={{ height: 180, bgcolor: 'primary.light' }} />
        )}
        <CardContent sx={{ flex: 1 }}>
          <Stack spacing={1}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {post.categories.map((category) => (
                <Chip key={category.id} label={category.name} size="small" />
              ))}
            </Stack>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
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
