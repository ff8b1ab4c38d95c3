import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@vestibule/shared';
import { AppError } from '../errors.ts';

// Reading an upload's multipart form, whole, before anything is stored: every way a form can be
// broken (no boundary, a truncated part, a damaged header, a part over a limit) is a refusal with
// a catalogue code (docs/errors.md, "Generic"), never a 500.

export interface UploadedFile {
  content: Buffer;
  fileName: string;
  contentType: string;
}

export interface MultipartForm {
  /** The form's one file, from the field `file`. */
  file: UploadedFile | undefined;
  /** The text fields the upload reads (others are skipped). */
  texts: Record<string, string>;
}

export interface MultipartRules {
  /** The largest file taken, in bytes (inclusive). */
  maxFileBytes: number;
  /** The upload's own refusal of a file over that size (its words name its limit). */
  tooBig: ErrorCode;
  /** The text fields the upload reads. */
  textFields: ReadonlySet<string>;
}

/** A text field's value over this many bytes is refused (no field of an upload needs more). */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

/** The multipart plugin's own refusals (a limit reached, a field it will not take) in catalogue codes. */
function refusalOf(error: unknown, rules: MultipartRules): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(rules.tooBig);
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION_FAILED', { field: 'file' });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AppError('VALIDATION_FAILED', { field: 'form' });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('MALFORMED_JSON');
    default:
      // Everything else the parser raises is the body's fault: no boundary, a part cut off, a
      // malformed part header, the connection closed mid-form. Nothing else runs in this loop.
      return new AppError('MALFORMED_MULTIPART');
  }
}

/**
 * The form of an upload, read to its end: a form that does not parse to its closing boundary
 * is refused (MALFORMED_MULTIPART) even when its file part arrived whole, so a broken upload
 * stores nothing. A body that is not multipart is UNSUPPORTED_MEDIA_TYPE.
 */
export async function readMultipartForm(request: FastifyRequest, rules: MultipartRules): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const form: MultipartForm = { file: undefined, texts: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxFileBytes,
        files: 1,
        fields: 10,
        parts: 11,
        fieldSize: MAX_TEXT_FIELD_BYTES,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', { field: part.fieldname.slice(0, 40) });
        const content = await part.toBuffer();
        if (part.file.truncated) throw new AppError(rules.tooBig);
        form.file = { content, fileName: part.filename, contentType: part.mimetype };
      } else if (rules.textFields.has(part.fieldname)) {
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', { field: part.fieldname });
        form.texts[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw refusalOf(error, rules);
  }
  return form;
}
