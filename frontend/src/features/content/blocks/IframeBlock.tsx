import { Box } from '@mui/material';

/** Spec 2 §9: embedded pages are 480 high. */
export const IFRAME_HEIGHT = 480;

export function IframeBlock({ url }: { url: string }) {
  return (
    <Box
      component="iframe"
      src={url}
      title="Embedded viewer"
      allow="fullscreen"
      sx={{ width: '100%', height: IFRAME_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'common.black' }}
    />
  );
}
