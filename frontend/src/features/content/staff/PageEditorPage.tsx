import { staffCreatePageBody } from '@/api/zod/content-staff/content-staff.zod';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { staffCreatePage, staffDeletePage, staffUpdatePage, useStaffGetPage } from '@/api/endpoints/content-staff/content-staff';
import { TitleAlign, type Block, type PageRequest, type StaffPage as StaffContentPage } from '@/api/model';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { RecordActions } from '@/ui/console/RecordActions';
import { EditorForm } from '@/ui/console/EditorForm';
import { StaffPage } from '@/ui/console/StaffPage';
import { RecordEditor } from '@/ui/console/RecordEditor';
import { useSaveForm } from '@/ui/console/useSaveForm';
import { indexedProblems } from '@/ui/console/indexedProblems';
import { BlocksEditor } from './blocks/BlocksEditor';

// The contract's address and title; the rest as the editor holds them.
const schema = staffCreatePageBody.pick({ slug: true, title: true }).extend({
  before_title: z.string(),
  title_align: z.enum(TitleAlign),
  meta_title: z.string(),
  meta_description: z.string(),
  body: z.string(),
  blocks: z.array(z.custom<Block>()),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['slug', 'title', 'before_title', 'title_align', 'meta_title', 'meta_description', 'body', 'blocks'] as const;

const ALIGNMENTS = [
  { value: TitleAlign.left, label: 'Left' },
  { value: TitleAlign.CENTER, label: 'Centre' },
  { value: TitleAlign.RIGHT, label: 'Right' },
  { value: TitleAlign.NONE, label: 'No title' },
];

function defaults(page?: StaffContentPage): Values {
  return {
    slug: page?.slug ?? '',
    title: page?.title ?? '',
    before_title: page?.before_title ?? '',
    title_align: page?.title_align ?? TitleAlign.left,
    meta_title: page?.meta_title ?? '',
    meta_description: page?.meta_description ?? '',
    body: page?.body ?? '',
    blocks: page?.blocks ?? [],
  };
}

function toRequest(values: Values): PageRequest {
  const blank = (text: string) => text.trim() || null;
  return {
    ...values,
    before_title: blank(values.before_title),
    meta_title: blank(values.meta_title),
    meta_description: blank(values.meta_description),
  };
}

/** /staff/pages/new and /staff/pages/:id: a content page's fields, HTML body and blocks. */
export function PageEditorPage() {
  return (
    <RecordEditor<StaffContentPage> useRecord={useStaffGetPage}>
      {(id, page) => <PageEditor id={id} page={page} />}
    </RecordEditor>
  );
}

function PageEditor({ id, page }: { id?: number; page?: StaffContentPage }) {
  const form = useForm<Values>({ resolver: withFieldRequiredText(trimming(zodResolver(schema))), defaultValues: defaults(page) });
  const [blockErrors, setBlockErrors] = useState<Record<number, string>>({});
  const { onSubmit, banner } = useSaveForm(form, {
    fields: FIELDS,
    onError: (error) => setBlockErrors(indexedProblems(error, 'blocks')),
    id,
    editPath: (saved) => `/staff/pages/${saved}`,
    save: (values) => (id === undefined ? staffCreatePage(toRequest(values)) : staffUpdatePage(id, toRequest(values))),
  });
  return (
    <StaffPage
      title={page ? page.title : 'New page'}
      actions={
        page && (
          <RecordActions view={page.route} what={`the page “${page.title}”`} remove={() => staffDeletePage(page.id)} then="/staff/pages" />
        )
      }
    >
      <EditorForm label="Page" form={form} banner={banner} onSubmit={onSubmit}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="title" label="Title" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              control={form.control}
              name="slug"
              label="Slug"
              required
              fullWidth
              helperText={page ? `Shown at ${page.route}` : 'Lowercase words and hyphens; parts joined by “/”.'}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="before_title" label="Before the title" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormSelect control={form.control} name="title_align" label="Title alignment" options={ALIGNMENTS} required />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="meta_title" label="Meta title" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="meta_description" label="Meta description" fullWidth />
          </Grid>
        </Grid>
        <FormTextField
          control={form.control}
          name="body"
          label="Body (HTML)"
          multiline
          minRows={8}
          fullWidth
          helperText="Headings (h2, h3) become the table of contents. Scripts are refused."
          slotProps={{ htmlInput: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Typography variant="h6" component="h2">
          Blocks
        </Typography>
        <Controller
          control={form.control}
          name="blocks"
          render={({ field, formState }) => (
            <BlocksEditor
              blocks={field.value}
              onChange={field.onChange}
              error={formState.errors.blocks?.message}
              blockErrors={blockErrors}
            />
          )}
        />
      </EditorForm>
    </StaffPage>
  );
}
