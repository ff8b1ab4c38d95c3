// The check-in's staff channel: questionnaires answered on the visitor's behalf, checked by the
// wizard's rule (answeredQuestionnaires): the entry ones before arrival, the exit ones before
// leaving. Audited in its transaction.
import { type VisitDetail, wizardTypeOfPerson } from '@vestibule/shared';
import type { z } from 'zod';
import type { visitAnswersSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { refuseUnless } from '../visits/invitations.service.ts';
import { toVisitDetail } from '../visits/visit.dto.ts';
import type { VisitActor } from '../visits/visitCaller.ts';
import { findTenantVisit, updateVisitIf } from '../visits/visits.repo.ts';
import { visibleVisit } from '../visits/visits.service.ts';
import { answeredQuestionnaires } from './visitRules.ts';

type AnswersBody = z.output<typeof visitAnswersSchema>;

/**
 * Answers given on the visitor's behalf, checked like the wizard's (every visible question,
 * values its type allows): the entry questionnaires before arrival, the exit ones before leaving.
 * The answers are the visit's; the audit log records that they were given, not what they are.
 */
export async function answerQuestionnaires(
  ctx: ServerContext,
  actor: VisitActor,
  id: string,
  body: AnswersBody,
  kind: 'ENTRY' | 'EXIT',
): Promise<VisitDetail> {
  const visit = await visibleVisit(ctx, actor, id);
  refuseUnless(visit, kind === 'ENTRY' ? 'questionnaires' : 'exitQuestionnaires');
  const questionnaires = await linkedQuestionnaires(
    ctx.db,
    visit.building_id,
    kind,
    wizardTypeOfPerson(visit.visitor_type),
  );
  const { stored } = answeredQuestionnaires(questionnaires, body.questionnairesAnswers);
  const values =
    kind === 'ENTRY'
      ? { questionnaires_answers: JSON.stringify(stored), questionnaires_answered_at: new Date() }
      : { exit_questionnaires_answers: JSON.stringify(stored) };
  const after = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateVisitIf(trx, id, values, kind === 'ENTRY' ? 'invited' : 'open');
    const row = await findTenantVisit(trx, actor.tenantId, id);
    if (!row) throw notFound();
    refuseUnless(row, kind === 'ENTRY' ? 'questionnaires' : 'exitQuestionnaires');
    if (!updated) throw notFound();
    await audit(trx, actor.audit, {
      tenantId: actor.tenantId,
      action: kind === 'ENTRY' ? 'MEETING_QUESTIONNAIRES_ANSWERED' : 'MEETING_EXIT_QUESTIONNAIRES_ANSWERED',
      entity: 'visit',
      entityId: id,
      after: { questionnaires: stored.map((q) => q.name) },
    });
    return row;
  });
  return toVisitDetail(after);
}
