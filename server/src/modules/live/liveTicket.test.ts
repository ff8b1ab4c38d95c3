import { describe, expect, it } from 'vitest';
import { LIVE_TICKET_SECONDS } from '@vestibule/shared/contract';
import { signTicket, verifyTicket, withoutTicket } from './liveTicket.ts';

const claims = {
  sessionId: '0192a0b0-0000-7000-8000-000000000001',
  tenantId: '0192a0b0-0000-7000-8000-000000000002',
  buildingId: null,
};
const now = Date.UTC(2026, 10, 25, 12);

describe('live tickets', () => {
  it('carry their session, company and building until they expire', () => {
    const { ticket, expiresAt } = signTicket('secret', claims, now);
    expect(expiresAt.getTime()).toBe(now + LIVE_TICKET_SECONDS * 1000);
    expect(verifyTicket('secret', ticket, now)).toEqual({ ...claims, expiry: now / 1000 + LIVE_TICKET_SECONDS });
    const withBuilding = signTicket('secret', { ...claims, buildingId: claims.tenantId }, now).ticket;
    expect(verifyTicket('secret', withBuilding, now)).toMatchObject({ buildingId: claims.tenantId });
    expect(verifyTicket('secret', ticket, now + LIVE_TICKET_SECONDS * 1000 + 1000)).toBeUndefined();
  });

  it('refuse another secret, an altered claim and garbage', () => {
    const { ticket } = signTicket('secret', claims, now);
    expect(verifyTicket('other', ticket, now)).toBeUndefined();
    const altered = ticket.replace(claims.tenantId, '0192a0b0-0000-7000-8000-000000000003');
    expect(verifyTicket('secret', altered, now)).toBeUndefined();
    const later = ticket.replace(/\.(\d+)\./, (_, expiry: string) => `.${Number(expiry) + 3600}.`);
    expect(verifyTicket('secret', later, now)).toBeUndefined();
    for (const junk of ['', 'v1', `${ticket}x`, ticket.replace('v1', 'v2'), 'a.b.c.d.e.f'])
      expect(verifyTicket('secret', junk, now)).toBeUndefined();
  });

  it('never reach the request log', () => {
    expect(withoutTicket('/service/live/visits?ticket=v1.abc.def&lastEventId=3')).toBe(
      '/service/live/visits?ticket=[hidden]&lastEventId=3',
    );
    expect(withoutTicket('/service/live/visits?lastEventId=3&ticket=v1.abc')).toBe(
      '/service/live/visits?lastEventId=3&ticket=[hidden]',
    );
    expect(withoutTicket('/service/meeting?search=x')).toBe('/service/meeting?search=x');
  });
});
