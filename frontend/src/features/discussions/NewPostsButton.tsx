import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { counted } from '@/lib/plural';

interface Props {
  count: number;
  one: string;
  many: string;
  /** Loads the list again (the count then goes back to 0). */
  onShow: () => Promise<unknown>;
}

/**
 * "2 new replies" (live threads, issue 49 §3): what others posted while the list was open,
 * shown when the reader asks, so the list does not move under them. A polite live region
 * tells screen-reader users as it appears.
 */
export function NewPostsButton({ count, one, many, onShow }: Props) {
  const [loading, setLoading] = useState(false);
  const show = async () => {
    setLoading(true);
    try {
      await onShow();
    } catch (error) {
      console.error('could not load the new posts', error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', my: count > 0 ? 1 : 0 }}>
      {count > 0 && (
        <Button variant="contained" size="small" disabled={loading} onClick={() => void show()}>
          {counted(count, one, many)}
        </Button>
      )}
    </Box>
  );
}
