import { Box, Link } from '@mui/material';
import { useState } from 'react';
import { plainText } from '@/lib/html-text';
import { RichText } from '@/ui/RichText';

/**
 * Rich text cut at `limit` characters of its text with Show more / Show less (spec 2 §9:
 * topics at 600); shorter text shows whole.
 */
export function ClampedRichText({ html, limit }: { html: string; limit: number }) {
  const [open, setOpen] = useState(false);
  const text = plainText(html);
  if (text.length <= limit) return <RichText html={html} />;
  return (
    <Box>
      {open ? <RichText html={html} /> : <Box sx={{ my: 1 }}>{`${text.slice(0, limit).trimEnd()}…`}</Box>}
      <Link component="button" type="button" onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </Link>
    </Box>
  );
}

/** Plain text cut at `limit` characters with Show more (spec 2 §9: quotes at 100). */
export function ClampedText({ text, limit }: { text: string; limit: number }) {
  const [open, setOpen] = useState(false);
  if (text.length <= limit) return <>{text}</>;
  return (
    <>
      {open ? text : `${text.slice(0, limit).trimEnd()}…`}{' '}
      {!open && (
        <Link component="button" type="button" onClick={() => setOpen(true)}>
          Show more
        </Link>
      )}
    </>
  );
}
