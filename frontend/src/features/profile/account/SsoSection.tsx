import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { startTransition, useState } from 'react';
import { useNavigate } from 'react-router';
import { importFromOrcid, oauthStart, useDisconnectOauth, useOauthProviders } from '@/api/endpoints/auth/auth';
import type { Me, OAuthAssociation } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-error';
import { OrcidBadge, OrcidIcon } from '@/ui/Orcid';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../useRefreshMe';
import { Section } from './Section';

const providerName = (provider: string) => (provider === 'orcid' ? 'ORCID' : provider.charAt(0).toUpperCase() + provider.slice(1));

/** Connected single sign-on accounts; disconnecting one signs the user out (spec §4). */
export function SsoSection({ me }: { me: Me }) {
  const [pending, setPending] = useState<OAuthAssociation | null>(null);
  const disconnect = useDisconnectOauth();
  const toast = useToast();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const providers = useOauthProviders();
  const refreshMe = useRefreshMe();
  const [busy, setBusy] = useState(false);
  const orcid = me.oauth_associations.find((link) => link.provider === 'orcid');

  const connectOrcid = async () => {
    setBusy(true);
    try {
      const { data } = await oauthStart('orcid', { redirect_to: '/my-profile' });
      window.location.assign(data.authorize_url);
    } catch (error) {
      setBusy(false);
      toast(errorMessage(error), 'error');
    }
  };

  const importOrcid = async () => {
    setBusy(true);
    try {
      const { data } = await importFromOrcid();
      await refreshMe();
      toast(data.message);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      const { data } = await disconnect.mutateAsync({ id: pending.id });
      toast(data.message);
      startTransition(() => {
        signOut();
        void navigate('/login');
      });
    } catch (error) {
      setPending(null);
      toast(errorMessage(error), 'error');
    }
  };

  return (
    <Section title="Single sign-on">
      {me.oauth_associations.length === 0 ? (
        <Typography color="text.secondary">No connected accounts.</Typography>
      ) : (
        <List disablePadding>
          {me.oauth_associations.map((link) => (
            <ListItem
              key={link.id}
              disableGutters
              secondaryAction={
                <Button color="error" onClick={() => setPending(link)}>
                  Disconnect
                </Button>
              }
            >
              <ListItemText
                primary={providerName(link.provider)}
                secondary={link.orcid ? <OrcidBadge id={link.orcid} /> : 'Connected'}
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {providers.data?.data.orcid && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          {orcid ? (
            <Button variant="outlined" onClick={() => void importOrcid()} disabled={busy}>
              Import name and affiliation from ORCID
            </Button>
          ) : (
            <Button variant="outlined" startIcon={<OrcidIcon />} onClick={() => void connectOrcid()} disabled={busy}>
              Connect ORCID
            </Button>
          )}
        </Stack>
      )}
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="disconnect-title">
        <DialogTitle id="disconnect-title">Disconnect {pending && providerName(pending.provider)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You will no longer be able to sign in with {pending && providerName(pending.provider)}, and you will be
            signed out now.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={disconnect.isPending}>
            Disconnect
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
