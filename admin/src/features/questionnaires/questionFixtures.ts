import type { Question } from '@vestibule/shared';

// Questions shaped as the server answers them (questionSchema), for the component tests.

const questionnaireId = '0190a8f2-0000-7000-8000-00000000f000';

export function questionFixture(position: number, overrides: Partial<Question> = {}): Question {
  return {
    id: `0190a8f2-0000-7000-8000-00000000f${String(position).padStart(3, '0')}`,
    questionnaireId,
    text: `Question text ${position}`,
    questionType: 'YESNO',
    alertAnswer: null,
    warningAnswer: null,
    previousQuestionId: null,
    previousQuestionAnswer: null,
    sortOrder: position - 1,
    ...overrides,
  };
}

/** 1 YESNO, 2 FREEFORM, 3 YESNONA, 4 YESNO following up on 1. */
export function mixedQuestions(): Question[] {
  const first = questionFixture(1, { text: 'Do you have a **fever**?', alertAnswer: 'YES' });
  return [
    first,
    questionFixture(2, { text: 'Who are you visiting?', questionType: 'FREEFORM' }),
    questionFixture(3, { text: 'Did you travel abroad?', questionType: 'YESNONA', warningAnswer: 'YES' }),
    questionFixture(4, {
      text: 'Did you see a doctor?',
      previousQuestionId: first.id,
      previousQuestionAnswer: 'YES',
    }),
  ];
}
