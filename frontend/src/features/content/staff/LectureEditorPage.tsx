import { staffCreateLectureBody } from '@/api/zod/content-staff/content-staff.zod';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { Grid, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { staffCreateLecture, staffDeleteLecture, staffSetLecturePoster, staffSetLectureVideo, staffUpdateLecture, useStaffGetLecture } from '@/api/endpoints/content-staff/content-staff';
import type { LectureRequest, StaffLecture } from '@/api/model';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { ChipsField } from '@/ui/console/ChipsField';
import { RecordActions } from '@/ui/console/RecordActions';
import { EditorForm } from '@/ui/console/EditorForm';
import { LectureCaptions } from './LectureCaptions';
import { PictureUpload } from '@/ui/console/PictureUpload';
import { StaffPage } from '@/ui/console/StaffPage';
import { RecordEditor } from '@/ui/console/RecordEditor';
import { useSaveForm } from '@/ui/console/useSaveForm';

// The contract's title and speaker; the rest as the editor holds them.
const schema = staffCreateLectureBody.pick({ title: true, author: true }).extend({
  summary: z.string(),
  tags: z.array(z.string()),
  video_url: z.string(),
  position: z.string().trim().regex(/^-?\d+$/, 'Enter a whole number.'),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['title', 'author', 'summary', 'tags', 'video_url', 'position'] as const;
const SAVE_FIRST = 'Save the lecture first to add its poster, video and captions.';

function toRequest(values: Values): LectureRequest {
  return { ...values, summary: values.summary || null, video_url: values.video_url.trim() || null, position: Number(values.position) };
}

/** /staff/lectures/new and /staff/lectures/:id: a lecture, its poster and its video. */
export function LectureEditorPage() {
  return (
    <RecordEditor<StaffLecture> useRecord={useStaffGetLecture}>
      {(id, lecture) => <LectureEditor id={id} lecture={lecture} />}
    </RecordEditor>
  );
}

function LectureEditor({ id, lecture }: { id?: number; lecture?: StaffLecture }) {
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: {
      title: lecture?.title ?? '',
      author: lecture?.author ?? '',
      summary: lecture?.summary ?? '',
      tags: lecture?.tags.map((tag) => tag.title) ?? [],
      video_url: lecture?.video_url ?? '',
      position: String(lecture?.position ?? 0),
    },
  });
  const { onSubmit, banner } = useSaveForm(form, {
    fields: FIELDS,
    id,
    editPath: (saved) => `/staff/lectures/${saved}`,
    save: (values) => (id === undefined ? staffCreateLecture(toRequest(values)) : staffUpdateLecture(id, toRequest(values))),
  });
  return (
    <StaffPage
      title={lecture ? lecture.title : 'New lecture'}
      actions={
        lecture && (
          <RecordActions
            view={`/lecture-series/${lecture.id}`}
            what={`the lecture “${lecture.title}”`}
            remove={() => staffDeleteLecture(lecture.id)}
            then="/staff/lectures"
          />
        )
      }
    >
      <EditorForm label="Lecture" form={form} banner={banner} onSubmit={onSubmit}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="title" label="Title" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={form.control} name="author" label="Speaker" required fullWidth />
          </Grid>
        </Grid>
        <RichTextField control={form.control} name="summary" label="Summary" />
        <ChipsField control={form.control} name="tags" label="Tags" />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <FormTextField
              control={form.control}
              name="video_url"
              label="Video address"
              placeholder="https://"
              helperText="A video elsewhere; an uploaded video is shown instead when there is one."
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormTextField control={form.control} name="position" label="Order" type="number" helperText="Lower comes first." fullWidth />
          </Grid>
        </Grid>
      </EditorForm>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        <PictureUpload
          label="Poster"
          current={lecture?.image}
          upload={(file) => (lecture ? staffSetLecturePoster(lecture.id, { file }) : Promise.resolve())}
          disabledText={lecture ? undefined : SAVE_FIRST}
        />
        <PictureUpload
          label="Video"
          video
          accept="video/webm,video/mp4"
          current={lecture?.video_file_url}
          upload={(file) => (lecture ? staffSetLectureVideo(lecture.id, { file }) : Promise.resolve())}
          disabledText={lecture ? undefined : SAVE_FIRST}
        />
      </Stack>
      <LectureCaptions lecture={lecture} disabledText={lecture ? undefined : SAVE_FIRST} />
    </StaffPage>
  );
}
