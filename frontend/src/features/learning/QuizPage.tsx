import {
  Alert,
  AlertTitle,
  Box,
  Breadcrumbs,
  Button,
  Checkbox,
  Container,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  LinearProgress,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { completeQuiz, getGetQuizFeedbackQueryKey, useGetQuiz } from '@/api/endpoints/learning/learning';
import type { CompletionResponse, Question, QuizDetail } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { embedUrl } from '@/lib/video';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { AttemptFeedback } from './AttemptFeedback';
import { CertificateDownloads } from './CertificateDownloads';
import { OrderList } from './OrderList';
import { REQUIRED } from '@/lib/field-texts';


/** /certificates/{id} (spec 2 §2, §4 Quiz flow). */
export function QuizPage() {
  const id = Number(useParams().id);
  const quiz = useGetQuiz(id);
  useItemPageTitle(quiz, quiz.data?.data.name, 'Quiz');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/certificates" underline="hover" color="inherit">
          Quizzes
        </Link>
        {quiz.data && <Typography color="text.primary">{quiz.data.data.name}</Typography>}
      </Breadcrumbs>
      {quiz.isPending && <Loading />}
      {quiz.isError &&
        (quiz.error instanceof ApiError && quiz.error.status !== 404 ? (
          <Alert severity="error">{quiz.error.fieldErrors('detail')[0] ?? quiz.error.fieldErrors('non_field')[0] ?? errorMessage(quiz.error)}</Alert>
        ) : (
          <ErrorState pageHeading error={quiz.error} />
        ))}
      {quiz.data && <QuizFlow quiz={quiz.data.data} />}
    </Container>
  );
}

/** The member's answer to each question, as option ids (ordering questions: all, in order). */
function initialAnswers(quiz: QuizDetail): Record<number, number[]> {
  return Object.fromEntries(
    quiz.questions.map((q) => {
      if (q.type === 'DRAG_AND_DROP') return [q.id, q.answer_options.map((o) => o.id)];
      return [q.id, q.answer_options.filter((o) => o.selected_by_user).map((o) => o.id)];
    }),
  );
}

