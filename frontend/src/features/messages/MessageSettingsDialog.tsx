import {
  Alert,
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getGetMessageSettingsQueryKey,
  getListBlockedMembersQueryKey,
  unblockMember,
  updateMessageSettings,
  useGetMessageSettings,
  useListBlockedMembers,
} from '@/api/endpoints/messages/messages';
import { WhoMayMessage } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { initial } from '@/lib/initial';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { whoMayMessageLabels } from './who-may-message';

/** Who may start a conversation with the member, and whom they blocked (each unblocked here). */
export default function MessageSettingsDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useGetMessageSettings();
  const blocked = useListBlockedMembers();
  const [busy, setBusy] = useState(false);

  /** The choice shows at once; an answer that fails puts the last saved one back. */
  const choose = async (who: WhoMayMessage) => {
    const key = getGetMessageSettingsQueryKey();
    const saved = queryClient.getQueryData(key);
    queryClient.setQueryData(key, { data: { who_may_message: who } });
    setBusy(true);
    try {
      queryClient.setQueryData(key, await updateMessageSettings({ who_may_message: who }));
      toast('Your message settings are saved.', 'success');
    } catch (error) {
      queryClient.setQueryData(key, saved);
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const unblock = async (id: number, name: string) => {
    setBusy(true);
    try {
      const answer = await unblockMember(id);
      queryClient.setQueryData(getListBlockedMembersQueryKey(), answer);
      toast(`${name} can write to you again.`, 'success');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="message-settings-title">
      <DialogTitle id="message-settings-title">Message settings</DialogTitle>
      <DialogContent>
        {settings.isPending && <Loading label="Loading your settings" />}
        {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.isSuccess && (
          <FormControl disabled={busy}>
            <FormLabel id="who-may-message">Who may start a conversation with you</FormLabel>
            <RadioGroup
              aria-labelledby="who-may-message"
              value={settings.data.data.who_may_message}
              onChange={(event) => void choose(event.target.value as WhoMayMessage)}
            >
              {Object.values(WhoMayMessage).map((who) => (
                <FormControlLabel key={who} value={who} control={<Radio />} label={whoMayMessageLabels[who]} />
              ))}
            </RadioGroup>
            <Typography variant="body2" color="text.secondary">
              Conversations you already have go on. To stop someone writing to you, block them.
            </Typography>
          </FormControl>
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
          Blocked members
        </Typography>
        {blocked.isPending && <Loading label="Loading blocked members" />}
        {blocked.isError && <ErrorState error={blocked.error} onRetry={() => void blocked.refetch()} />}
        {blocked.isSuccess && blocked.data.data.length === 0 && <Alert severity="info">You have blocked nobody.</Alert>}
        {blocked.isSuccess && blocked.data.data.length > 0 && (
          <List>
            {blocked.data.data.map(({ member }) => (
              <ListItem
                key={member.id}
                secondaryAction={
                  <Button onClick={() => void unblock(member.id, member.name)} disabled={busy} aria-label={`Unblock ${member.name}`}>
                    Unblock
                  </Button>
                }
              >
                <ListItemAvatar>
                  <Avatar src={member.avatar ?? undefined} alt="">
                    {initial(member.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={member.name} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
