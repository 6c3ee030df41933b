import type { QuizListItem } from '@/api/model';
import { counted } from '@/lib/plural';

/**
 * Spec 2 §2: a row leads to its quiz only when the quiz is not passed and either attempts
 * remain with no delay, or the delay has passed.
 */
export function mayOpen(quiz: QuizListItem, now: Date = new Date()): boolean {
  if (quiz.quiz_passed) return false;
  if (quiz.delayed_until) return new Date(quiz.delayed_until) <= now;
  return quiz.remaining_attempts > 0;
}

/** Spec 2 §2: Complete when passed, otherwise In progress. */
export function statusOf(quiz: QuizListItem): 'Complete' | 'In progress' {
  return quiz.quiz_passed ? 'Complete' : 'In progress';
}

/** The row's score line: a passed quiz has no attempts left to count (issue 43, item 11). */
export function scoreLine(quiz: QuizListItem): string | null {
  const percent = quiz.percent_correct_answers;
  if (percent === undefined || percent === null) return null;
  if (quiz.quiz_passed) return `Passed with ${percent}%`;
  return `Last score: ${percent}% · ${counted(quiz.remaining_attempts, 'attempt')} left`;
}

/** The file name a certificate downloads as: its PDF, or its credential (`…/credential`). */
export function certificateFile(url: string): string {
  const code = url.split('/').filter(Boolean).at(-2) ?? 'certificate';
  return `cohort-certificate-${code}.${url.endsWith('/credential') ? 'json' : 'pdf'}`;
}
