import { notifyHostsOfCheckIns, sendCancellations, sendInvitations } from '../modules/lifecycle/lifecycle.service.ts';
import { publicBase } from '../modules/notifications/links.ts';
import { type JobFactory, mailsOf } from './job.ts';

/**
 * A host hears of their visitor within seconds (plus the mail sender's run, started at once); an
 * invitation, its update or its cancellation goes out as promptly: every 5 seconds.
 */
export const visitNoticesJob: JobFactory = (ctx) => {
  const deps = { db: ctx.db, base: publicBase(ctx.config) };
  return {
    name: 'host notices and invitations',
    everyMs: 5_000,
    run: async () => {
      const notices = [
        await notifyHostsOfCheckIns(deps, new Date()),
        await sendInvitations(deps, new Date()),
        await sendCancellations(deps, new Date()),
      ];
      return { mails: mailsOf(...notices), rows: notices.reduce((sum, outcome) => sum + outcome.visits, 0) };
    },
  };
};
