// A building's questionnaire lists: the entry and the exit questionnaires of each person type.
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { questionnaireLists, questionnaireListsDto } from './buildings.dto.ts';
import {
  type LinkedVisitorType,
  type QuestionnaireKind,
  countTenantQuestionnaires,
  findBuilding,
  listBuildingQuestionnaireLinks,
  replaceQuestionnaireLinks,
} from './buildings.repo.ts';

/** The lists' keys, the same for the entry and the exit lists. */
const listKeys: Record<LinkedVisitorType, string> = {
  VISITOR: 'visitorQuestionnaires',
  CONTRACTOR: 'contractorQuestionnaires',
  EMPLOYEE: 'employeeQuestionnaires',
};
/**
 * The building's own fields for the exit lists (a building's answer, the audit log), the keys the
 * exit call took before it had the entry call's shape: still accepted there.
 */
const exitFieldKeys: Record<LinkedVisitorType, string> = {
  VISITOR: 'visitorExitQuestionnaires',
  CONTRACTOR: 'contractorExitQuestionnaires',
  EMPLOYEE: 'employeeExitQuestionnaires',
};

const linkedTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'] as const satisfies readonly LinkedVisitorType[];

type Lists = ReturnType<typeof questionnaireListsDto>;

export async function getQuestionnaireLists(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  kind: QuestionnaireKind,
): Promise<Lists> {
  const building = await findBuilding(ctx.db, tenantId, id);
  if (!building) throw notFound();
  return questionnaireListsDto(await listBuildingQuestionnaireLinks(ctx.db, [id]), kind);
}

export async function saveQuestionnaireLists(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string; kind: QuestionnaireKind },
  body: Record<string, readonly string[]>,
): Promise<Lists> {
  const { tenantId, id, kind } = target;
  if (!(await findBuilding(ctx.db, tenantId, id))) throw notFound();
  const listOf = (type: LinkedVisitorType) => [
    ...new Set(body[listKeys[type]] ?? (kind === 'EXIT' ? body[exitFieldKeys[type]] : undefined) ?? []),
  ];
  const lists = { VISITOR: listOf('VISITOR'), CONTRACTOR: listOf('CONTRACTOR'), EMPLOYEE: listOf('EMPLOYEE') };
  const distinct = [...new Set(Object.values(lists).flat())];
  // Only this tenant's questionnaires may be linked.
  if ((await countTenantQuestionnaires(ctx.db, tenantId, distinct)) !== distinct.length) {
    throw new AppError('NOT_FOUND', { field: 'questionnaires' });
  }
  // Audited under the building's field names, which tell the entry lists from the exit lists.
  const listsOf = async (db: Db) => {
    const stored = questionnaireLists(await listBuildingQuestionnaireLinks(db, [id]), kind);
    const keys = kind === 'ENTRY' ? listKeys : exitFieldKeys;
    return Object.fromEntries(linkedTypes.map((type) => [keys[type], stored[type]]));
  };
  await ctx.db.transaction().execute(async (trx) => {
    const before = await listsOf(trx);
    await replaceQuestionnaireLinks(trx, id, kind, lists);
    await audit(trx, actor, {
      tenantId,
      action: 'BUILDING_QUESTIONNAIRES_UPDATED',
      entity: 'building',
      entityId: id,
      ...changedFields(before, await listsOf(trx)),
    });
  });
  return getQuestionnaireLists(ctx, tenantId, id, kind);
}
