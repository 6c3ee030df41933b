import { createGroupUpdateBody } from '@/api/zod/groups/groups.zod';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { createGroupUpdate, setGroupUpdateImage, updateGroupUpdate, useGetGroupUpdate } from '@/api/endpoints/groups/groups';
import type { GroupUpdate } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { usePageTitle } from '@/ui/page-title';
import { Loading } from '@/ui/QueryState';
import { ImageField } from '../wizard/ImageField';
import { UpdatesBreadcrumbs } from './UpdatesBreadcrumbs';

/** Spec 2 §9: back to the group 2000 ms after a save. */
export const UPDATE_REDIRECT_MS = 2000;
// The contract's title and text; the address is a plain field here (blank means none).
const schema = createGroupUpdateBody.pick({ title: true, text: true }).extend({ video_url: z.string() });
type Values = z.infer<typeof schema>;
const FIELDS = ['title', 'text', 'video_url'] as const;

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
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { title: update?.title ?? '', text: update?.text ?? '', video_url: update?.video_url ?? '' },
  });

  // Spec 2 §4: the text first, then the image (field `file`, name `wg`) in a second call.
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body = { title: values.title, text: values.text, video_url: values.video_url.trim() || null };
    try {
      const saved = update ? (await updateGroupUpdate(groupId, update.id, body)).data : (await createGroupUpdate(groupId, body)).data;
      if (file) await setGroupUpdateImage(groupId, saved.id, { file: new File([file], 'wg', { type: file.type }) });
      setDone(true);
      window.setTimeout(() => void navigate(`/working-groups/${slug}`), UPDATE_REDIRECT_MS);
    } catch (error) {
      const fileError = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      setBanner(fileError ?? applyServerErrors(error, FIELDS, form.setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Update">
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {done && (
          <Alert severity="success" role="status">
            Success
          </Alert>
        )}
        <FormTextField control={form.control} name="title" label="Title" required />
        <RichTextField control={form.control} name="text" label="Text of update" required />
        <ImageField current={update?.image ?? ''} file={file} onFile={setFile} label="Working Group Image" required={false} />
        <FormTextField control={form.control} name="video_url" label="Working Group Video (optional)" placeholder="https://" />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting || done} sx={{ alignSelf: 'flex-start' }}>
          {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
