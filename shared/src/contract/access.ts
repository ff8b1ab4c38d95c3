import type { Contract, ContractKey } from './index.ts';

// Who may make a call is part of its contract (`access: 'public'`, absent for a signed-in call).
// The apps' client reads it from the plain table below, so it decides which calls carry the
// bearer token without loading the contract's schemas (zod). The table's type is computed from
// the contract: a public call missing here, or a signed-in call listed here, does not compile.

/** The calls whose contract says `access: 'public'`. */
export type PublicCallKey = {
  [K in ContractKey]: Contract[K] extends { access: 'public' } ? K : never;
}[ContractKey];

export const publicCalls: { readonly [K in PublicCallKey]: true } = {
  'POST /sso/discover': true,
  'GET /sso/oidc/:id/start': true,
  'GET /sso/oidc/callback': true,
  'GET /actuator/health': true,
  'POST /login': true,
  'GET /sso/:token': true,
  'POST /forgot': true,
  'GET /user/byResetPasswordToken': true,
  'POST /reset': true,
  'GET /user/byVerificationToken': true,
  'POST /user/verify': true,
  'GET /public/buildings/:id/checkInLogoImage/:version': true,
  'GET /checkin/:qrCodeKey': true,
  'GET /checkinKiosk/:qrCodeKey': true,
  'GET /checkin/:qrCodeKey/:identifier': true,
  'GET /checkinKiosk/:qrCodeKey/:identifier': true,
  'GET /checkin/status/:qrCodeKey/:identifier': true,
  'GET /checkinKiosk/status/:qrCodeKey/:identifier': true,
  'POST /checkin': true,
  'POST /checkinKiosk': true,
  'GET /building/:qrCodeKey/checkInData': true,
  'GET /building/:qrCodeKey/hosts': true,
  'POST /checkin/:qrCodeKey/signedDocuments': true,
  'POST /checkinKiosk/:qrCodeKey/signedDocuments': true,
  'GET /public/checkin/:qrCodeKey/camera/:cameraId/info': true,
  'GET /public/checkin/:qrCodeKey/camera/:cameraId/picture': true,
  'GET /checkoutable/:publicIdentifier': true,
  'GET /checkOutData/:publicIdentifier': true,
  'PATCH /checkoutable/:publicIdentifier': true,
  'GET /buildingCheckOutData/:qrCodeKey': true,
  'POST /buildingCheckOut/:qrCodeKey/search': true,
  'GET /buildingCheckOut/:qrCodeKey/ticket/:ticket': true,
  'PATCH /buildingCheckOut/:qrCodeKey/ticket/:ticket': true,
  'GET /searchMeeting/:identifier/:pin': true,
  'GET /searchMeeting/:identifier/:pin/:lastname': true,
  'GET /pinIdentification/:qrCodeKey': true,
  'POST /pinIdentification/:qrCodeKey': true,
  'GET /cancelable/:publicIdentifier': true,
  'DELETE /cancelable/:publicIdentifier': true,
  'GET /postponable/:publicIdentifier': true,
  'PATCH /postponable/:publicIdentifier': true,
  'GET /reschedulable/:publicIdentifier': true,
  'GET /visitorData/:publicIdentifier': true,
  'GET /visitorData/:publicIdentifier/visit.json': true,
  'GET /visitorData/:publicIdentifier/visit.html': true,
  'DELETE /visitorData/:publicIdentifier': true,
  'GET /privacyNotice/:id': true,
  'PATCH /reschedulable/:publicIdentifier': true,
  'GET /registration/:qrCodeKey': true,
  'POST /registration': true,
  'POST /sync/push': true,
  'GET /sync/config/:qrCodeKey': true,
  'POST /sync/staff/:qrCodeKey': true,
  'POST /sync/held/:qrCodeKey': true,
  'GET /sync/visits/:qrCodeKey': true,
  'GET /sync/rollCall/:qrCodeKey': true,
  'GET /sync/device/:deviceId': true,
  'POST /kiosk/enrol': true,
  'GET /live/visits': true,
  'GET /public/floor/:id/plan/:key': true,
  'GET /public/spacebooking/list/:floorId/:startDate/:endDate': true,
  'GET /public/spacebooking/approval/:id': true,
  'GET /public/spacebooking/export/:key': true,
  'GET /public/spacebooking/export/:key/event.ics': true,
  'GET /public/spacebooking/export/:key/booking.pdf': true,
  'GET /public/spacebooking/people/:key': true,
  'POST /public/spacebooking/email': true,
};

/** Whether anyone may make the call (no sign-in): the client sends the bearer token on every other. */
export function isPublicCall(key: ContractKey): boolean {
  return Object.prototype.hasOwnProperty.call(publicCalls, key);
}
