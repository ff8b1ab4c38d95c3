import { type Role, hasAnyRole } from '../roles.ts';

// Who may do what on the entry log (/check-in-out; docs/roles.md): ONE rule that the server's
// routes are declared with and the admin screen reads to show or hide each button, so the screen
// never makes a call its user's role is refused (a 403 signs the user out).
//
// The route admits admin, master, supervisor, user and space. Admin has everything, master and
// supervisor manage; the entry-log menu is hidden for space users, whose work is booking spaces
// (a booking may create an entry invitation). So:
// - admin, master, supervisor: everything, removing a visit from the history included;
// - user (a host, the front desk): everything but removing history;
// - space: the list, counters, detail and CSV of their buildings, and their invitations
//   (invite, change, cancel, host search); no door work (check-in, check-out, questionnaires).
// Building assignment still limits supervisors, users and space users to their buildings.

const managers: readonly Role[] = ['ROLE_ADMIN', 'ROLE_MASTER', 'ROLE_SUPERVISOR'];
/** The roles that work at the door: check in, check out, questionnaires. */
const door: readonly Role[] = [...managers, 'ROLE_USER'];
/** Every role admitted to /check-in-out (docs/roles.md, "Screens and areas"). */
export const checkInOutRoles: readonly Role[] = [...door, 'ROLE_SPACE'];

export const visitPermissions = {
  /** The list, counters, one visit and its answered questionnaires. */
  view: checkInOutRoles,
  /** meetings.csv. */
  export: checkInOutRoles,
  /** New invite (POST /meeting) and its host search. */
  invite: checkInOutRoles,
  /** Change an invitation or a visit (PATCH /meeting/{id}). */
  update: checkInOutRoles,
  /** Cancel before arrival. */
  cancel: checkInOutRoles,
  /** Staff check-in of an expected visit, with the wizard. */
  checkIn: door,
  /** Fast check-in (POST /meetingWithCheckIn) and instant replacement check-in. */
  fastCheckIn: door,
  /** Staff check-out. */
  checkOut: door,
  /** Check in back (undo a check-out). */
  checkInBack: door,
  /** Let in, or refuse, a visitor the watchlist holds at the door (docs/watchlist.md). */
  decideHeld: door,
  /** Fill entry or exit questionnaires for the visitor. */
  questionnaires: door,
  /** Remove a visit from the history. */
  remove: managers,
} as const satisfies Record<string, readonly Role[]>;
export type VisitPermission = keyof typeof visitPermissions;

/** Whether a role (or the client's comma-joined role string) may do this on the entry log. */
export function mayOnVisits(role: string | undefined, permission: VisitPermission): boolean {
  return hasAnyRole(role, visitPermissions[permission]);
}
