import { type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { QuestionsTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/likePattern.ts';

function selectQuestionnaires(db: Db) {
  return db
    .selectFrom('questionnaires')
    .innerJoin('tenants', 'tenants.id', 'questionnaires.tenant_id')
    .selectAll('questionnaires')
    .select('tenants.name as tenant_name')
    .select((eb) =>
      eb
        .selectFrom('questions')
        .select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('questions.questionnaire_id', '=', 'questionnaires.id')
        .as('questions_count'),
    );
}

export type QuestionnaireRow = NonNullable<Awaited<ReturnType<typeof findQuestionnaire>>>;
export type QuestionRow = Awaited<ReturnType<typeof listQuestions>>[number];

export function findQuestionnaire(db: Db, tenantId: string, id: string) {
  return selectQuestionnaires(db)
    .where('questionnaires.id', '=', id)
    .where('questionnaires.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function listQuestionnaires(
  db: Db,
  tenantId: string,
  options: { search?: string; descending: boolean; offset: number; limit: number },
): Promise<{ rows: QuestionnaireRow[]; total: number }> {
  let query = selectQuestionnaires(db).where('questionnaires.tenant_id', '=', tenantId);
  if (options.search) {
    const pattern = containsPattern(options.search);
    query = query.where((eb) =>
      eb.or([eb('questionnaires.name', 'ilike', pattern), eb('questionnaires.description', 'ilike', pattern)]),
    );
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('questionnaires.name', options.descending ? 'desc' : 'asc')
    .orderBy('questionnaires.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function listAllQuestionnaireRefs(db: Db, tenantId: string) {
  return db
    .selectFrom('questionnaires')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .execute();
}

export async function insertQuestionnaire(
  db: Db,
  row: { id: string; tenant_id: string; name: string; description: string | null },
): Promise<void> {
  await db.insertInto('questionnaires').values(row).execute();
}

export async function updateQuestionnaire(
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; description: string | null },
): Promise<void> {
  await db
    .updateTable('questionnaires')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function isQuestionnaireLinked(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('building_questionnaires')
    .select('building_id')
    .where('questionnaire_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteQuestionnaire(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('questionnaires').where('id', '=', id).where('tenant_id', '=', tenantId).execute();
}

export function listQuestions(db: Db, questionnaireId: string) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('questionnaire_id', '=', questionnaireId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

export async function insertQuestion(
  db: Db,
  row: Omit<QuestionsTable, 'created_at' | 'sort_order'> & { created_at?: never },
): Promise<void> {
  await db
    .insertInto('questions')
    .values({
      ...row,
      sort_order: sql<number>`(select coalesce(max(sort_order), -1) + 1 from questions where questionnaire_id = ${row.questionnaire_id})`,
    })
    .execute();
}

export async function updateQuestion(
  db: Db,
  questionnaireId: string,
  id: string,
  values: Updateable<QuestionsTable>,
): Promise<void> {
  await db
    .updateTable('questions')
    .set(values)
    .where('id', '=', id)
    .where('questionnaire_id', '=', questionnaireId)
    .execute();
}

/**
 * Locks a question of this questionnaire for its deletion, so no follow-up can be added to it
 * meanwhile (adding one waits on the lock); false when the question is not in that questionnaire.
 */
export async function lockQuestion(db: Db, questionnaireId: string, id: string): Promise<boolean> {
  const own = await db
    .selectFrom('questions')
    .select('id')
    .where('id', '=', id)
    .where('questionnaire_id', '=', questionnaireId)
    .forUpdate()
    .executeTakeFirst();
  return own !== undefined;
}

/** Deletes a question of this questionnaire (locked first, its follow-ups refused by the caller). */
export async function deleteQuestion(db: Db, questionnaireId: string, id: string): Promise<void> {
  await db.deleteFrom('questions').where('id', '=', id).where('questionnaire_id', '=', questionnaireId).execute();
}

/** Writes a new order for a questionnaire's questions (ids in their new order). */
export async function reorderQuestions(db: Db, questionnaireId: string, orderedIds: readonly string[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const [index, id] of orderedIds.entries()) {
      await trx
        .updateTable('questions')
        .set({ sort_order: index })
        .where('id', '=', id)
        .where('questionnaire_id', '=', questionnaireId)
        .execute();
    }
  });
}
