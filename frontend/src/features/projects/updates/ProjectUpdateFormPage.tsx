import { Alert, Container, Typography } from '@mui/material';
import { useParams, useSearchParams } from 'react-router';
import { createProjectUpdate, setProjectUpdateImage, updateProjectUpdate, useGetMyProjectUpdate, useGetMyProjectUpdateById } from '@/api/endpoints/projects/projects';
import type { ProjectUpdate } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { Loading } from '@/ui/QueryState';
import { UpdateEditor } from '@/ui/updates/UpdateEditor';
import { ProjectUpdatesBreadcrumbs } from './ProjectUpdatesBreadcrumbs';

/** /project-updates/add?project_id=… and /project-updates/edit/{id} (one screen): an edit
 * names its project with `project_id`, or the update itself tells which it is. */
export function ProjectUpdateFormPage() {
  const { id } = useParams();
  const named = Number(useSearchParams()[0].get('project_id'));
  const byProject = useGetMyProjectUpdate(named, Number(id), { query: { enabled: Boolean(id) && named > 0 } });
  const byId = useGetMyProjectUpdateById(Number(id), { query: { enabled: Boolean(id) && !(named > 0) } });
  const existing = named > 0 ? byProject : byId;
  const projectId = named > 0 ? named : (byId.data?.data.project_id ?? 0);
  const heading = id ? 'Edit updates' : 'Add an update';
  usePageTitle(heading);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <ProjectUpdatesBreadcrumbs projectId={projectId} current={heading} />
      <Typography variant="h4" component="h1" gutterBottom>
        {heading}
      </Typography>
      {!id && !(projectId > 0) && <Alert severity="error">No project was named.</Alert>}
      {id && existing.isPending && <Loading />}
      {id && existing.isError && <Alert severity="error">{errorMessage(existing.error)}</Alert>}
      {projectId > 0 && (!id || existing.data) && <UpdateForm key={id ?? 'new'} projectId={projectId} update={existing.data?.data} />}
    </Container>
  );
}

function UpdateForm({ projectId, update }: { projectId: number; update?: ProjectUpdate }) {
  return (
    <UpdateEditor
      update={update}
      noun="Project"
      save={async (body) =>
        (update ? await updateProjectUpdate(projectId, update.id, body) : await createProjectUpdate(projectId, body)).data.id
      }
      // Spec 2 §7: the part is named `project`.
      setImage={(id, file) => setProjectUpdateImage(projectId, id, { file: new File([file], 'project', { type: file.type }) })}
      // A new update opens its edit screen 2 s later; an edit stays where it is.
      next={(id) => (update ? null : `/project-updates/edit/${id}`)}
    />
  );
}
