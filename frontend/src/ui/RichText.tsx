import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * Shows rich text that the server sanitised when it was saved (kernel `rich_text`
 * policy); nothing that runs or loads can be in it.
 */
export function RichText({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          '& p': { my: 1 },
          '& ul, & ol': { pl: 3 },
          '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, mx: 0, color: 'text.secondary' },
          '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
          // An @mention (issue 49 §4) reads as a name, not an address.
          '& a[data-mention]': { fontWeight: 600, textDecoration: 'none' },
          wordBreak: 'break-word',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
