import type { Answer } from '@/api/model';

/** How each answer reads on its button. */
export const answerLabels: Record<Answer, string> = {
  going: 'Going',
  maybe: 'Maybe',
  not_going: "Can't go",
};
