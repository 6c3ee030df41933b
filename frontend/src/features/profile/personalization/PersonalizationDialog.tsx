import { Dialog, DialogContent, DialogContentText, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { PersonalizationForm } from './PersonalizationForm';

export const OPEN_PERSONALIZATION = 'openPersonalization';

/** Opens while the page's query has openPersonalization; Skip or save removes it (spec §4). */
export function PersonalizationDialog() {
  const [params, setParams] = useSearchParams();
  const open = params.has(OPEN_PERSONALIZATION);
  const me = useGetMe({ query: { enabled: open } });
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));

  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_PERSONALIZATION);
        return next;
      },
      { replace: true },
    );

  return (
    <Dialog open={open && me.isSuccess} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="personalization-title">
      <DialogTitle id="personalization-title">Personalize your experience</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Tell us a little about yourself so we can suggest the right working groups and people.
        </DialogContentText>
        {me.data && <PersonalizationForm me={me.data.data} onDone={close} />}
      </DialogContent>
    </Dialog>
  );
}
