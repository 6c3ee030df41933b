import AddReactionIcon from '@mui/icons-material/AddReactionOutlined';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { addReaction, removeReaction } from '@/api/endpoints/discussions/discussions';
import { Emoji, type ReactionCount } from '@/api/model';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { SHOWN } from './reaction-emoji';

// The picker (a popover) loads on the first click: most readers only look. A load that
// fails while the connection is down waits for it, rather than failing the page.
const ReactionPicker = lazyWhenOnline(() => import('./ReactionPicker'));

/** `counts` with the reader's `emoji` given (`on`) or taken back, in the server's order. */
export function toggled(counts: ReactionCount[], emoji: Emoji, on: boolean): ReactionCount[] {
  const others = counts.filter((c) => c.emoji !== emoji);
  const before = counts.find((c) => c.emoji === emoji);
  const count = (before?.count ?? 0) + (on ? 1 : -1) * (before?.mine === on ? 0 : 1);
  const next = count > 0 ? [...others, { emoji, count, mine: on }] : others;
  const order = Object.values(Emoji);
  return next.sort((a, b) => order.indexOf(a.emoji) - order.indexOf(b.emoji));
}

interface Props {
  postId: number;
  reactions: ReactionCount[];
  /** The reader takes part here and the post is live. */
  canReact: boolean;
}

/**
 * A post's reactions (issue 49 §4), beside its votes: each given one shows with its count;
 * who takes part toggles theirs, or adds one from the fixed set. The count moves at once
 * and settles on the server's answer.
 */
export function ReactionBar({ postId, reactions, canReact }: Props) {
  const [shown, setShown] = useState(reactions);
  const [arrived, setArrived] = useState(reactions);
  if (arrived !== reactions) {
    setArrived(reactions);
    setShown(reactions);
  }
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = async (emoji: Emoji, on: boolean) => {
    setAnchor(null);
    const before = shown;
    setShown(toggled(shown, emoji, on));
    try {
      setShown((on ? await addReaction(postId, emoji) : await removeReaction(postId, emoji)).data);
    } catch (error) {
      console.error('reaction failed', error);
      setShown(before);
    }
  };
  if (shown.length === 0 && !canReact) return null;
  const given = shown.filter((r) => r.mine).map((r) => r.emoji);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((r) => (
        <Button
          key={r.emoji}
          size="small"
          aria-label={`${SHOWN[r.emoji].name}: ${r.count}`}
          aria-pressed={r.mine}
          color={r.mine ? 'primary' : 'inherit'}
          variant="outlined"
          disabled={!canReact}
          onClick={() => void toggle(r.emoji, !r.mine)}
          sx={{ minWidth: 0, px: 1, py: 0, borderRadius: 4, bgcolor: r.mine ? 'action.selected' : undefined }}
        >
          <span aria-hidden="true">{SHOWN[r.emoji].symbol}</span>&nbsp;{r.count}
        </Button>
      ))}
      {canReact && (
        <Tooltip title="Add a reaction">
          <IconButton size="small" aria-label="Add a reaction" onClick={(event) => setAnchor(event.currentTarget)}>
            <AddReactionIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {anchor && (
        <Suspense fallback={null}>
          <ReactionPicker anchor={anchor} given={given} onPick={(emoji) => void toggle(emoji, !given.includes(emoji))} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
