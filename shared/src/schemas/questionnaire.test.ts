import { describe, expect, it } from 'vitest';
import { answerOptions, answerStyle } from '../domain/answers.ts';
import { questionInputSchema } from './questionnaire.ts';

describe('question rules', () => {
  it('offers NA only for YESNONA and SKIP only when skipping is allowed', () => {
    expect(answerOptions('YESNO', false)).toEqual(['YES', 'NO']);
    expect(answerOptions('YESNONA', false)).toEqual(['YES', 'NO', 'NA']);
    expect(answerOptions('YESNONA', true)).toEqual(['YES', 'NO', 'NA', 'SKIP']);
    expect(answerOptions('FREEFORM', true)).toEqual([]);
  });
  it('styles alert answers of YESNO/YESNONA and warning answers of YESNONA', () => {
    expect(answerStyle({ questionType: 'YESNO', alertAnswer: 'YES', warningAnswer: null }, 'YES')).toBe('alert');
    expect(answerStyle({ questionType: 'YESNONA', alertAnswer: 'YES', warningAnswer: 'NA' }, 'NA')).toBe('warning');
    expect(answerStyle({ questionType: 'YESNO', alertAnswer: 'YES', warningAnswer: null }, 'NO')).toBe('normal');
  });
  it('refuses rules that do not fit the question type', () => {
    const ok = { text: 'Do you have a fever?', questionType: 'YESNO', alertAnswer: 'YES' };
    expect(questionInputSchema.safeParse(ok).success).toBe(true);
    expect(questionInputSchema.safeParse({ ...ok, alertAnswer: 'NA' }).success).toBe(false);
    expect(questionInputSchema.safeParse({ ...ok, warningAnswer: 'NO' }).success).toBe(false);
    expect(questionInputSchema.safeParse({ text: 'Why?', questionType: 'FREEFORM', alertAnswer: 'YES' }).success).toBe(
      false,
    );
    expect(questionInputSchema.safeParse({ ...ok, text: 'x'.repeat(2001) }).success).toBe(false);
    expect(questionInputSchema.safeParse({ ...ok, text: 'x'.repeat(2000) }).success).toBe(true);
  });
  it('needs both the earlier question and its answer for a follow-up', () => {
    const base = { text: 'Which country?', questionType: 'FREEFORM' };
    const id = '0192a0b0-0000-7000-8000-000000000001';
    expect(
      questionInputSchema.safeParse({ ...base, previousQuestionId: id, previousQuestionAnswer: 'YES' }).success,
    ).toBe(true);
    expect(questionInputSchema.safeParse({ ...base, previousQuestionId: id }).success).toBe(false);
  });
});
