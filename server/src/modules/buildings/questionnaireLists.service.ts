// A building's questionnaire lists: the entry and the exit questionnaires of each person type.
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit, changedFields } from '../audit/audit.service.ts';
import { entryListsDto, exitListsDto } from './buildings.dto.ts';
import {
  type LinkedVisitorType,
  type QuestionnaireKind,
  countTenantQuestionnaires,
  findBuilding,
  listBuildingQuestionnaireLinks,
  replaceQuestionnaireLinks,
} from './buildings.repo.ts';

const kindLists: Record<QuestionnaireKind, Record<LinkedVisitorType, string>> = {
  ENTRY: {
    VISITOR: 'visitorQuestionnaires',
    CONTRACTOR: 'contractorQuestionnaires',
    EMPLOYEE: 'employeeQuestionnaires',
  },
  EXIT: {
    VISITOR: 'visitorExitQuestionnaires',
    CONTRACTOR: 'contractorExitQuestionnaires',
    EMPLOYEE: 'employeeExitQuestionnaires',
  },
};

/** The lists of one kind: entry questionnaires or exit questionnaires, per person type. */
type ListsOf<K extends QuestionnaireKind> = K extends 'ENTRY'
  ? ReturnType<typeof entryListsDto>
  : ReturnType<typeof exitListsDto>;

export async function getQuestionnaireLists<K extends QuestionnaireKind>(
  ctx: ServerContext,
  tenantId: string,
  id: string,
  kind: K,
): Promise<ListsOf<K>> {
  const building = await findBuilding(ctx.db, tenantId, id);
  if (!building) throw notFound();
  const links = await listBuildingQuestionnaireLinks(ctx.db, [id]);
  return (kind === 'ENTRY' ? entryListsDto(links) : exitListsDto(links)) as ListsOf<K>;
}

export async function saveQuestionnaireLists<K extends QuestionnaireKind>(
  ctx: ServerContext,
  actor: AuditActor,
  target: { tenantId: string; id: string; kind: K },
  body: Record<string, readonly string[]>,
): Promise<ListsOf<K>> {
  const { tenantId, id, kind } = target;
  if (!(await findBuilding(ctx.db, tenantId, id))) throw notFound();
  const names = kindLists[kind];
  const lists = {
    VISITOR: [...new Set(body[names.VISITOR] ?? [])],
    CONTRACTOR: [...new Set(body[names.CONTRACTOR] ?? [])],
    EMPLOYEE: [...new Set(body[names.EMPLOYEE] ?? [])],
  };
  const distinct = [...new Set(Object.values(lists).flat())];
  // Only this tenant's questionnaires may be linked.
  if ((await countTenantQuestionnaires(ctx.db, tenantId, distinct)) !== distinct.length) {
    throw new AppError('NOT_FOUND', { field: 'questionnaires' });
  }
  const listsOf = async (db: Db) => {
    const links = await listBuildingQuestionnaireLinks(db, [id]);
    return kind === 'ENTRY' ? entryListsDto(links) : exitListsDto(links);
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
