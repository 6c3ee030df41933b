import { Box, type SxProps, type Theme } from '@mui/material';

/** The width of the thumbnails the server makes beside every picture (480 px square box). */
const THUMBNAIL_WIDTH = 480;
/** The widest picture the server keeps. */
const FULL_WIDTH = 1200;

interface Props {
  src: string;
  /** The server's small copy: the browser takes it where the picture shows small. */
  thumbnail?: string | null;
  /** The picture's shape (its box keeps it before it arrives, so nothing moves). */
  width: number;
  height: number;
  /** How wide the picture shows, for choosing between the two copies. */
  sizes?: string;
  /** The page's main picture: fetched first, never lazily. */
  priority?: boolean;
  alt?: string;
  sx?: SxProps<Theme>;
}

/** An uploaded picture: sized before it loads, the small copy where it suffices. */
export function Picture({ src, thumbnail, width, height, sizes = '100vw', priority = false, alt = '', sx }: Props) {
  return (
    <Box
      component="img"
      src={thumbnail ?? src}
      srcSet={thumbnail ? `${thumbnail} ${THUMBNAIL_WIDTH}w, ${src} ${FULL_WIDTH}w` : undefined}
      sizes={thumbnail ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      sx={[
        { display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, objectFit: 'cover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
