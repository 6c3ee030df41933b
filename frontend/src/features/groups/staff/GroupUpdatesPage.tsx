import { staffReviewGroupUpdate, useStaffGroupUpdateQueue } from '@/api/endpoints/groups-staff/groups-staff';
import { UPDATES_PER_PAGE, UpdateQueue } from '@/ui/console/UpdateQueue';
import { useUrlPage } from '@/lib/useUrlState';

/** /staff/group-updates: updates members posted to their groups, waiting for approval. */
export function GroupUpdatesPage() {
  const [page, setPage] = useUrlPage();
  const queue = useStaffGroupUpdateQueue({ page, perPage: UPDATES_PER_PAGE });
  return (
    <UpdateQueue
      title="Group updates"
      query={queue}
      page={page}
      onPage={setPage}
      placeOf={(update) => ({ to: `/working-groups/${update.group.slug}`, name: update.group.title })}
      shownOn="the group"
      review={(id, action, reason) => staffReviewGroupUpdate(id, action, { reason })}
    />
  );
}
