import { Box, Link, List, ListItem, Typography } from '@mui/material';
import type { Heading } from './headings';

/** Links to a page's h2 and h3 headings. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  return (
    <Box component="nav" aria-label="Table of contents" sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
      <Typography variant="overline" color="text.secondary">
        On this page
      </Typography>
      <List dense disablePadding>
        {headings.map((heading) => (
          <ListItem key={heading.id} disableGutters sx={{ pl: heading.level === 3 ? 2 : 0, py: 0.25 }}>
            <Link href={`#${heading.id}`} underline="hover" color="text.primary" variant="body2">
              {heading.text}
            </Link>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
