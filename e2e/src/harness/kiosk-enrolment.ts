// Enrolled kiosks (issue 9): a kiosk is a tablet an administrator enrolled. The scenarios make
// enrolment codes through the API as Demo Corp's corporate (master) user, as the admin's
// "Enrol a kiosk" dialog does, and open them on the tablet or enrol a device directly.
import type { EnrolKioskResponse } from '@vestibule/shared';
import { apiAs } from './checkin-building.ts';
import { demoUsers } from './demo-users.ts';

/** A one-time enrolment code for a building (15 minutes), as the admin's dialog shows it. */
export async function enrolmentCode(baseUrl: string, buildingId: string, name = 'Lobby tablet'): Promise<string> {
  const api = await apiAs(baseUrl, demoUsers.master.username);
  const created = await api<{ code: string }>('POST', `/building/${buildingId}/devices/enrolments`, { name }, 201);
  return created.code;
}

/** Enrols the device `deviceId` with a new code: what the tablet's enrolment page does. */
export async function enrolDevice(baseUrl: string, buildingId: string, deviceId: string): Promise<EnrolKioskResponse> {
  const code = await enrolmentCode(baseUrl, buildingId);
  const response = await fetch(`${baseUrl}/service/kiosk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, deviceId }),
  });
  if (response.status !== 200) throw new Error(`enrolment failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as EnrolKioskResponse;
}
