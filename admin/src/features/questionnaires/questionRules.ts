import {
  answerOptions,
  ruleAnswers,
  type AnswerValue,
  type Question,
  type QuestionType,
  type RuleAnswer,
} from '@vestibule/shared';

// What the question dialog may offer, from the shared rules (answerOptions) and the
// server's follow-up rules: a follow-up names an EARLIER yes/no question, and NA only
// when that question is YESNONA.

/** The question dialog's values: a question's own fields, the shape the server takes (questionInputSchema). */
export type QuestionDraft = Pick<
  Question,
  'text' | 'questionType' | 'alertAnswer' | 'warningAnswer' | 'previousQuestionId' | 'previousQuestionAnswer'
>;

export function isRuleAnswer(value: unknown): value is RuleAnswer {
  return typeof value === 'string' && (ruleAnswers as readonly string[]).includes(value);
}

export function emptyDraft(): QuestionDraft {
  return {
    text: '',
    questionType: 'YESNO',
    alertAnswer: null,
    warningAnswer: null,
    previousQuestionId: null,
    previousQuestionAnswer: null,
  };
}

export function draftOf(question: Question): QuestionDraft {
  return {
    text: question.text,
    questionType: question.questionType,
    alertAnswer: question.alertAnswer,
    warningAnswer: question.warningAnswer,
    previousQuestionId: question.previousQuestionId,
    previousQuestionAnswer: question.previousQuestionAnswer,
  };
}

/** The answers a person can give to a question of this type (no SKIP: rules never name it). */
export function typeAnswers(type: QuestionType): RuleAnswer[] {
  return answerOptions(type, false).filter(isRuleAnswer);
}

/** Alert answers a type allows: YESNO and YESNONA only. */
export function alertChoices(type: QuestionType): RuleAnswer[] {
  return typeAnswers(type);
}

/** Warning answers: YESNONA only, and never the alert answer. */
export function warningChoices(type: QuestionType, alert: RuleAnswer | null): RuleAnswer[] {
  if (type !== 'YESNONA') return [];
  return typeAnswers(type).filter((answer) => answer !== alert);
}

export interface NumberedQuestion {
  question: Question;
  /** 1-based position in the questionnaire. */
  number: number;
}

/**
 * The questions a follow-up may depend on: yes/no questions placed before it (all of them
 * for a new question, which goes at the end).
 */
export function followUpCandidates(questions: readonly Question[], editingId: string | null): NumberedQuestion[] {
  const end = editingId === null ? questions.length : questions.findIndex((q) => q.id === editingId);
  return questions
    .slice(0, end < 0 ? questions.length : end)
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => question.questionType !== 'FREEFORM');
}

/** The answers of the earlier question that can show a follow-up. */
export function followUpAnswerChoices(previous: Pick<Question, 'questionType'> | undefined): RuleAnswer[] {
  return previous ? typeAnswers(previous.questionType) : [];
}

/** Questions that follow up on this one. */
export function dependentsOf(questions: readonly Question[], id: string): NumberedQuestion[] {
  return questions
    .map((question, index) => ({ question, number: index + 1 }))
    .filter(({ question }) => question.previousQuestionId === id);
}

/**
 * Why a type cannot be chosen for the question being edited: follow-ups need it to stay a
 * yes/no question, and one that depends on "NA" needs YESNONA.
 */
export function typeRestriction(
  questions: readonly Question[],
  editingId: string | null,
  type: QuestionType,
): 'staysYesNo' | 'keepsNotApplicable' | null {
  if (editingId === null) return null;
  const dependents = dependentsOf(questions, editingId);
  if (dependents.length === 0) return null;
  if (type === 'FREEFORM') return 'staysYesNo';
  if (type === 'YESNO' && dependents.some(({ question }) => question.previousQuestionAnswer === 'NA')) {
    return 'keepsNotApplicable';
  }
  return null;
}

/** Keeps a draft within what its type and its follow-up allow, after any change. */
export function normalizeDraft(
  draft: QuestionDraft,
  questions: readonly Question[],
  editingId: string | null,
): QuestionDraft {
  const next = { ...draft };
  if (next.alertAnswer !== null && !alertChoices(next.questionType).includes(next.alertAnswer)) {
    next.alertAnswer = null;
  }
  if (
    next.warningAnswer !== null &&
    !warningChoices(next.questionType, next.alertAnswer).includes(next.warningAnswer)
  ) {
    next.warningAnswer = null;
  }
  const previous = followUpCandidates(questions, editingId).find(
    ({ question }) => question.id === next.previousQuestionId,
  )?.question;
  if (!previous) {
    next.previousQuestionId = null;
    next.previousQuestionAnswer = null;
  } else if (
    next.previousQuestionAnswer === null ||
    !followUpAnswerChoices(previous).includes(next.previousQuestionAnswer)
  ) {
    next.previousQuestionAnswer = 'YES';
  }
  return next;
}

/** The answers a question shows, each with its style (answerStyle decides it). */
export function shownAnswers(type: QuestionType): AnswerValue[] {
  return answerOptions(type, false);
}

/** A one-line plain-text excerpt of a markdown text, for labels and option lists. */
export function plainExcerpt(markdown: string, max = 60): string {
  const plain = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
