import { auditLogPageSchema } from '@vestibule/shared';
import { answerCalls } from '../../../test/answerCalls.ts';
import type { AuditLogEntry } from '../auditApi.ts';

// Answers shaped as the server contract gives them (the shared schema parses every fixture), for
// the Logs screen's tests.

export function auditEntry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: '0190a8f2-0000-7000-8000-00000000a001',
    at: '2026-03-05T14:07:00.000Z',
    tenantId: '0190a8f2-0000-7000-8000-000000000001',
    actorId: '0190a8f2-0000-7000-8000-0000000000aa',
    actorUsername: 'corporate',
    actorChannel: null,
    actorDeviceId: null,
    actorDeviceName: null,
    actingAsId: null,
    actingAsUsername: null,
    action: 'BUILDING_UPDATED',
    entity: 'building',
    entityId: '0190a8f2-0000-7000-8000-0000000000b1',
    before: { name: 'Head office', pinCode: '[hidden]' },
    after: { name: 'Main office', pinCode: '[hidden]' },
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

/** A server holding these rows (newest first); it answers every page with them and counts `total`. */
export function answerAuditLog(rows: AuditLogEntry[], total = rows.length) {
  return answerCalls({
    'GET /auditLog': () => auditLogPageSchema.parse({ docs: rows, totalDocs: total }),
    'GET /auditLog/audit.csv': () =>
      new Response('\uFEFFWhen,Who\r\n2026-03-05T14:07:00.000Z,corporate\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      }),
  });
}
