import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { staffModerateGroup, useStaffGroupReview } from '@/api/endpoints/groups-staff/groups-staff';
import { useListGroupMaterials } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { MaterialList } from '@/ui/materials/MaterialList';
import { ErrorState, Loading } from '@/ui/QueryState';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { groupActions, type GroupAction } from './groupActions';
import { ReviewTable } from '@/ui/console/ReviewTable';
import { reviewRows } from '@/ui/console/reviewRows';
import { GROUP_FIELDS } from './reviewFields';

/**
 * /staff/groups/:id: the group as members see it beside what its owner proposed (the same
 * when the group itself waits for approval), with the decisions open to staff.
 */
export function GroupReviewPage() {
  const id = Number(useParams().id);
  const review = useStaffGroupReview(id);
  const { run, busy } = useRun();
  const [pending, setPending] = useState<GroupAction | null>(null);

  if (review.isPending) return <Loading />;
  if (review.isError) return <ErrorState pageHeading error={review.error} onRetry={() => void review.refetch()} />;
  const { current, proposed } = review.data.data;
  const rows = reviewRows(GROUP_FIELDS, current, proposed);
  const changed = rows.filter((row) => row.changed).length;
  const actions = groupActions(current);
  // Only proposed changes need the side-by-side view; otherwise both versions are the same.
  const comparing = current.standing.has_pending_changes;

  return (
    <StaffPage
      title={current.title}
      actions={actions.map((action) => (
        <Button
          key={action.action}
          variant={action.danger ? 'outlined' : 'contained'}
          color={action.danger ? 'error' : 'primary'}
          onClick={() => setPending(action)}
        >
          {action.label}
        </Button>
      ))}
    >
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Status group={current} />
        <Typography color="text.secondary">
          Owner: {current.created_by?.name ?? 'unknown'} ·{' '}
          <Link to={`/working-groups/${current.slug}`}>View on the site</Link>
        </Typography>
      </Stack>
      {comparing && (
        <Alert severity="info">
          {changed === 0 ? 'The proposal changes nothing shown here.' : `${changed} field(s) differ; they are highlighted.`}
        </Alert>
      )}
      <ReviewTable rows={rows} comparing={comparing} subject="group" />
      <Materials groupId={current.id} />
      {pending && (
        <ReasonDialog
          open
          title={pending.confirmTitle}
          text={pending.text}
          confirmLabel={pending.label}
          danger={pending.danger}
          busy={busy}
          onClose={() => setPending(null)}
          onConfirm={(reason) =>
            void run(
              () => staffModerateGroup(id, pending.action, { reason: reason || null }),
              pending.done,
            ).then((ok) => ok && setPending(null))
          }
        />
      )}
    </StaffPage>
  );
}

/** The group's supplementary materials, as its page will show them (issue 43, item 4). */
function Materials({ groupId }: { groupId: number }) {
  const materials = useListGroupMaterials(groupId);
  return (
    <section aria-labelledby="review-materials">
      <Typography id="review-materials" variant="h6" component="h2" sx={{ mt: 2 }}>
        Supplementary materials
      </Typography>
      {materials.isPending && <Loading />}
      {materials.isError && <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />}
      {materials.isSuccess && <MaterialList items={materials.data.data} />}
    </section>
  );
}

function Status({ group }: { group: GroupDetail }) {
  return (
    <>
      <Chip label={group.approved_status.replaceAll('_', ' ')} />
      {group.standing.is_suspended && <Chip color="error" label="suspended" />}
    </>
  );
}
