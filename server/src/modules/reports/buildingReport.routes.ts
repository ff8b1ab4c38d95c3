import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { replicaReads } from '../../http/replicaReads.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import { assignedBuildingsOf, buildingManagers } from '../access.ts';
import { buildingReport } from './buildingReport.service.ts';

// The building report (docs/reports.md): administrators, masters and supervisors of the request's
// company. The buildings are a comma list in the query, so the service checks them (404 for one
// of another company or not assigned to a supervisor) rather than the auth hook's path check.

export async function buildingReportRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /reports/building', {
    config: { access: buildingManagers, tenant: true },
    handler: async (request) =>
      buildingReport(
        await replicaReads(app.ctx, request),
        { tenantId: tenantOf(request), assignedTo: assignedBuildingsOf(authOf(request)) },
        request.query,
      ),
  });
}
