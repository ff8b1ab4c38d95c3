import type { ListQuery, Question, Questionnaire, questionInputSchema } from '@vestibule/shared';
import { uuidv7 } from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import {
  type QuestionRow,
  type QuestionnaireRow,
  deleteQuestion,
  lockQuestion,
  deleteQuestionnaire,
  findQuestionnaire,
  insertQuestion,
  insertQuestionnaire,
  isQuestionnaireLinked,
  listAllQuestionnaireRefs,
  listQuestionnaires,
  listQuestions,
  reorderQuestions,
  updateQuestion,
  updateQuestionnaire,
} from './questionnaires.repo.ts';

type QuestionInput = z.output<typeof questionInputSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

function toQuestionnaire(row: QuestionnaireRow): Questionnaire {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    questionsCount: Number(row.questions_count ?? 0),
    tenant: { id: row.tenant_id, name: row.tenant_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    questionnaireId: row.questionnaire_id,
    text: row.text,
    questionType: row.question_type,
    alertAnswer: row.alert_answer as Question['alertAnswer'],
    warningAnswer: row.warning_answer as Question['warningAnswer'],
    previousQuestionId: row.previous_question_id,
    previousQuestionAnswer: row.previous_question_answer as Question['previousQuestionAnswer'],
    sortOrder: row.sort_order,
  };
}

export async function getQuestionnaire(ctx: ServerContext, tenantId: string, id: string): Promise<Questionnaire> {
  const row = await findQuestionnaire(ctx.db, tenantId, id);
  if (!row) throw notFound();
  return toQuestionnaire(row);
}

export async function listTenantQuestionnaires(ctx: ServerContext, tenantId: string, query: ListQuery) {
  const limit = query.limit ?? 25;
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await listQuestionnaires(ctx.db, tenantId, {
    search: query.search?.trim() || undefined,
    descending: query.order === -1,
    offset: (page - 1) * limit,
    limit,
  });
  return { docs: rows.map(toQuestionnaire), totalDocs: total };
}

export function allQuestionnaires(ctx: ServerContext, tenantId: string) {
  return listAllQuestionnaireRefs(ctx.db, tenantId);
}

/** Where the audit log files a questionnaire's changes, its questions' too (one history per questionnaire). */
const auditedQuestionnaire = (tenantId: string, id: string) => ({ tenantId, entity: 'questionnaire', entityId: id });

export async function createQuestionnaire(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: { name: string; description: string | null },
) {
  const id = uuidv7();
  await ctx.db.transaction().execute(async (trx) => {
    await insertQuestionnaire(trx, { id, tenant_id: tenantId, ...input });
    await audit(trx, actor, { ...auditedQuestionnaire(tenantId, id), action: 'QUESTIONNAIRE_CREATED', after: input });
  });
  return getQuestionnaire(ctx, tenantId, id);
}

export async function editQuestionnaire(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
  input: { name: string; description: string | null },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findQuestionnaire(trx, tenantId, id);
    if (!before) throw notFound();
    await updateQuestionnaire(trx, tenantId, id, input);
    await audit(trx, actor, {
      ...auditedQuestionnaire(tenantId, id),
      action: 'QUESTIONNAIRE_UPDATED',
      ...changedFields({ name: before.name, description: before.description }, input),
    });
  });
  return getQuestionnaire(ctx, tenantId, id);
}

/** A questionnaire still linked to a building cannot be deleted (its visits' answers refer to it). */
export async function removeQuestionnaire(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  id: string,
): Promise<void> {
  if (await isQuestionnaireLinked(ctx.db, id)) throw new AppError('QUESTIONNAIRE_IN_USE');
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findQuestionnaire(trx, tenantId, id);
    if (!before) return;
    await deleteQuestionnaire(trx, tenantId, id);
    await audit(trx, actor, {
      ...auditedQuestionnaire(tenantId, id),
      action: 'QUESTIONNAIRE_DELETED',
      before: {
        name: before.name,
        description: before.description,
        questionsCount: Number(before.questions_count ?? 0),
      },
    });
  });
}

export async function questionsOf(ctx: ServerContext, questionnaireId: string): Promise<Question[]> {
  return (await listQuestions(ctx.db, questionnaireId)).map(toQuestion);
}

/** A follow-up must name an earlier yes/no question of the same questionnaire. */
function checkFollowUp(input: QuestionInput, earlier: readonly QuestionRow[]): void {
  if (!input.previousQuestionId) return;
  const previous = earlier.find((q) => q.id === input.previousQuestionId);
  if (!previous || previous.question_type === 'FREEFORM')
    throw new AppError('QUESTION_FOLLOW_UP_INVALID', { field: 'previousQuestionId' });
  if (input.previousQuestionAnswer === 'NA' && previous.question_type !== 'YESNONA') {
    throw new AppError('QUESTION_FOLLOW_UP_INVALID', { field: 'previousQuestionAnswer' });
  }
}

/** A question as the audit log keeps it: its id and the fields a manager sets. */
function auditedQuestion(row: QuestionRow) {
  const { id, ...fields } = toQuestion(row);
  return { questionId: id, ...fields };
}

