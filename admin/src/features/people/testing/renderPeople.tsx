import type { Person, Role } from '@vestibule/shared';
import { acme, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { PeoplePage } from '../PeoplePage.tsx';
import { PeopleApiContext } from '../peopleApi.ts';
import { fakePeopleApi } from './fakePeopleApi.ts';

/** The People screen signed in with `role` in Acme (whose one building is HQ), answered by a fake port. */
export async function renderPeople(role: Role, people: Person[]) {
  storeSignIn({ ...userFixture('me', [role]), tenant: acme, role });
  const api = fakePeopleApi(people);
  const session = createTestSession();
  // The session's company and its buildings, as the app's start fetches them.
  await session.getState().selectTenant(acme.id);
  const view = renderScreen(
    <PeopleApiContext value={api}>
      <PeoplePage />
    </PeopleApiContext>,
    session,
  );
  return { api, ...view };
}
