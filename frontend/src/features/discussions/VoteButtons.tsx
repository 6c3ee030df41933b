import ThumbDownIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpAltOutlined';
import { Button, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import type { Reaction, Votes } from '@/api/model';

interface Props {
  votes: Votes;
  reaction: Reaction | null | undefined;
  /** Why voting is off (signed out, one's own or a deleted post), if it is. */
  disabledReason?: string;
  vote: (reaction: Reaction) => Promise<{ votes: Votes; user_reaction?: Reaction | null }>;
}

/** Next counts after clicking `clicked` (spec 2 §4: same clears, opposite switches). */
export function nextVotes(votes: Votes, current: Reaction | null, clicked: Reaction): { votes: Votes; reaction: Reaction | null } {
  const next = { ...votes };
  if (current) next[current] -= 1;
  const reaction = current === clicked ? null : clicked;
  if (reaction) next[reaction] += 1;
  return { votes: next, reaction };
}

/** Up and down votes; the count moves at once and settles on the server's answer. Counts
 * that arrive with the post (a reload after someone else voted) replace the shown ones. */
export function VoteButtons({ votes, reaction, disabledReason, vote }: Props) {
  const [state, setState] = useState({ votes, reaction: reaction ?? null });
  const [arrived, setArrived] = useState({ votes, reaction });
  if (arrived.votes.up !== votes.up || arrived.votes.down !== votes.down || arrived.reaction !== reaction) {
    setArrived({ votes, reaction });
    setState({ votes, reaction: reaction ?? null });
  }
  const [busy, setBusy] = useState(false);
  const click = async (clicked: Reaction) => {
    const before = state;
    setState(nextVotes(state.votes, state.reaction, clicked));
    setBusy(true);
    try {
      const result = await vote(clicked);
      setState({ votes: result.votes, reaction: result.user_reaction ?? null });
    } catch (error) {
      // Spec 2 §8: a failed vote is only logged.
      console.error('vote failed', error);
      setState(before);
    } finally {
      setBusy(false);
    }
  };
  const buttons = (
    <Stack direction="row" spacing={0.5}>
      <Button
        size="small"
        startIcon={<ThumbUpIcon />}
        color={state.reaction === 'up' ? 'primary' : 'inherit'}
        variant={state.reaction === 'up' ? 'contained' : 'text'}
        aria-pressed={state.reaction === 'up'}
        aria-label={`Vote up: ${state.votes.up}`}
        disabled={Boolean(disabledReason) || busy}
        onClick={() => click('up')}
      >
        {state.votes.up}
      </Button>
      <Button
        size="small"
        startIcon={<ThumbDownIcon />}
        color={state.reaction === 'down' ? 'primary' : 'inherit'}
        variant={state.reaction === 'down' ? 'contained' : 'text'}
        aria-pressed={state.reaction === 'down'}
        aria-label={`Vote down: ${state.votes.down}`}
        disabled={Boolean(disabledReason) || busy}
        onClick={() => click('down')}
      >
        {state.votes.down}
      </Button>
    </Stack>
  );
  return disabledReason ? (
    <Tooltip title={disabledReason}>
      <span>{buttons}</span>
    </Tooltip>
  ) : (
    buttons
  );
}