function questionColumns(input: QuestionInput) {
  return {
    text: input.text,
    question_type: input.questionType,
    alert_answer: input.alertAnswer,
    warning_answer: input.warningAnswer,
    previous_question_id: input.previousQuestionId,
    previous_question_answer: input.previousQuestionAnswer,
  };
}

export async function addQuestion(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; questionnaireId: string },
  input: QuestionInput,
): Promise<Question> {
  const { tenantId, questionnaireId } = target;
  checkFollowUp(input, await listQuestions(ctx.db, questionnaireId));
  const id = uuidv7();
  await ctx.db.transaction().execute(async (trx) => {
    await insertQuestion(trx, { id, questionnaire_id: questionnaireId, ...questionColumns(input) });
    const row = (await listQuestions(trx, questionnaireId)).find((q) => q.id === id);
    if (!row) throw notFound();
    await audit(trx, actor, {
      ...auditedQuestionnaire(tenantId, questionnaireId),
      action: 'QUESTION_CREATED',
      after: auditedQuestion(row),
    });
  });
  const created = (await questionsOf(ctx, questionnaireId)).find((q) => q.id === id);
  if (!created) throw notFound();
  return created;
}

export async function editQuestion(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; questionnaireId: string; id: string },
  input: QuestionInput,
): Promise<Question> {
  const { tenantId, questionnaireId, id } = target;
  const questions = await listQuestions(ctx.db, questionnaireId);
  const index = questions.findIndex((q) => q.id === id);
  if (index < 0) throw notFound();
  checkFollowUp(input, questions.slice(0, index));
  // A question that others follow up on must keep offering the answers they depend on.
  const followUps = questions.filter((q) => q.previous_question_id === id);
  const lostAnswer = followUps.some(
    (q) =>
      input.questionType === 'FREEFORM' || (q.previous_question_answer === 'NA' && input.questionType !== 'YESNONA'),
  );
  if (lostAnswer) throw new AppError('QUESTION_FOLLOW_UP_INVALID', { field: 'questionType' });
  await ctx.db.transaction().execute(async (trx) => {
    await updateQuestion(trx, questionnaireId, id, questionColumns(input));
    const after = (await listQuestions(trx, questionnaireId)).find((q) => q.id === id);
    if (!after) throw notFound();
    const before = questions[index] as QuestionRow;
    const changes = changedFields(auditedQuestion(before), auditedQuestion(after));
    await audit(trx, actor, {
      ...auditedQuestionnaire(tenantId, questionnaireId),
      action: 'QUESTION_UPDATED',
      // Which question: its id stays on both sides.
      before: { questionId: id, ...changes.before },
      after: { questionId: id, ...changes.after },
    });
  });
  return (await questionsOf(ctx, questionnaireId))[index] as Question;
}

/**
 * Deletes a question of that questionnaire (404 for a question of another one: nothing changes).
 * A question others follow up on is kept, refused with QUESTION_HAS_FOLLOW_UPS naming them by
 * their numbers in the list: deleting it would ask them always, which nobody chose.
 */
export async function removeQuestion(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; questionnaireId: string; id: string },
): Promise<void> {
  const { tenantId, questionnaireId, id } = target;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockQuestion(trx, questionnaireId, id))) throw notFound();
    const questions = await listQuestions(trx, questionnaireId);
    const before = questions.find((q) => q.id === id);
    if (!before) throw notFound();
    const followUps = questions
      .map((question, index) => ({ question, number: index + 1 }))
      .filter(({ question }) => question.previous_question_id === id);
    if (followUps.length > 0) {
      throw new AppError('QUESTION_HAS_FOLLOW_UPS', {
        numbers: followUps.map(({ number }) => number).join(', '),
        followUpIds: followUps.map(({ question }) => question.id).join(','),
      });
    }
    await deleteQuestion(trx, questionnaireId, id);
    await audit(trx, actor, {
      ...auditedQuestionnaire(tenantId, questionnaireId),
      action: 'QUESTION_DELETED',
      before: auditedQuestion(before),
    });
  });
}

/**
 * Moves a question one place up or down and answers the new list. A follow-up never moves
 * above the question it depends on (nor that question below it).
 */
export async function moveQuestion(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; questionnaireId: string; id: string },
  direction: 'up' | 'down',
) {
  const { tenantId, questionnaireId, id } = target;
  const questions = await listQuestions(ctx.db, questionnaireId);
  const index = questions.findIndex((q) => q.id === id);
  if (index < 0) throw notFound();
  const other = direction === 'up' ? index - 1 : index + 1;
  const moving = questions[index];
  const swapped = questions[other];
  if (moving && swapped) {
    const [first, second] = direction === 'up' ? [swapped, moving] : [moving, swapped];
    if (second.previous_question_id === first.id)
      throw new AppError('QUESTION_FOLLOW_UP_ORDER', { field: 'sortOrder' });
    const order = questions.map((q) => q.id);
    order[index] = swapped.id;
    order[other] = moving.id;
    await ctx.db.transaction().execute(async (trx) => {
      await reorderQuestions(trx, questionnaireId, order);
      await audit(trx, actor, {
        ...auditedQuestionnaire(tenantId, questionnaireId),
        action: 'QUESTION_MOVED',
        before: { questionId: id, sortOrder: index },
        after: { questionId: id, sortOrder: other },
      });
    });
  }
  return questionsOf(ctx, questionnaireId);
}
