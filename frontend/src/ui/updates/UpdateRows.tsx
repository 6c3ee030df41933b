import { Box, Button, Chip, List, ListItem, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { UpdateStatus } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { EmptyState } from '@/ui/QueryState';
import { statusText, updateStatusColors } from './format';

export interface UpdateRow {
  id: number;
  title: string;
  created_at: string;
  approved_status: UpdateStatus;
  /** Hidden by the moderators until they review it, and why. */
  hidden_at?: string | null;
  hidden_reason?: string | null;
}

/** Spec 2 §2: each update's title, creation time and approval badge (green once approved),
 * with an Edit button where `editTo` gives one; "No updates" when there are none. */
export function UpdateRows<T extends UpdateRow>({ updates, editTo }: { updates: T[]; editTo: (update: T) => string | null }) {
  if (updates.length === 0) return <EmptyState>No updates</EmptyState>;
  return (
    <List disablePadding>
      {updates.map((update) => {
        const edit = editTo(update);
        return (
          <ListItem
            key={update.id}
            divider
            secondaryAction={
              edit && (
                <Button component={RouterLink} to={edit}>
                  Edit
                </Button>
              )
            }
            sx={{ pr: 10 }}
          >
            <ListItemText
              primary={update.title}
              secondary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  <span>{dateTime(update.created_at)}</span>
                  <Chip
                    component="span"
                    size="small"
                    label={statusText(update.approved_status)}
                    color={updateStatusColors[update.approved_status]}
                  />
                  {update.hidden_at && (
                    <Chip component="span" size="small" color="warning" label="Hidden by the moderators" />
                  )}
                  {update.hidden_at && update.hidden_reason && <span>Reason: {update.hidden_reason}</span>}
                </Box>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
