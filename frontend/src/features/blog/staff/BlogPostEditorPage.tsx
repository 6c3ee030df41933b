import { staffCreateBlogPostBody } from '@/api/zod/content-staff/content-staff.zod';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { Grid, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { staffCreateBlogPost, staffDeleteBlogPost, staffSetBlogPostImage, staffUpdateBlogPost, useStaffGetBlogPost, useStaffListBlogCategories } from '@/api/endpoints/content-staff/content-staff';
import type { BlogPostRequest, StaffBlogPost } from '@/api/model';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { ChipsField } from '@/ui/console/ChipsField';
import { fromLocalInput, toLocalInput } from '@/ui/console/dateInput';
import { RecordActions } from '@/ui/console/RecordActions';
import { EditorForm } from '@/ui/console/EditorForm';
import { PictureUpload } from '@/ui/console/PictureUpload';
import { StaffPage } from '@/ui/console/StaffPage';
import { SwitchField } from '@/ui/console/SwitchField';
import { RecordEditor } from '@/ui/console/RecordEditor';
import { useSaveForm } from '@/ui/console/useSaveForm';
import { UserPicker } from '@/ui/console/UserPicker';

// The contract's title; the rest as the editor holds them.
const schema = staffCreateBlogPostBody.pick({ title: true }).extend({
  slug: z.string(),
  description: z.string(),
  body: z.string(),
  categories: z.array(z.number()),
  tags: z.array(z.string()),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  date: z.string(),
  published: z.boolean(),
  can_create_discussion: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['title', 'slug', 'description', 'body', 'categories', 'tags', 'date'] as const;

function defaults(post?: StaffBlogPost): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    description: post?.description ?? '',
    body: post?.body ?? '',
    categories: post?.categories.map((category) => category.id) ?? [],
    tags: post?.tags ?? [],
    author: post?.author ? { id: post.author.id, name: post.author.name } : null,
    date: toLocalInput(post?.date),
    published: post?.published ?? false,
    can_create_discussion: post?.can_create_discussion ?? true,
  };
}

function toRequest(values: Values): BlogPostRequest {
  return {
    title: values.title,
    slug: values.slug.trim() || null,
    description: values.description,
    body: values.body,
    categories: values.categories,
    tags: values.tags,
    author_id: values.author?.id ?? null,
    date: fromLocalInput(values.date),
    published: values.published,
    can_create_discussion: values.can_create_discussion,
  };
}

/** /staff/blog/new and /staff/blog/:id: write a post, its header image, and publish it. */
export function BlogPostEditorPage() {
  return (
    <RecordEditor<StaffBlogPost> useRecord={useStaffGetBlogPost}>
      {(id, post) => <BlogPostEditor id={id} post={post} />}
    </RecordEditor>
  );
}

function BlogPostEditor({ id, post }: { id?: number; post?: StaffBlogPost }) {
  const categories = useStaffListBlogCategories();
  const form = useForm<Values>({ resolver: withFieldRequiredText(trimming(zodResolver(schema))), defaultValues: defaults(post) });
  const { onSubmit, banner } = useSaveForm(form, {
    fields: FIELDS,
    id,
    editPath: (saved) => `/staff/blog/${saved}`,
    save: (values) => (id === undefined ? staffCreateBlogPost(toRequest(values)) : staffUpdateBlogPost(id, toRequest(values))),
  });
  return (
    <StaffPage
      title={post ? post.title : 'New blog post'}
      actions={
        post && (
          <RecordActions
            view={post.published ? `/blog/${post.slug}` : undefined}
            what={`the post “${post.title}”`}
            remove={() => staffDeleteBlogPost(post.id)}
            then="/staff/blog"
          />
        )
      }
    >
      <EditorForm label="Blog post" form={form} banner={banner} onSubmit={onSubmit}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <FormTextField control={form.control} name="title" label="Title" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormTextField control={form.control} name="slug" label="Slug" helperText="Blank makes one from the title." fullWidth />
          </Grid>
        </Grid>
        <RichTextField control={form.control} name="description" label="Summary (shown on cards)" />
        <RichTextField control={form.control} name="body" label="Body" />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormSelect
              control={form.control}
              name="categories"
              label="Categories"
              multiple
              options={(categories.data?.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChipsField control={form.control} name="tags" label="Tags" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <UserPicker control={form.control} name="author" label="Author" helperText="Search by name or e-mail." />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              control={form.control}
              name="date"
              label="Publication date"
              type="datetime-local"
              fullWidth
              helperText="Blank means now."
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          <SwitchField control={form.control} name="published" label="Published" helperText="Drafts never show on /blog." />
          <SwitchField control={form.control} name="can_create_discussion" label="Readers may start discussions" />
        </Stack>
      </EditorForm>
      {post ? (
        <PictureUpload
          label="Header image"
          current={post.header_image}
          upload={(file) => staffSetBlogPostImage(post.id, { file })}
        />
      ) : (
        <PictureUpload label="Header image" upload={() => Promise.resolve()} disabledText="Save the post first to add its header image." />
      )}
    </StaffPage>
  );
}
