import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useGetQuizFeedback } from '@/api/endpoints/learning/learning';
import type { QuestionFeedback } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';

/** After an attempt (issue 49 §5): each question, right or wrong, what the member answered,
 * and why; or, where the quiz keeps its feedback until the member passes, the server's word. */
export function AttemptFeedback({ quizId }: { quizId: number }) {
  const feedback = useGetQuizFeedback(quizId);
  if (feedback.isPending) return <Loading label="Loading your answers" />;
  if (feedback.isError) {
    if (feedback.error instanceof ApiError && feedback.error.status === 403) {
      return <Alert severity="info">{errorMessage(feedback.error)}</Alert>;
    }
    return <ErrorState error={feedback.error} onRetry={() => void feedback.refetch()} />;
  }
  const { questions, attempt } = feedback.data.data;
  return (
    <Stack component="section" aria-labelledby="attempt-feedback" spacing={2}>
      <Typography variant="h5" component="h2" id="attempt-feedback">
        Your answers (attempt {attempt})
      </Typography>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {questions.map((question, index) => (
          <li key={question.question_id}>
            <QuestionCard question={question} number={index + 1} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function QuestionCard({ question, number }: { question: QuestionFeedback; number: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" color="text.secondary">
              Question {number}
            </Typography>
            {question.correct ? (
              <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label="Correct" />
            ) : (
              <Chip size="small" color="error" variant="outlined" icon={<CancelIcon />} label="Incorrect" />
            )}
          </Stack>
          <RichText html={question.text} />
          <Typography variant="body2">
            <strong>Your answer:</strong> {question.your_answers.join(', ') || '—'}
          </Typography>
          {question.explanation && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              <strong>Why:</strong> {question.explanation}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
