import { Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDeleteGroup } from '@/api/endpoints/groups/groups';
import type { GroupCard as GroupCardData } from '@/api/model';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';
import { GroupCard } from '../GroupCard';
import { activeColors, activeLabels, approvalColors, approvalLabels } from './labels';

/** A group saved in the wizard and never submitted: nobody reviews it until it is. */
const DRAFT_LABEL = 'Draft — finish and submit';

/** A group in My Working Groups: status labels, Edit, and Delete through a confirm modal. */
export function MyGroupCard({ group }: { group: GroupCardData }) {
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteGroup();
  const toast = useToast();

  const confirm = async () => {
    setConfirming(false);
    try {
      const { data } = await remove.mutateAsync({ id: group.id });
      setDeleted(true);
      toast(data.message);
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error');
    }
  };

  const footer = deleted ? (
    <Chip label="Deleted" color="default" />
  ) : (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {group.is_draft ? (
          <Chip size="small" variant="outlined" label={DRAFT_LABEL} />
        ) : (
          <>
            <Chip size="small" label={activeLabels[group.active_status]} color={activeColors[group.active_status]} />
            <Chip
              size="small"
              variant="outlined"
              label={approvalLabels[group.approved_status]}
              color={approvalColors[group.approved_status]}
            />
          </>
        )}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant={group.is_draft ? 'contained' : 'text'}
          component={RouterLink}
          to={`/working-groups/edit/${group.slug}`}
        >
          {group.is_draft ? 'Continue' : 'Edit'}
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={`/group-updates/${group.id}`}
          disabled={!group.standing.is_approved}
        >
          Updates
        </Button>
        <Button size="small" color="error" onClick={() => setConfirming(true)} disabled={remove.isPending}>
          Delete
        </Button>
      </Stack>
    </Stack>
  );

  return (
    <>
      <div style={{ height: '100%', opacity: deleted ? 0.45 : 1, transition: 'opacity 600ms ease' }} aria-disabled={deleted}>
        <GroupCard group={group} linked={group.standing.is_public && !deleted} footer={footer} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${group.title}”?`}
        confirmLabel="Delete"
        danger
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        The working group and everything in it will be removed. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
