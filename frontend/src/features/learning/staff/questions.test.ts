import { describe, expect, it } from 'vitest';
import { emptyQuestion, markOption, withKind } from './questions';

describe('quiz questions', () => {
  it('keeps one right answer for single choice', () => {
    const question = { ...emptyQuestion(), options: [...emptyQuestion().options, { text: 'c', is_correct: false }] };
    expect(markOption(question, 2, true).map((o) => o.is_correct)).toEqual([false, false, true]);
  });

  it('lets multiple choice have several right answers', () => {
    const question = { ...emptyQuestion(), kind: 'multiple' as const };
    expect(markOption(question, 1, true).map((o) => o.is_correct)).toEqual([true, true]);
  });

  it('narrows to the first right answer when switched to single choice', () => {
    const question = {
      ...emptyQuestion(),
      kind: 'multiple' as const,
      options: [
        { text: 'a', is_correct: false },
        { text: 'b', is_correct: true },
        { text: 'c', is_correct: true },
      ],
    };
    expect(withKind(question, 'single').options.map((o) => o.is_correct)).toEqual([false, true, false]);
  });
});
