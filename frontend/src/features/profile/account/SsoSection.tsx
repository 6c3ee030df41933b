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
  Typography,
} from '@mui/material';
import { startTransition, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDisconnectOauth } from '@/api/endpoints/auth/auth';
import type { Me, OAuthAssociation } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { Section } from './Section';

const providerName = (provider: string) => provider.charAt(0).toUpperCase() + provider.slice(1);

/** Connected single sign-on accounts; disconnecting one signs the user out (spec §4). */
export function SsoSection({ me }: { me: Me }) {
  const [pending, setPending] = useState<OAuthAssociation | null>(null);
  const disconnect = useDisconnectOauth();
  const toast = useToast();
  const { signOut } = useAuth();
  const navigate = useNavigate();

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
              <ListItemText primary={providerName(link.provider)} secondary="Connected" />
            </ListItem>
          ))}
        </List>
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
