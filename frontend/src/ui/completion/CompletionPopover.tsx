import { Box, Button, CircularProgress, IconButton, List, ListItem, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { completionItemLabel, completionPercent } from './items';

/** The header's profile-completion popover: the meter and what is still missing. */
export function CompletionPopover() {
  const me = useGetMe();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const completion = me.data?.data.profile_completion;
  if (!completion || completion.missing.length === 0) return null;
  const percent = completionPercent(completion);
  return (
    <>
      <IconButton
        aria-label={`Profile ${percent}% complete`}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ position: 'relative' }}
      >
        {/* The ring's track is drawing only; the meter itself is named. */}
        <CircularProgress aria-hidden variant="determinate" value={100} size={34} thickness={5} sx={{ color: 'action.hover', position: 'absolute' }} />
        <CircularProgress aria-label="Profile completion" variant="determinate" value={percent} size={34} thickness={5} />
        <Typography
          component="span"
          sx={{ position: 'absolute', fontSize: 10, fontWeight: 700, color: 'text.primary' }}
        >
          {percent}%
        </Typography>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2.5, maxWidth: 320 }} role="dialog" aria-label="Complete your profile">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Your profile is {percent}% complete
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Add these to help others find and trust you:
          </Typography>
          <List dense sx={{ listStyle: 'disc', pl: 3 }}>
            {completion.missing.map((item) => (
              <ListItem key={item} sx={{ display: 'list-item', px: 0 }}>
                {completionItemLabel(item)}
              </ListItem>
            ))}
          </List>
          <Button
            component={RouterLink}
            to="/my-profile/edit-profile"
            variant="contained"
            fullWidth
            onClick={() => setAnchor(null)}
          >
            Complete my profile
          </Button>
        </Box>
      </Popover>
    </>
  );
}
