import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maySelectTenant } from '@vestibule/shared';
import { pickLocale } from '@vestibule/shared/i18n';
import { AppError } from '../../../errors.ts';
import { auditActorOf } from '../../../http/auditActor.ts';
import { route } from '../../../http/route.ts';
import { authOf, tenantOf } from '../../../plugins/auth.plugin.ts';
import { assignedBuildingsOf, buildingManagers } from '../../access.ts';
import { PEOPLE_UPLOAD_MAX_BYTES, isCsvUpload } from './csvFile.ts';
import { importPeople, uploadTenant } from './import.service.ts';
import { parseUploadFields, uploadFormFields } from './uploadFields.ts';

// PATCH /people/upload: a multipart form with the CSV as `file` (at most 5 MB) and
// the mapping as `fields` (or one form field each), for a company's administrators, corporate
// users and supervisors (who import into their assigned buildings only).

interface UploadForm {
  file: { content: Buffer; fileName: string; contentType: string } | undefined;
  texts: Record<string, string>;
}

const readFields = new Set<string>([...uploadFormFields, 'tenantId']);

/** A limit of the form passed (a second file, too many fields): a refusal of the form, not of its size. */
function formRefusal(error: unknown): never {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('sizeTooBig');
  if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', { field: 'file' });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('VALIDATION_FAILED');
  throw error;
}

/** The form's file and text fields, the file read whole (the parser needs all of it). */
async function readForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('invalidFormat');
  const form: UploadForm = { file: undefined, texts: {} };
  const parts = request.parts({ limits: { fileSize: PEOPLE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', { field: part.fieldname.slice(0, 40) });
        const content = await part.toBuffer();
        if (part.file.truncated) throw new AppError('sizeTooBig');
        form.file = { content, fileName: part.filename, contentType: part.mimetype };
      } else if (readFields.has(part.fieldname)) {
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', { field: part.fieldname });
        form.texts[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    formRefusal(error);
  }
  return form;
}

export async function peopleImportRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'PATCH /people/upload', {
    config: { access: buildingManagers, tenant: true },
    handler: async (request) => {
      const auth = authOf(request);
      const form = await readForm(request);
      if (!form.file) throw new AppError('MISSING', { field: 'file' });
      if (!isCsvUpload(form.file.fileName, form.file.contentType)) throw new AppError('invalidFormat');
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
