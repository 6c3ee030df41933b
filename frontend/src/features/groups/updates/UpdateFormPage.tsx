import { Alert, Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { createGroupUpdate, setGroupUpdateImage, updateGroupUpdate, useGetGroupUpdate } from '@/api/endpoints/groups/groups';
import type { GroupUpdate } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { Loading } from '@/ui/QueryState';
import { UpdateEditor } from '@/ui/updates/UpdateEditor';
import { UpdatesBreadcrumbs } from './UpdatesBreadcrumbs';

/** /group-updates/{group_id}/{slug}/add and …/edit/{id}. */
export function UpdateFormPage() {
  const { groupId, id } = useParams();
  const existing = useGetGroupUpdate(Number(groupId), Number(id), { query: { enabled: Boolean(id) } });
  usePageTitle(id ? 'Edit updates' : 'Add an update');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <UpdatesBreadcrumbs groupId={Number(groupId)} current={id ? 'Edit updates' : 'Add an update'} />
      <Typography variant="h4" component="h1" gutterBottom>
        {id ? 'Edit updates' : 'Add an update'}
      </Typography>
      {id && existing.isPending && <Loading />}
      {id && existing.isError && <Alert severity="error">{errorMessage(existing.error)}</Alert>}
      {(!id || existing.data) && <UpdateForm groupId={Number(groupId)} update={existing.data?.data} />}
    </Container>
  );
}

function UpdateForm({ groupId, update }: { groupId: number; update?: GroupUpdate }) {
  const { slug } = useParams();
  return (
    <UpdateEditor
      update={update}
      noun="Working Group"
      save={async (body) =>
        (update ? await updateGroupUpdate(groupId, update.id, body) : await createGroupUpdate(groupId, body)).data.id
      }
      setImage={(id, file) => setGroupUpdateImage(groupId, id, { file: new File([file], 'wg', { type: file.type }) })}
      next={() => `/working-groups/${slug}`}
    />
  );
}
