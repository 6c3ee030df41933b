import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * Shows rich text that the server sanitised when it was saved (kernel `rich_text`
 * policy); nothing that runs or loads can be in it.
 */
export function RichText({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[{ '& p': { my: 1 }, '& ul, & ol': { pl: 3 }, wordBreak: 'break-word' }, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
