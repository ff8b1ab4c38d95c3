import type { Role } from '@vestibule/shared';
import { MemoryRouter } from 'react-router';
import { acme, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { EntryLogPage } from '../EntryLogPage.tsx';

/** The entry log signed in with `role` in Acme (whose one building is HQ); its calls answered at fetch. */
export async function renderEntryLog(role: Role) {
  storeSignIn({ ...userFixture('me', [role]), tenant: acme, role });
  const session = createTestSession();
  // The session's company and its buildings, as the app's start fetches them.
  await session.getState().selectTenant(acme.id);
  // In the app the screen is drawn by the router (its links to other screens need one).
  return renderScreen(
    <MemoryRouter initialEntries={['/check-in-out']}>
      <EntryLogPage />
    </MemoryRouter>,
    session,
  );
}
