import LinkIcon from '@mui/icons-material/Link';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Avatar, Box, Link, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Material } from '@/api/model';
import { EmptyState } from '@/ui/QueryState';
import { dateTime } from '@/lib/dates';

/** What an item is called on screen. */
export const materialTitle = (item: Material) => item.label || item.name || item.url || item.file_url || 'Untitled';

/** Spec 2 §2: "Supplementary image thumbnail width 240". */
const THUMBNAIL_WIDTH = 240;

const isImage = (item: Material) => item.type === 'image' || item.type === 'gif';

/** Images (thumbnails 240 wide), links and files, each with its creator and time (spec 2 §2). */
export function MaterialList({ items, action }: { items: Material[]; action?: (item: Material) => ReactNode }) {
  if (items.length === 0) return <EmptyState>No supplementary materials</EmptyState>;
  return (
    <List disablePadding>
      {items.map((item) => {
        const href = item.type === 'link' ? item.url : item.file_url;
        return (
          <ListItem
            key={item.id}
            divider
            alignItems="flex-start"
            secondaryAction={action?.(item)}
            sx={{ pr: action ? 12 : 2, flexDirection: isImage(item) ? { xs: 'column', sm: 'row' } : 'row' }}
          >
            <ListItemAvatar sx={{ mr: 2, mb: isImage(item) ? 1 : 0 }}>
              {isImage(item) ? (
                <Box
                  component="img"
                  src={item.thumbnail_url ?? item.file_url ?? undefined}
                  alt={materialTitle(item)}
                  width={THUMBNAIL_WIDTH}
                  height={THUMBNAIL_WIDTH * 0.75}
                  loading="lazy"
                  sx={{ width: THUMBNAIL_WIDTH, height: 'auto', maxHeight: THUMBNAIL_WIDTH, objectFit: 'contain', borderRadius: 1, display: 'block' }}
                />
              ) : (
                <Avatar variant="rounded" sx={{ bgcolor: 'primary.light' }}>
                  {item.type === 'pdf' ? <PictureAsPdfIcon /> : <LinkIcon />}
                </Avatar>
              )}
            </ListItemAvatar>
            <ListItemText
              primary={
                href ? (
                  <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-word' }}>
                    {materialTitle(item)}
                  </Link>
                ) : (
                  materialTitle(item)
                )
              }
              secondary={
                <Typography variant="body2" color="text.secondary" component="span">
                  {item.created_by?.name ?? 'A member'} · {dateTime(item.created_at)}
                </Typography>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
