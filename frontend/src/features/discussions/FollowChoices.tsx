import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { Level } from '@/api/model';

/** What each level brings, for a topic or for a whole discussion. */
function choices(isTopic: boolean): { level: Level; label: string; hint: string }[] {
  return [
    { level: Level.following, label: 'Following', hint: isTopic ? 'Every new reply reaches you.' : 'Every new topic and reply reaches you.' },
    {
      level: Level.normal,
      label: 'Normal',
      hint: isTopic ? 'Only replies to what you wrote.' : 'New topics where you are a member; replies to what you wrote.',
    },
    { level: Level.muted, label: 'Muted', hint: 'Nothing from here reaches you.' },
  ];
}

interface Props {
  id: string;
  anchor: HTMLElement;
  isTopic: boolean;
  level: Level;
  onChoose: (level: Level) => void;
  onClose: () => void;
}

/** The follow menu's choices, each with what it brings; the current one checked. */
export function FollowChoices({ id, anchor, isTopic, level, onChoose, onClose }: Props) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {choices(isTopic).map((choice) => (
        <MenuItem key={choice.level} selected={choice.level === level} onClick={() => onChoose(choice.level)}>
          <ListItemIcon>{choice.level === level ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText primary={choice.label} secondary={choice.hint} />
        </MenuItem>
      ))}
    </Menu>
  );
}
