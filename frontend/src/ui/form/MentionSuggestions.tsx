import { Avatar, ListItemAvatar, ListItemButton, ListItemText, Paper, Popper } from '@mui/material';
import type { Suggesting } from './mentions';

/** The members an `@` may name, under the cursor (the keys are handled by the editor). */
export function MentionSuggestions({ suggesting }: { suggesting: Suggesting | null }) {
  const rect = suggesting?.rect;
  if (!suggesting || !rect) return null;
  return (
    <Popper open anchorEl={{ getBoundingClientRect: () => rect }} placement="bottom-start" sx={{ zIndex: 'modal' }}>
      <Paper elevation={6} sx={{ minWidth: 220, maxWidth: 'calc(100vw - 32px)', py: 0.5 }}>
        {suggesting.items.length === 0 ? (
          <ListItemText role="status" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
            No member by that name
          </ListItemText>
        ) : (
          <div role="listbox" aria-label="Members to mention">
            {suggesting.items.map((candidate, index) => (
              <ListItemButton
                key={candidate.id}
                role="option"
                aria-selected={index === suggesting.index}
                selected={index === suggesting.index}
                dense
                // Keep the cursor in the text: the press would blur the editor.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => suggesting.pick(candidate)}
              >
                <ListItemAvatar sx={{ minWidth: 40 }}>
                  <Avatar sx={{ width: 28, height: 28, fontSize: 14 }}>{candidate.name.charAt(0)}</Avatar>
                </ListItemAvatar>
                <ListItemText primary={candidate.name} />
              </ListItemButton>
            ))}
          </div>
        )}
      </Paper>
    </Popper>
  );
}
