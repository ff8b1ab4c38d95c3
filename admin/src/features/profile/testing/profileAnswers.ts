import { dateFormats, profileSchema, timeFormats, type Profile } from '@vestibule/shared';
import { answerCalls } from '../../../test/answerCalls.ts';
import { loginResponse } from '../../../test/fixtures.ts';

// Answers shaped as the server contract gives them (the shared profile schema parses every
// fixture), for the profile page's tests.

export const headOffice = { id: '0190a8f2-0000-7000-8000-0000000000b1', name: 'Head office' };
export const warehouse = { id: '0190a8f2-0000-7000-8000-0000000000b2', name: 'Warehouse' };

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    id: '0190a8f2-0000-7000-8000-0000000000aa',
    username: 'uma',
    email: 'uma@example.com',
    firstName: 'Uma',
    lastName: 'User',
    phone: '+1 416 555 0100',
    userLocale: 'en',
    hostNotice: 'EMAIL',
    dateFormat: 'yyyy-MM-dd',
    timeFormat: 'HH:mm',
    favouriteBuildingId: null,
    verified: true,
    userBuildings: [headOffice, warehouse],
    ...overrides,
  });
}

/** The profile calls answered by a server that keeps the profile it was given and applies the changes it is sent. */
export function answerProfile(start: Profile = profileFixture()) {
  let current = start;
  return answerCalls({
    'GET /profile': () => current,
    'GET /preferences/possibleValues': () => ({ dateFormats: [...dateFormats], timeFormats: [...timeFormats] }),
    'PATCH /profile': ({ body }) => {
      current = profileSchema.parse({ ...current, ...body });
      return current;
    },
    'POST /profile/changePassword': () => loginResponse(current.username, ['ROLE_USER'], 'token-after-change'),
  });
}
