import { Box, Button, Card, CardActionArea, CardContent, CardMedia, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Articles, Article } from '@/api/model';
import { RichText } from '@/ui/RichText';

interface Props {
  articles: Articles;
  /** Show a row at a time with "Show me more" (the pagination variant). */
  paginated?: boolean;
}

/** Article cards, `articles_in_line` to a row, the first alone on its row when asked. */
export function ArticlesBlock({ articles, paginated = false }: Props) {
  const perRow = Math.min(Math.max(articles.articles_in_line ?? 3, 1), 4);
  const [shown, setShown] = useState(paginated ? perRow + (articles.first_alone ? 1 : 0) : articles.articles.length);
  const visible = articles.articles.slice(0, shown);
  return (
    <Box>
      <Grid container spacing={3}>
        {visible.map((article, index) => {
          const alone = Boolean(articles.first_alone) && index === 0;
          return (
            <Grid key={`${article.title}-${index}`} size={{ xs: 12, sm: alone ? 12 : 6, md: alone ? 12 : 12 / perRow }}>
              <ArticleCard article={article} wide={alone} />
            </Grid>
          );
        })}
      </Grid>
      {shown < articles.articles.length && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button variant="outlined" onClick={() => setShown(shown + perRow)}>
            Show me more
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ArticleCard({ article, wide }: { article: Article; wide: boolean }) {
  const body = (
    <>
      {article.image && <CardMedia component="img" image={article.image} alt="" sx={{ height: wide ? 260 : 160, objectFit: 'cover' }} />}
      <CardContent>
        <Typography variant="h6" component="h3">
          {article.title}
        </Typography>
        <RichText html={article.description ?? ''} sx={{ color: 'text.secondary' }} />
      </CardContent>
    </>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {article.link ? (
        <CardActionArea component={RouterLink} to={article.link} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}
