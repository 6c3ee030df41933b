import { Alert, Container, Typography } from '@mui/material';
import { useParams, useSearchParams } from 'react-router';
import { createProjectUpdate, setProjectUpdateImage, updateProjectUpdate, useGetMyProjectUpdate } from '@/api/endpoints/projects/projects';
import type { ProjectUpdate } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { Loading } from '@/ui/QueryState';
import { UpdateEditor } from '@/ui/updates/UpdateEditor';
import { ProjectUpdatesBreadcrumbs } from './ProjectUpdatesBreadcrumbs';

/** /project-updates/add?project_id=… and /project-updates/edit/{id}?project_id=… (one screen). */
export function ProjectUpdateFormPage() {
  const { id } = useParams();
  const projectId = Number(useSearchParams()[0].get('project_id'));
  const existing = useGetMyProjectUpdate(projectId, Number(id), { query: { enabled: Boolean(id) && projectId > 0 } });
  const heading = id ? 'Edit updates' : 'Add an update';
  usePageTitle(heading);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <ProjectUpdatesBreadcrumbs projectId={projectId} current={heading} />
      <Typography variant="h4" component="h1" gutterBottom>
        {heading}
      </Typography>
      {!(projectId > 0) && <Alert severity="error">No project was named.</Alert>}
      {id && existing.isPending && projectId > 0 && <Loading />}
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
      next={(id) => (update ? null : `/project-updates/edit/${id}?project_id=${projectId}`)}
    />
  );
}
