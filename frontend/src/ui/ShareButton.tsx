import ShareIcon from '@mui/icons-material/Share';
import { Button } from '@mui/material';
import { useToast } from '@/ui/toast';

/**
 * Shares the page's address: the device's share sheet where there is one (phones), else the
 * address is copied and a toast says so.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const toast = useToast();
  const url = new URL(path, location.origin).toString();
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied');
    } catch {
      toast(`Copy this link: ${url}`, 'error', 'The link could not be copied');
    }
  };
  return (
    <Button startIcon={<ShareIcon />} onClick={() => void share()} aria-label={`Share ${title}`}>
      Share
    </Button>
  );
}
