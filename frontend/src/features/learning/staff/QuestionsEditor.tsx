import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Grid,
  IconButton,
  MenuItem,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { StaffQuestion } from '@/api/model';
import { staffCreateQuizBodyQuestionsItemExplanationMax as EXPLANATION_MAX } from '@/api/zod/learning-staff/learning-staff.zod';
import { moved } from '@/ui/console/moved';
import { emptyQuestion, markOption, QUESTION_TYPES, withKind } from './questions';

interface Props {
  questions: StaffQuestion[];
  onChange: (questions: StaffQuestion[]) => void;
  /** Members have taken the quiz: its questions stay as they are. */
  locked: boolean;
  /** The server's reasons, by question index. */
  problems: Record<number, string>;
}

/** A quiz's questions in order, each with its type, text, media and options. */
export function QuestionsEditor({ questions, onChange, locked, problems }: Props) {
  const replace = (index: number, question: StaffQuestion) => onChange(questions.map((q, i) => (i === index ? question : q)));
  return (
    <Stack spacing={2}>
      {locked && <Alert severity="info">Members have taken this quiz, so its questions can no longer change.</Alert>}
      {questions.length === 0 && <Typography color="text.secondary">No questions yet.</Typography>}
      {questions.map((question, index) => (
        <QuestionCard
          key={index}
          index={index}
          count={questions.length}
          question={question}
          locked={locked}
          problem={problems[index]}
          onChange={(next) => replace(index, next)}
          onMove={(by) => onChange(moved(questions, index, by))}
          onRemove={() => onChange(questions.filter((_, i) => i !== index))}
        />
      ))}
      {!locked && (
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => onChange([...questions, emptyQuestion()])} sx={{ alignSelf: 'flex-start' }}>
          Add a question
        </Button>
      )}
    </Stack>
  );
}

interface CardProps {
  index: number;
  count: number;
  question: StaffQuestion;
  locked: boolean;
  problem?: string;
  onChange: (question: StaffQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function QuestionCard({ index, count, question, locked, problem, onChange, onMove, onRemove }: CardProps) {
  const number = index + 1;
  const type = QUESTION_TYPES.find((t) => t.value === question.kind);
  const ordering = question.kind === 'DRAG_AND_DROP';
  const setOption = (i: number, text: string) =>
    onChange({ ...question, options: question.options.map((o, j) => (j === i ? { ...o, text } : o)) });
  return (
    // Each input is disabled on its own when the quiz is locked: the explanation stays open.
    <Card variant="outlined" component="fieldset" aria-label={`Question ${number}`} sx={{ m: 0 }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="legend" sx={{ flex: 1, fontWeight: 600 }}>
              Question {number}
            </Typography>
            {!locked && (
              <>
                <IconButton aria-label={`Move question ${number} up`} disabled={index === 0} onClick={() => onMove(-1)}>
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton aria-label={`Move question ${number} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton aria-label={`Remove question ${number}`} onClick={onRemove}>
                  <DeleteIcon />
                </IconButton>
              </>
            )}
          </Stack>
          {problem && <Alert severity="error">{problem}</Alert>}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                fullWidth
                label={`Question ${number} type`}
                value={question.kind}
                disabled={locked}
                onChange={(event) => onChange(withKind(question, event.target.value as StaffQuestion['kind']))}
                // Help for changing it only while it can change (a disabled field's grey text would
                // also be too faint to read).
                helperText={locked ? undefined : type?.help}
              >
                {QUESTION_TYPES.map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <TextField
                fullWidth
                multiline
                minRows={2}
                required
                label={`Question ${number} text`}
                value={question.text}
                disabled={locked}
                onChange={(event) => onChange({ ...question, text: event.target.value })}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                label="Video address (optional)"
                value={question.video_url ?? ''}
                disabled={locked}
                onChange={(event) => onChange({ ...question, video_url: event.target.value || null })}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                label="Embedded page address (optional)"
                value={question.iframe_url ?? ''}
                disabled={locked}
                onChange={(event) => onChange({ ...question, iframe_url: event.target.value || null })}
              />
            </Grid>
          </Grid>
          <Typography variant="subtitle2">{ordering ? 'Options, in the right order' : 'Options (mark the right answers)'}</Typography>
          {question.options.map((option, i) => {
            const label = `Question ${number} option ${i + 1}`;
            return (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {ordering ? (
                  <Typography sx={{ width: 42, textAlign: 'center' }}>{i + 1}.</Typography>
                ) : question.kind === 'single' ? (
                  <Radio
                    checked={Boolean(option.is_correct)}
                    disabled={locked}
                    onChange={() => onChange({ ...question, options: markOption(question, i, true) })}
                    slotProps={{ input: { 'aria-label': `${label} is right` } }}
                  />
                ) : (
                  <Checkbox
                    checked={Boolean(option.is_correct)}
                    disabled={locked}
                    onChange={(event) => onChange({ ...question, options: markOption(question, i, event.target.checked) })}
                    slotProps={{ input: { 'aria-label': `${label} is right` } }}
                  />
                )}
                <TextField
                  size="small"
                  fullWidth
                  label={label}
                  value={option.text}
                  disabled={locked}
                  onChange={(event) => setOption(i, event.target.value)}
                />
                {!locked && ordering && (
                  <>
                    <IconButton aria-label={`Move ${label} up`} disabled={i === 0} onClick={() => onChange({ ...question, options: moved(question.options, i, -1) })}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${label} down`}
                      disabled={i === question.options.length - 1}
                      onClick={() => onChange({ ...question, options: moved(question.options, i, 1) })}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
                {!locked && (
                  <IconButton
                    aria-label={`Remove ${label}`}
                    disabled={question.options.length <= 2}
                    onClick={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            );
          })}
          {!locked && (
            <Button
              size="small"
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => onChange({ ...question, options: [...question.options, { text: '', is_correct: false }] })}
            >
              Add an option
            </Button>
          )}
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={`Question ${number} explanation (optional)`}
            value={question.explanation ?? ''}
            onChange={(event) => onChange({ ...question, explanation: event.target.value || null })}
            slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
            helperText="Why the right answer is right, shown to members after an attempt as the quiz's feedback setting says. It can change after members have taken the quiz."
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
