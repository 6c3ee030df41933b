import { staffReviewProjectUpdate, useStaffProjectUpdateQueue } from '@/api/endpoints/projects-staff/projects-staff';
import { UPDATES_PER_PAGE, UpdateQueue } from '@/ui/console/UpdateQueue';
import { useUrlPage } from '@/lib/useUrlState';

/** /staff/project-updates: updates owners posted on their projects, waiting for approval. */
export function ProjectUpdatesPage() {
  const [page, setPage] = useUrlPage();
  const queue = useStaffProjectUpdateQueue({ page, perPage: UPDATES_PER_PAGE });
  return (
    <UpdateQueue
      title="Project updates"
      query={queue}
      page={page}
      onPage={setPage}
      placeOf={(update) => ({ to: `/project/${update.project_slug}`, name: update.project_title })}
      shownOn="the project's page"
      review={(id, action, reason) => staffReviewProjectUpdate(id, action, { reason })}
    />
  );
}
