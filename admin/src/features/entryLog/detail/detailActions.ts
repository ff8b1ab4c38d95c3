import { type VisitDetail, mayOnVisits, mayTransition, visitState } from '@vestibule/shared';

// What a visit's detail offers: the shared role rule (a refused call signs the user out) and the
// shared state rule (docs/visits.md, "Staff actions and the visit's state"), together.

export const detailActions = ['checkIn', 'checkOut', 'resend', 'edit', 'cancel'] as const;
export type DetailAction = (typeof detailActions)[number];

/** The actions a user with `role` may take on the visit now. */
export function detailActionsFor(role: string | undefined, visit: VisitDetail): DetailAction[] {
  const state = visitState(visit);
  const allowed: Record<DetailAction, boolean> = {
    checkIn: mayOnVisits(role, 'checkIn') && mayTransition(state, 'checkIn'),
    checkOut: mayOnVisits(role, 'checkOut') && mayTransition(state, 'checkOut'),
    // An invitation with an address, not over yet.
    resend:
      mayOnVisits(role, 'invite') &&
      mayTransition(state, 'resend') &&
      visit.isInvitation &&
      visit.email !== null &&
      visit.status !== 'EXPIRED',
    edit: mayOnVisits(role, 'update') && mayTransition(state, 'update'),
    cancel: mayOnVisits(role, 'cancel') && mayTransition(state, 'cancel'),
  };
  return detailActions.filter((action) => allowed[action]);
}
