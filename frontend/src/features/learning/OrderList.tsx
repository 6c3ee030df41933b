import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { IconButton, List, ListItem, ListItemIcon, ListItemText, Stack } from '@mui/material';
import { useState } from 'react';

interface Item {
  id: number;
  text: string;
}

interface Props {
  items: Item[];
  onChange: (items: Item[]) => void;
  disabled?: boolean;
}

/** Moves one item of a list to another place. */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [picked] = next.splice(from, 1);
  next.splice(to, 0, picked);
  return next;
}

/**
 * An ordering question's answers: drag them into place, or move them with the buttons
 * (and so with the keyboard).
 */
export function OrderList({ items, onChange, disabled = false }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <List aria-label="Answers in order" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {items.map((item, index) => (
        <ListItem
          key={item.id}
          divider={index < items.length - 1}
          draggable={!disabled}
          onDragStart={() => setDragged(index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => {
            if (dragged !== null) onChange(move(items, dragged, index));
            setDragged(null);
          }}
          secondaryAction={
            <Stack direction="row">
              <IconButton aria-label={`Move ${item.text} up`} disabled={disabled || index === 0} onClick={() => onChange(move(items, index, index - 1))}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move ${item.text} down`}
                disabled={disabled || index === items.length - 1}
                onClick={() => onChange(move(items, index, index + 1))}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </Stack>
          }
          sx={{ cursor: disabled ? 'default' : 'grab', pr: 12, bgcolor: dragged === index ? 'action.selected' : undefined }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <DragIndicatorIcon />
          </ListItemIcon>
          <ListItemText primary={`${index + 1}. ${item.text}`} />
        </ListItem>
      ))}
    </List>
  );
}
