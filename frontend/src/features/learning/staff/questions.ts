import type { QuestionType, StaffOption, StaffQuestion } from '@/api/model';

export const QUESTION_TYPES: { value: QuestionType; label: string; help: string }[] = [
  { value: 'single', label: 'Single choice', help: 'Mark the one right answer.' },
  { value: 'multiple', label: 'Multiple choice', help: 'Mark every right answer.' },
  { value: 'DRAG_AND_DROP', label: 'Put in order', help: 'List the options in the right order; members see them shuffled.' },
];

/** A new question: two empty options, the first one right. */
export function emptyQuestion(): StaffQuestion {
  return {
    kind: 'single',
    text: '',
    options: [
      { text: '', is_correct: true },
      { text: '', is_correct: false },
    ],
  };
}

/** Marks an option right or wrong; a single-choice question keeps exactly one right answer. */
export function markOption(question: StaffQuestion, index: number, correct: boolean): StaffOption[] {
  return question.options.map((option, i) => {
    if (i === index) return { ...option, is_correct: correct };
    return question.kind === 'single' && correct ? { ...option, is_correct: false } : option;
  });
}

/** Changes a question's type, keeping its options and the right answers that still fit. */
export function withKind(question: StaffQuestion, kind: QuestionType): StaffQuestion {
  if (kind !== 'single') return { ...question, kind };
  const first = question.options.findIndex((option) => option.is_correct);
  return { ...question, kind, options: question.options.map((option, i) => ({ ...option, is_correct: i === Math.max(first, 0) })) };
}