function QuizFlow({ quiz }: { quiz: QuizDetail }) {
  const total = quiz.questions.length;
  const start = Math.max(0, quiz.questions.findIndex((q) => q.id === quiz.current_question_id));
  const [index, setIndex] = useState(start);
  const [answers, setAnswers] = useState(() => initialAnswers(quiz));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CompletionResponse | null>(
    quiz.quiz_passed
      ? {
          completed: true,
          quiz_passed: true,
          percent_correct_answers: quiz.percent_correct_answers ?? 100,
          certificate: quiz.certificate_url,
          remaining_attempts: quiz.remaining_attempts,
        }
      : null,
  );
  const closed = result !== null || quiz.current_question_id == null;
  const question = quiz.questions[index];
  const chosen = question ? (answers[question.id] ?? []) : [];
  const missing = chosen.length === 0;

  const next = async () => {
    setTouched(true);
    if (!question || missing) return;
    setBusy(true);
    setBanner(null);
    try {
      const { data } = await completeQuiz(quiz.id, { question: question.id, chosen_answers: chosen });
      setTouched(false);
      if (data.completed) {
        setResult(data);
        // The feedback shown now is this attempt's, not an earlier one's.
        void queryClient.invalidateQueries({ queryKey: getGetQuizFeedbackQueryKey(quiz.id) });
      } else {
        const current = quiz.questions.findIndex((q) => q.id === data.current_question_id);
        setIndex(current === -1 ? Math.min(index + 1, total - 1) : Math.min(index + 1, current));
      }
    } catch (error) {
      setBanner(error instanceof ApiError ? (error.fieldErrors('chosen_answers')[0] ?? errorMessage(error)) : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        {quiz.name}
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary" id="quiz-progress">
          Question {Math.min(index + 1, total)}/{total}
        </Typography>
        <LinearProgress variant="determinate" value={((index + (result ? 1 : 0)) / Math.max(total, 1)) * 100} aria-labelledby="quiz-progress" sx={{ height: 8, borderRadius: 4, mt: 0.5 }} />
      </Box>
      {quiz.delayed_until && !result && (
        <Alert severity="warning">You can try this quiz again after {dateTime(quiz.delayed_until)}.</Alert>
      )}
      {banner && <Alert severity="error">{banner}</Alert>}
      {question && (
        <QuestionView
          question={question}
          chosen={chosen}
          disabled={closed || busy}
          error={touched && missing ? REQUIRED : undefined}
          onChange={(ids) => {
            setTouched(true);
            setAnswers({ ...answers, [question.id]: ids });
          }}
        />
      )}
      {!result && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" disabled={index === 0 || busy} onClick={() => setIndex(index - 1)}>
            Back
          </Button>
          <Button variant="contained" disabled={closed || busy} onClick={() => void next()}>
            Next
          </Button>
        </Stack>
      )}
      {result && <ResultPanel result={result} />}
      {(result || quiz.completed) && <AttemptFeedback quizId={quiz.id} />}
    </Stack>
  );
}

function QuestionView({
  question,
  chosen,
  disabled,
  error,
  onChange,
}: {
  question: Question;
  chosen: number[];
  disabled: boolean;
  error?: string;
  onChange: (ids: number[]) => void;
}) {
  const video = embedUrl(question.video_url);
  return (
    <Box component="section" aria-label="Question">
      <RichText html={question.text} sx={{ fontSize: '1.15rem', mb: 2 }} />
      {video && (
        <Box component="iframe" src={video} title="Question video" allow="fullscreen" sx={{ width: 767, maxWidth: '100%', height: 480, border: 0, mb: 2 }} />
      )}
      {question.iframe_url && (
        <Box component="iframe" src={question.iframe_url} title="Question material" sx={{ width: 767, maxWidth: '100%', height: 480, border: 0, mb: 2 }} />
      )}
      <FormControl error={Boolean(error)} fullWidth component="fieldset">
        {question.type === 'DRAG_AND_DROP' ? (
          <OrderList
            items={chosen.map((id) => ({ id, text: question.answer_options.find((o) => o.id === id)?.text ?? '' }))}
            onChange={(items) => onChange(items.map((i) => i.id))}
            disabled={disabled}
          />
        ) : question.multiple_choices ? (
          <FormGroup>
            {question.answer_options.map((option) => (
              <FormControlLabel
                key={option.id}
                disabled={disabled}
                control={
                  <Checkbox
                    checked={chosen.includes(option.id)}
                    onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((c) => c !== option.id))}
                  />
                }
                label={option.text}
              />
            ))}
          </FormGroup>
        ) : (
          <RadioGroup value={chosen[0] ?? ''} onChange={(event) => onChange([Number(event.target.value)])}>
            {question.answer_options.map((option) => (
              <FormControlLabel key={option.id} value={option.id} disabled={disabled} control={<Radio />} label={option.text} />
            ))}
          </RadioGroup>
        )}
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </Box>
  );
}

function ResultPanel({ result }: { result: CompletionResponse }) {
  const back = (
    <Button component={RouterLink} to="/certificates" variant="outlined">
      Back to Quiz List
    </Button>
  );
  if (result.quiz_passed) {
    return (
      <Alert severity="success" role="status">
        <AlertTitle>Quiz passed</AlertTitle>
        <Typography>You answered {result.percent_correct_answers}% of the questions correctly.</Typography>
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {result.certificate && (
            <CertificateDownloads pdf={result.certificate} credential={result.credential} variant="contained" />
          )}
          {back}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="status">
      <AlertTitle>Quiz not passed</AlertTitle>
      <Typography>You answered {result.percent_correct_answers}% of the questions correctly.</Typography>
      {result.delayed_until && <Typography>You can try again after {dateTime(result.delayed_until)}.</Typography>}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {back}
        {result.remaining_attempts > 0 && !result.delayed_until && (
          <Button variant="contained" color="error" onClick={() => window.location.reload()}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
