import { describe, expect, it } from 'vitest';
import type { QuizListItem } from '@/api/model';
import { certificateFile, mayOpen, scoreLine, statusOf } from './access';

const quiz = (over: Partial<QuizListItem>): QuizListItem => ({
  id: 1,
  name: 'Q',
  description: '',
  categories: [],
  quiz_passed: false,
  remaining_attempts: 2,
  ...over,
});

describe('quiz rows', () => {
  it('open only when not passed and attempts remain or the delay is over', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(mayOpen(quiz({}), now)).toBe(true);
    expect(mayOpen(quiz({ quiz_passed: true }), now)).toBe(false);
    expect(mayOpen(quiz({ remaining_attempts: 0 }), now)).toBe(false);
    expect(mayOpen(quiz({ delayed_until: '2026-11-24T00:00:00Z' }), now)).toBe(false);
    expect(mayOpen(quiz({ delayed_until: '2026-11-23T11:00:00Z' }), now)).toBe(true);
  });

  it('read Complete or In progress and name the certificate file', () => {
    expect(statusOf(quiz({ quiz_passed: true }))).toBe('Complete');
    expect(statusOf(quiz({}))).toBe('In progress');
    expect(certificateFile('/api/certificates/ABCD/pdf')).toBe('cohort-certificate-ABCD.pdf');
    expect(certificateFile('/api/certificates/ABCD/credential')).toBe('cohort-certificate-ABCD.json');
  });

  it('count attempts left only on a quiz not yet passed', () => {
    expect(scoreLine(quiz({}))).toBeNull();
    expect(scoreLine(quiz({ percent_correct_answers: 50, remaining_attempts: 1 }))).toBe('Last score: 50% · 1 attempt left');
    expect(scoreLine(quiz({ quiz_passed: true, percent_correct_answers: 100, remaining_attempts: 1 }))).toBe('Passed with 100%');
  });
});
