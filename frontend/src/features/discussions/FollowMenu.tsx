import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import { Button } from '@mui/material';
import { Suspense, useId, useState, type ReactElement } from 'react';
import { setSubscription } from '@/api/endpoints/discussions/discussions';
import { Level, type SubjectType } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { useToast } from '@/ui/toast';

interface Props {
  subjectType: SubjectType;
  subjectId: number;
  level: Level;
  /** What the button names, for screen readers: "this topic", "this discussion". */
  what: string;
  size?: 'small' | 'medium';
  onChanged?: (level: Level) => void;
}

// The menu's code (MUI's Menu and popover) loads on the first click: most readers never open it.
const FollowChoices = lazyWhenOnline(() => import('./FollowChoices').then((m) => ({ default: m.FollowChoices })));

const BUTTON: Record<Level, { label: string; icon: ReactElement }> = {
  following: { label: 'Following', icon: <NotificationsActiveIcon /> },
  normal: { label: 'Follow', icon: <NotificationsNoneIcon /> },
  muted: { label: 'Muted', icon: <NotificationsOffIcon /> },
};

/** Follow, mute or return to normal: a topic, or a group's, post's or project's discussion. */
export function FollowMenu({ subjectType, subjectId, level: initial, what, size = 'medium', onChanged }: Props) {
  const [level, setLevel] = useState(initial);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const menuId = useId();
  const shown = BUTTON[level];

  const choose = async (next: Level) => {
    setAnchor(null);
    if (next === level) return;
    setBusy(true);
    try {
      const result = await setSubscription(subjectType, subjectId, { level: next });
      setLevel(result.data.level);
      onChanged?.(result.data.level);
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        startIcon={shown.icon}
        variant={level === Level.normal ? 'text' : 'outlined'}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`${shown.label}: notifications for ${what}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {shown.label}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <FollowChoices
            id={menuId}
            anchor={anchor}
            isTopic={subjectType === 'topic'}
            level={level}
            onChoose={(next) => void choose(next)}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
