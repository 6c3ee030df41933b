import { IconButton, Popover, Stack } from '@mui/material';
import { Emoji } from '@/api/model';
import { SHOWN } from './reaction-emoji';

interface Props {
  anchor: HTMLElement;
  /** The reactions the reader gave already (picking one again takes it back). */
  given: Emoji[];
  onPick: (emoji: Emoji) => void;
  onClose: () => void;
}

/** The fixed set of reactions to pick from, over the button that asked. */
export default function ReactionPicker({ anchor, given, onPick, onClose }: Props) {
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Stack direction="row" role="group" aria-label="Reactions" sx={{ p: 0.5 }}>
        {Object.values(Emoji).map((emoji) => (
          <IconButton key={emoji} aria-label={`React with ${SHOWN[emoji].name}`} aria-pressed={given.includes(emoji)} onClick={() => onPick(emoji)}>
            <span aria-hidden="true">{SHOWN[emoji].symbol}</span>
          </IconButton>
        ))}
      </Stack>
    </Popover>
  );
}
