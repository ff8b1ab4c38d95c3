import { describe, expect, it } from 'vitest';
import { mixedQuestions, questionFixture } from './questionFixtures.ts';
import {
  alertChoices,
  emptyDraft,
  followUpCandidates,
  normalizeDraft,
  plainExcerpt,
  typeRestriction,
  warningChoices,
} from './questionRules.ts';

describe('question rules', () => {
  it('allows alert answers by type: none for free text, NA only for YESNONA', () => {
    expect(alertChoices('YESNO')).toEqual(['YES', 'NO']);
    expect(alertChoices('YESNONA')).toEqual(['YES', 'NO', 'NA']);
    expect(alertChoices('FREEFORM')).toEqual([]);
  });

  it('allows warning answers for YESNONA only, never the alert answer', () => {
    expect(warningChoices('YESNO', null)).toEqual([]);
    expect(warningChoices('FREEFORM', null)).toEqual([]);
    expect(warningChoices('YESNONA', null)).toEqual(['YES', 'NO', 'NA']);
    expect(warningChoices('YESNONA', 'NO')).toEqual(['YES', 'NA']);
  });

  it('lets a follow-up depend only on earlier yes/no questions', () => {
    const questions = mixedQuestions();
    const numbers = (editingId: string | null) => followUpCandidates(questions, editingId).map(({ number }) => number);
    expect(numbers(null)).toEqual([1, 3, 4]);
    expect(numbers(questions[3]?.id ?? '')).toEqual([1, 3]);
    expect(numbers(questions[0]?.id ?? '')).toEqual([]);
  });

  it('clears what a new type does not allow and keeps the alert and warning apart', () => {
    const questions = mixedQuestions();
    const draft = { ...emptyDraft(), questionType: 'YESNONA' as const, alertAnswer: 'NA' as const };
    expect(normalizeDraft({ ...draft, questionType: 'YESNO' }, questions, null).alertAnswer).toBeNull();
    expect(normalizeDraft({ ...draft, warningAnswer: 'YES' }, questions, null).warningAnswer).toBe('YES');
    expect(normalizeDraft({ ...draft, warningAnswer: 'NA' }, questions, null).warningAnswer).toBeNull();
    const freeText = normalizeDraft({ ...draft, warningAnswer: 'YES', questionType: 'FREEFORM' }, questions, null);
    expect([freeText.alertAnswer, freeText.warningAnswer]).toEqual([null, null]);
  });

  it('defaults the follow-up answer to YES and drops NA after a YESNO question', () => {
    const questions = mixedQuestions();
    const first = questions[0]?.id ?? '';
    const third = questions[2]?.id ?? '';
    expect(normalizeDraft({ ...emptyDraft(), previousQuestionId: first }, questions, null).previousQuestionAnswer).toBe(
      'YES',
    );
    const afterNa = { ...emptyDraft(), previousQuestionId: third, previousQuestionAnswer: 'NA' as const };
    expect(normalizeDraft(afterNa, questions, null).previousQuestionAnswer).toBe('NA');
    expect(normalizeDraft({ ...afterNa, previousQuestionId: first }, questions, null).previousQuestionAnswer).toBe(
      'YES',
    );
    const unknown = normalizeDraft({ ...afterNa, previousQuestionId: questions[1]?.id ?? '' }, questions, null);
    expect([unknown.previousQuestionId, unknown.previousQuestionAnswer]).toEqual([null, null]);
  });

  it('keeps the type a follow-up needs', () => {
    const base = questionFixture(1, { questionType: 'YESNONA' });
    const naFollowUp = questionFixture(2, { previousQuestionId: base.id, previousQuestionAnswer: 'NA' });
    expect(typeRestriction([base, naFollowUp], base.id, 'FREEFORM')).toBe('staysYesNo');
    expect(typeRestriction([base, naFollowUp], base.id, 'YESNO')).toBe('keepsNotApplicable');
    expect(typeRestriction([base, naFollowUp], base.id, 'YESNONA')).toBeNull();
    expect(typeRestriction([base], base.id, 'FREEFORM')).toBeNull();
    expect(typeRestriction([base, naFollowUp], null, 'FREEFORM')).toBeNull();
  });

  it('makes a short plain-text excerpt of markdown', () => {
    expect(plainExcerpt('Do you have a **fever** or a [cough](https://example.com)?')).toBe(
      'Do you have a fever or a cough?',
    );
    expect(plainExcerpt('# Title\n\n- item', 60)).toBe('Title item');
    expect(plainExcerpt('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
