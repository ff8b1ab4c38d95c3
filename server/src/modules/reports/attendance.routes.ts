import type { FastifyInstance } from 'fastify';
import { pickLocale } from '@vestibule/shared/i18n';
import { route } from '../../http/route.ts';
import { replicaReads } from '../../http/replicaReads.ts';
import { buildingManagers } from '../access.ts';
import { callerOf } from '../visits/visitCaller.ts';
import { attendanceCsv, attendanceReport } from './attendance.service.ts';

// The attendance and absence report (/absence-reports): admins, masters and supervisors
// (docs/roles.md), in the request's company; a supervisor's buildings are their assigned ones
// (404 for any other, checked by the service on the query's building list).
const policy = { access: buildingManagers, tenant: true } as const;

export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, 'GET /reports/attendance', {
    config: policy,
    handler: async (request) => attendanceReport(await replicaReads(ctx, request), callerOf(request), request.query),
  });

  route(app, 'GET /reports/attendance/people.csv', {
    config: policy,
    handler: async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const { page: _page, limit: _limit, ...query } = request.query;
      const text = await attendanceCsv(await replicaReads(ctx, request), callerOf(request), query, locale);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="attendance.csv"')
        .send(text);
    },
  });
}
