import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@vestibule/shared';
import { auditActorOf } from '../../http/auditActor.ts';
import { route } from '../../http/route.ts';
import { authOf, tenantOf } from '../../plugins/auth.plugin.ts';
import {
  type Booker,
  bookingHealth,
  bookingOf,
  cancelBooking,
  changeBooking,
  createBooking,
  decideBooking,
  listBookings,
} from './spaceBookings.service.ts';
import { bookingFloor, checkInToBooking, spaceNow, whereabouts } from './bookingCheckIn.service.ts';
import {
  approvalSummary,
  bookingExport,
  bookingExportIcs,
  bookingExportPdf,
  bookingPeople,
  emailBookingAgain,
  publicFloorBookings,
} from './spaceBookingPublic.service.ts';

// Space booking (docs/space-booking.md): every signed-in user of a company but its technicians.
// A booking is found by its company and the caller's buildings in the service (its identifier
// may carry an occurrence's suffix, so the auth hook's row check does not read it): another
// company's booking, or one in a building the caller does not see, is 404; a booking the caller
// sees but may not change (not its host, not a manager; not an approver of its space) is 403.

const bookers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'];
const config = { access: bookers, tenant: true } as const;

function bookerOf(request: FastifyRequest): Booker {
  const auth = authOf(request);
  return { tenantId: tenantOf(request), userId: auth.userId, role: auth.role };
}

export async function spaceBookingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /spacebooking', {
    config,
    handler: (request) => listBookings(app.ctx, bookerOf(request), request.query),
  });

  route(app, 'GET /spacebooking/test', {
    config,
    handler: (request) => bookingHealth(app.ctx, tenantOf(request)),
  });

  route(app, 'GET /spacebooking/:id', {
    config,
    handler: (request) => bookingOf(app.ctx, bookerOf(request), request.params.id),
  });

  route(app, 'POST /spacebooking', {
    config,
    handler: (request) => createBooking(app.ctx, auditActorOf(request), bookerOf(request), request.body),
  });

  route(app, 'PATCH /spacebooking/approve/:id', {
    config,
    handler: (request) =>
      decideBooking(app.ctx, auditActorOf(request), bookerOf(request), request.params.id, request.body),
  });

  route(app, 'PATCH /spacebooking/:id', {
    config,
    handler: (request) =>
      changeBooking(app.ctx, auditActorOf(request), bookerOf(request), request.params.id, request.body),
  });

  route(app, 'DELETE /spacebooking/:id', {
    config,
    handler: (request) =>
      cancelBooking(
        app.ctx,
        auditActorOf(request),
        bookerOf(request),
        request.params.id,
        request.body?.comment ?? null,
      ),
  });

  route(app, 'GET /spacebooking/space/:spaceId', {
    config,
    handler: (request) => spaceNow(app.ctx, bookerOf(request), request.params.spaceId),
  });

  route(app, 'POST /spacebooking/checkin/:id', {
    config,
    handler: (request) => checkInToBooking(app.ctx, auditActorOf(request), bookerOf(request), request.params.id),
  });

  route(app, 'GET /spacebooking/floor/:floorId', {
    config,
    handler: (request) => bookingFloor(app.ctx, bookerOf(request), request.params.floorId),
  });

  route(app, 'GET /spacebooking/whereabouts/:floorId', {
    config,
    handler: (request) => whereabouts(app.ctx, bookerOf(request), request.params.floorId, request.query.date),
  });

  // The public calls: no sign-in, limited per address like the other public pages.
  const open = {
    access: 'public',
    rateLimit: { max: app.ctx.config.rateLimits.publicPerMinute, timeWindow: 60_000 },
  } as const;

  route(app, 'GET /public/spacebooking/list/:floorId/:startDate/:endDate', {
    config: open,
    handler: (request) => publicFloorBookings(app.ctx, request.params),
  });

  route(app, 'GET /public/spacebooking/approval/:id', {
    config: open,
    handler: (request) => approvalSummary(app.ctx, request.params.id),
  });

  route(app, 'GET /public/spacebooking/export/:key', {
    config: open,
    handler: (request) => bookingExport(app.ctx, request.params.key),
  });

  route(app, 'GET /public/spacebooking/export/:key/event.ics', {
    config: open,
    handler: async (request, reply) => {
      const calendar = await bookingExportIcs(app.ctx, request.params.key);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(calendar);
    },
  });

  route(app, 'GET /public/spacebooking/export/:key/booking.pdf', {
    config: open,
    handler: async (request, reply) => {
      const pdf = await bookingExportPdf(app.ctx, request.params.key, request.query.locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="booking.pdf"')
        .send(pdf);
    },
  });

  route(app, 'GET /public/spacebooking/people/:key', {
    config: open,
    handler: (request) => bookingPeople(app.ctx, request.params.key),
  });

  route(app, 'POST /public/spacebooking/email', {
    config: open,
    handler: (request) => emailBookingAgain(app.ctx, request.body.spacebookingId),
  });
}
