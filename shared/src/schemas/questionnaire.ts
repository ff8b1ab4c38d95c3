import { z } from 'zod';

export const questionTypes = ['YESNO', 'YESNONA', 'FREEFORM'] as const;
export type QuestionType = (typeof questionTypes)[number];
export const answerValues = ['SKIP', 'NA', 'YES', 'NO'] as const;
export type AnswerValue = (typeof answerValues)[number];
/** Answers a rule (alert, warning, follow-up condition) can name. */
export const ruleAnswers = ['YES', 'NO', 'NA'] as const;
export type RuleAnswer = (typeof ruleAnswers)[number];

export const QUESTION_TEXT_MAX = 2000;

export const questionnaireInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .meta({ id: 'QuestionnaireFields' });

export const questionnaireSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    questionsCount: z.number().int(),
    tenant: z.object({ id: z.uuid(), name: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Questionnaire' });
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/**
 * A question: alert answers apply to YESNO and YESNONA, warning answers to YESNONA, and NA
 * exists only for YESNONA; a follow-up names an earlier yes/no question and its answer.
 */
export const questionInputSchema = z
  .object({
    text: z.string().trim().min(1).max(QUESTION_TEXT_MAX),
    questionType: z.enum(questionTypes),
    alertAnswer: z.enum(ruleAnswers).nullable().optional().default(null),
    warningAnswer: z.enum(ruleAnswers).nullable().optional().default(null),
    previousQuestionId: z.uuid().nullable().optional().default(null),
    previousQuestionAnswer: z.enum(ruleAnswers).nullable().optional().default(null),
  })
  .superRefine((q, ctx) => {
    const refuse = (path: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: `not allowed for ${q.questionType}` });
    if (q.questionType === 'FREEFORM' && q.alertAnswer !== null) refuse('alertAnswer');
    if (q.questionType !== 'YESNONA' && q.warningAnswer !== null) refuse('warningAnswer');
    if (q.questionType === 'YESNO' && q.alertAnswer === 'NA') refuse('alertAnswer');
    if (q.alertAnswer !== null && q.alertAnswer === q.warningAnswer) refuse('warningAnswer');
    if ((q.previousQuestionId === null) !== (q.previousQuestionAnswer === null)) refuse('previousQuestionAnswer');
  })
  .meta({ id: 'QuestionFields' });
export type QuestionInput = z.input<typeof questionInputSchema>;

export const questionSchema = z
  .object({
    id: z.uuid(),
    questionnaireId: z.uuid(),
    text: z.string(),
    questionType: z.enum(questionTypes),
    alertAnswer: z.enum(ruleAnswers).nullable(),
    warningAnswer: z.enum(ruleAnswers).nullable(),
    previousQuestionId: z.uuid().nullable(),
    previousQuestionAnswer: z.enum(ruleAnswers).nullable(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof questionSchema>;
