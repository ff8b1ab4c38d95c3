import type { Person, Role } from '@vestibule/shared';
import { acme, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { PeoplePage } from '../PeoplePage.tsx';
import { answerPeople } from './peopleAnswers.ts';

/** The People screen signed in with `role` in Acme (whose one building is HQ), its calls answered at fetch. */
export async function renderPeople(role: Role, people: Person[]) {
  storeSignIn({ ...userFixture('me', [role]), tenant: acme, role });
  const calls = answerPeople(people);
  const session = createTestSession();
  // The session's company and its buildings, as the app's start fetches them.
  await session.getState().selectTenant(acme.id);
  const view = renderScreen(<PeoplePage />, session);
  return { calls, ...view };
}
