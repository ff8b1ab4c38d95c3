import type { FastifyInstance } from 'fastify';
import { maySelectTenant } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import { AppError } from '../../../errors.ts';
import { auditActorOf } from '../../../http/auditActor.ts';
import { readMultipartForm } from '../../../http/multipartForm.ts';
import { route } from '../../../http/route.ts';
import { authOf, tenantOf } from '../../../plugins/auth.plugin.ts';
import { assignedBuildingsOf, buildingManagers } from '../../access.ts';
import { PEOPLE_UPLOAD_MAX_BYTES, isCsvUpload } from './csvFile.ts';
import { importPeople, uploadTenant } from './import.service.ts';
import { parseUploadFields, uploadFormFields } from './uploadFields.ts';

// PATCH /people/upload: a multipart form with the CSV as `file` (at most 5 MB) and
// the mapping as `fields` (or one form field each), for a company's administrators, corporate
// users and supervisors (who import into their assigned buildings only).

const uploadRules = {
  maxFileBytes: PEOPLE_UPLOAD_MAX_BYTES,
  tooBig: 'PEOPLE_UPLOAD_FILE_TOO_BIG',
  textFields: new Set<string>([...uploadFormFields, 'tenantId']),
} as const;

export async function peopleImportRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'PATCH /people/upload', {
    config: { access: buildingManagers, tenant: true },
    handler: async (request) => {
      const auth = authOf(request);
      const form = await readMultipartForm(request, uploadRules);
      if (!form.file) throw new AppError('MISSING', { field: 'file' });
      if (!isCsvUpload(form.file.fileName, form.file.contentType)) throw new AppError('PEOPLE_UPLOAD_INVALID_FILE');
      const fields = parseUploadFields(form.texts);
      const caller = { tenantId: tenantOf(request), maySelectTenant: maySelectTenant(auth.role) };
      const tenantId = await uploadTenant(app.ctx, caller, form.texts.tenantId);
      const scope = { tenantId, assignedTo: assignedBuildingsOf(auth) };
      const upload = { fields, content: form.file.content };
      return importPeople(
        app.ctx,
        auditActorOf(request),
        scope,
        upload,
        pickLocale(request.headers['accept-language']),
      );
    },
  });
}
