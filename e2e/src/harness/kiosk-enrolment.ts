// Enrolled kiosks: a kiosk is a tablet an administrator enrolled. The scenarios make enrolment
// codes through the API as Demo Corp's corporate (master) user, as the admin's "Enrol a kiosk"
// dialog does, and open them on the tablet.
import { demoUsers } from './demo-users.ts';
import { signedIn } from './service.ts';

/** A one-time enrolment code for a building (15 minutes), as the admin's dialog shows it. */
export async function enrolmentCode(baseUrl: string, buildingId: string, name = 'Lobby tablet'): Promise<string> {
  const api = await signedIn(baseUrl, demoUsers.master.username);
  const created = await api.call('POST /building/:id/devices/enrolments', {
    params: { id: buildingId },
    body: { name },
  });
  return created.code;
}
