import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { tenantOf } from '../../plugins/auth.plugin.ts';
import { buildingManagers } from '../access.ts';
import {
  createDocument,
  documentVersion,
  documentVersions,
  listDocuments,
  publishVersion,
  removeDocument,
  updateDocumentSettings,
} from './documents.service.ts';

// A building's signed documents (docs/check-in.md, "Signed documents"): kept by the building's
// managers, as its other check-in settings (its questionnaire lists): their company, and a
// supervisor's assigned buildings only (another's answers 404).
const ofBuilding = { access: buildingManagers, tenant: true, tenantParams: { id: 'building' } } as const;
const ofDocument = { access: buildingManagers, tenant: true, tenantParams: { id: 'document' } } as const;

export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /building/:id/document', {
    config: ofBuilding,
    handler: (request) => listDocuments(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'POST /building/:id/document', {
    config: ofBuilding,
    handler: async (request, reply) => {
      const target = { tenantId: tenantOf(request), buildingId: request.params.id };
      return reply.code(201).send(await createDocument(app.ctx, auditActorOf(request), target, request.body));
    },
  });

  route(app, 'PATCH /buildingDocument/:id', {
    config: ofDocument,
    handler: (request) =>
      updateDocumentSettings(app.ctx, auditActorOf(request), tenantOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /buildingDocument/:id', {
    config: ofDocument,
    handler: (request) => removeDocument(app.ctx, auditActorOf(request), tenantOf(request), request.params.id),
  });

  route(app, 'POST /buildingDocument/:id/version', {
    config: ofDocument,
    handler: async (request, reply) => {
      const published = await publishVersion(
        app.ctx,
        auditActorOf(request),
        tenantOf(request),
        request.params.id,
        request.body.body,
      );
      return reply.code(201).send(published);
    },
  });

  route(app, 'GET /buildingDocument/:id/version', {
    config: ofDocument,
    handler: (request) => documentVersions(app.ctx, tenantOf(request), request.params.id),
  });

  route(app, 'GET /buildingDocument/:id/version/:version', {
    config: ofDocument,
    handler: (request) => documentVersion(app.ctx, tenantOf(request), request.params.id, request.params.version),
  });
}
