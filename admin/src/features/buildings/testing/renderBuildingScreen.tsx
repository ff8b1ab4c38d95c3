import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { storageKeys } from '../../../storage/storageKeys.ts';
import { createTestSession } from '../../../test/renderApp.tsx';
import { tenantRef } from './buildingsAnswers.ts';

/** A building screen or dialog with the app's providers, signed in as `role` (its calls answered at fetch). */
export function renderBuildingScreen(ui: ReactNode, role = 'ROLE_MASTER') {
  localStorage.setItem(storageKeys.user, JSON.stringify({ username: 'tester', role }));
  localStorage.setItem(storageKeys.token, 'token-of-tester');
  localStorage.setItem(storageKeys.tenant, JSON.stringify(tenantRef));
  const session = createTestSession();
  // The logo tests choose files of any type, as a user can with "All files" in the picker.
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <AppProviders session={session} testEnvironment>
      <main>{ui}</main>
    </AppProviders>,
  );
  return { ...view, user };
}
