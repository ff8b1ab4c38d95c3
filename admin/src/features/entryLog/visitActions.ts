import type { TFunction } from 'i18next';
import {
  type VisitListItem,
  type VisitPermission,
  type VisitTransition,
  mayOnVisits,
  mayTransition,
  visitState,
} from '@vestibule/shared';

// Which action a row offers: the shared role rule (what the user's role may call: a refused call
// signs them out) and the shared state rule (what the visit's stored state allows), together.

export const rowActions = [
  'approveHeld',
  'refuseHeld',
  'checkIn',
  'checkOut',
  'checkInBack',
  'checkInAgain',
  'cancel',
  'remove',
] as const;
export type RowAction = (typeof rowActions)[number];

/** What staff do for a visitor the watchlist holds at the door (docs/watchlist.md): nothing else applies. */
const heldActions = ['approveHeld', 'refuseHeld'] as const satisfies readonly RowAction[];
type DoorAction = Exclude<RowAction, (typeof heldActions)[number]>;

const needs: Record<DoorAction, { permission: VisitPermission; transition: VisitTransition }> = {
  checkIn: { permission: 'checkIn', transition: 'checkIn' },
  checkOut: { permission: 'checkOut', transition: 'checkOut' },
  checkInBack: { permission: 'checkInBack', transition: 'checkInBack' },
  checkInAgain: { permission: 'fastCheckIn', transition: 'replace' },
  cancel: { permission: 'cancel', transition: 'cancel' },
  remove: { permission: 'remove', transition: 'remove' },
};
const doorActions = rowActions.filter((action): action is DoorAction => action in needs);

/** The actions a user with `role` may take on `visit` now, in the row's order. */
export function actionsFor(role: string | undefined, visit: VisitListItem): RowAction[] {
  if (visit.held) return mayOnVisits(role, 'decideHeld') ? [...heldActions] : [];
  const state = visitState(visit);
  return doorActions.filter(
    (action) =>
      mayOnVisits(role, needs[action].permission) &&
      mayTransition(state, needs[action].transition) &&
      // Someone still inside is checked out, not checked in again.
      !(action === 'checkInAgain' && state === 'IN'),
  );
}

/** The visitor's name as the list shows it, or null when the visit has none. */
export function visitorName(visit: { firstName: string | null; lastName: string | null }): string | null {
  const name = `${visit.firstName ?? ''} ${visit.lastName ?? ''}`.trim();
  return name === '' ? null : name;
}

/**
 * The name staff read for a visit: the visitor's; else "Anonymised" for a visit erased by
 * retention or on request (docs/privacy.md), which names nobody on purpose; else "Unnamed visitor".
 */
export function shownName(
  visit: { firstName: string | null; lastName: string | null; anonymised: boolean },
  t: TFunction,
): string {
  return visitorName(visit) ?? t(visit.anonymised ? 'entryLog.list.anonymised' : 'entryLog.list.unnamed');
}

/**
 * Whether a visit has a badge to print from the entry log (docs/badges.md, "Printing it again"):
 * someone inside, or expected (a desk prints badges ahead); whoever sees the visit may print it.
 */
export function hasBadge(visit: Parameters<typeof visitState>[0]): boolean {
  const state = visitState(visit);
  return state === 'IN' || state === 'INVITED';
}
