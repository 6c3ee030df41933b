import { staffCreateQuizBody } from '@/api/zod/learning-staff/learning-staff.zod';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { Grid, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { staffCreateQuiz, staffDeleteQuiz, staffSetQuizBanner, staffUpdateQuiz, useStaffGetQuiz } from '@/api/endpoints/learning-staff/learning-staff';
import { FeedbackShown, type QuizRequest, type StaffQuestion, type StaffQuiz } from '@/api/model';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { ChipsField } from '@/ui/console/ChipsField';
import { RecordActions } from '@/ui/console/RecordActions';
import { EditorForm } from '@/ui/console/EditorForm';
import { indexedProblems } from '@/ui/console/indexedProblems';
import { PictureUpload } from '@/ui/console/PictureUpload';
import { StaffPage } from '@/ui/console/StaffPage';
import { SwitchField } from '@/ui/console/SwitchField';
import { RecordEditor } from '@/ui/console/RecordEditor';
import { useSaveForm } from '@/ui/console/useSaveForm';
import { QuestionsEditor } from './QuestionsEditor';
import { counted } from '@/lib/plural';

const WHOLE = 'Enter a whole number.';
const NUMBER = 'Enter a number, like 1.5.';
const whole = z.string().trim().regex(/^\d+$/, WHOLE);
/** Empty, or a whole number. */
const optionalWhole = z.string().trim().regex(/^\d*$/, WHOLE);
/** Empty, or a number with a decimal point. */
const optionalNumber = z.string().trim().regex(/^(\d+(\.\d+)?)?$/, NUMBER);

// The contract's name; the rest as the editor holds them.
const schema = staffCreateQuizBody.pick({ name: true }).extend({
  description: z.string(),
  categories: z.array(z.string()),
  pass_mark: whole,
  attempts_allowed: whole,
  delay_hours: whole,
  validity_months: optionalWhole,
  cpd_hours: optionalNumber,
  banner_link: z.string(),
  published: z.boolean(),
  feedback: z.enum([FeedbackShown.after_attempt, FeedbackShown.after_passing]),
  questions: z.array(z.custom<StaffQuestion>()),
});

/** How the console names each feedback setting (issue 49 §5). */
const FEEDBACK_CHOICES: { value: FeedbackShown; label: string }[] = [
  { value: FeedbackShown.after_passing, label: 'Once the member passes' },
  { value: FeedbackShown.after_attempt, label: 'After every completed attempt' },
];
type Values = z.infer<typeof schema>;
const FIELDS = [
  'name',
  'description',
  'categories',
  'pass_mark',
  'attempts_allowed',
  'delay_hours',
  'validity_months',
  'cpd_hours',
  'banner_link',
  'feedback',
  'questions',
] as const;

function defaults(quiz?: StaffQuiz): Values {
  return {
    name: quiz?.name ?? '',
    description: quiz?.description ?? '',
    categories: quiz?.categories ?? [],
    pass_mark: String(quiz?.pass_mark ?? 80),
    attempts_allowed: String(quiz?.attempts_allowed ?? 3),
    delay_hours: String(quiz?.delay_hours ?? 24),
    validity_months: quiz?.validity_months == null ? '' : String(quiz.validity_months),
    cpd_hours: quiz?.cpd_hours == null ? '' : String(quiz.cpd_hours),
    banner_link: quiz?.banner_link ?? '',
    published: quiz?.published ?? false,
    feedback: quiz?.feedback ?? FeedbackShown.after_passing,
    questions: quiz?.questions ?? [],
  };
}

function toRequest(values: Values): QuizRequest {
  return {
    ...values,
    pass_mark: Number(values.pass_mark),
    attempts_allowed: Number(values.attempts_allowed),
    delay_hours: Number(values.delay_hours),
    validity_months: values.validity_months ? Number(values.validity_months) : null,
    cpd_hours: values.cpd_hours ? Number(values.cpd_hours) : null,
    banner_link: values.banner_link.trim() || null,
  };
}

/** /staff/quizzes/new and /staff/quizzes/:id: a quiz's settings and its questions. */
export function QuizEditorPage() {
  return (
    <RecordEditor<StaffQuiz> useRecord={useStaffGetQuiz}>
      {(id, quiz) => <QuizEditor id={id} quiz={quiz} />}
    </RecordEditor>
  );
}

function QuizEditor({ id, quiz }: { id?: number; quiz?: StaffQuiz }) {
  const locked = (quiz?.attempts_taken ?? 0) > 0;
  const form = useForm<Values>({ resolver: withFieldRequiredText(trimming(zodResolver(schema))), defaultValues: defaults(quiz) });
  const [problems, setProblems] = useState<Record<number, string>>({});
  const { onSubmit, banner } = useSaveForm(form, {
    fields: FIELDS,
    id,
    onError: (error) => setProblems(indexedProblems(error, 'questions')),
    editPath: (saved) => `/staff/quizzes/${saved}`,
    save: (values) => (id === undefined ? staffCreateQuiz(toRequest(values)) : staffUpdateQuiz(id, toRequest(values))),
  });
  return (
    <StaffPage
      title={quiz ? quiz.name : 'New quiz'}
      actions={
        quiz && (
          <RecordActions
            view={quiz.published ? `/certificates/${quiz.id}` : undefined}
            what={`the quiz “${quiz.name}”`}
            remove={() => staffDeleteQuiz(quiz.id)}
            then="/staff/quizzes"
          />
        )
      }
    >
      {quiz && (
        <Typography color="text.secondary">
          {quiz.attempts_taken === 0 ? 'Nobody has taken it yet.' : `Members have started ${counted(quiz.attempts_taken, 'attempt')}.`}
        </Typography>
      )}
      <EditorForm label="Quiz" form={form} banner={banner} onSubmit={onSubmit}>
        <FormTextField control={form.control} name="name" label="Name" required fullWidth />
        <RichTextField control={form.control} name="description" label="Description" />
        <ChipsField control={form.control} name="categories" label="Categories" />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={form.control} name="pass_mark" label="Pass mark (%)" type="number" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={form.control} name="attempts_allowed" label="Attempts allowed" type="number" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={form.control}
              name="delay_hours"
              label="Hours between failed attempts"
              type="number"
              required
              fullWidth
            />
          </Grid>
        </Grid>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={form.control}
              name="validity_months"
              label="Certificate valid for (months)"
              type="number"
              helperText="Empty: valid for good. Holders are reminded to renew 30 days before it expires."
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={form.control}
              name="cpd_hours"
              label="CPD hours"
              type="number"
              slotProps={{ htmlInput: { step: 0.25, min: 0 } }}
              helperText="Continuing professional development time the certificate records; empty: none."
              fullWidth
            />
          </Grid>
        </Grid>
        <FormTextField control={form.control} name="banner_link" label="Banner link" placeholder="https://" fullWidth />
        <SwitchField control={form.control} name="published" label="Published" helperText="Published quizzes are open to members at once." />
        <FormTextField
          control={form.control}
          name="feedback"
          label="Show members which answers were wrong, and why"
          select
          fullWidth
          helperText="With each question's explanation. Only once they pass keeps the answers from being handed out."
        >
          {FEEDBACK_CHOICES.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </FormTextField>
        <Typography variant="h6" component="h2">
          Questions
        </Typography>
        <Controller
          control={form.control}
          name="questions"
          render={({ field }) => (
            <QuestionsEditor questions={field.value} onChange={field.onChange} locked={locked} problems={problems} />
          )}
        />
      </EditorForm>
      <PictureUpload
        label="Banner"
        current={quiz?.banner}
        upload={(file) => (quiz ? staffSetQuizBanner(quiz.id, { file }) : Promise.resolve())}
        disabledText={quiz ? undefined : 'Save the quiz first to add its banner.'}
      />
    </StaffPage>
  );
}
