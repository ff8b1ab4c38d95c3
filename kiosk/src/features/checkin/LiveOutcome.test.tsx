import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import type { WizardResult } from '@vestibule/ui/wizard';
import { healthQuestionnaire } from '@vestibule/ui/wizard/testing';
import { LiveOutcome } from './LiveOutcome.tsx';
import { cachedSource, submitCheckIn } from './checkInSource.ts';

const en = resources.en.publicVisit;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

function result(answers: Record<string, string> = {}): WizardResult {
  return {
    qrCodeKey: 'key-1',
    visitorType: 'VISITOR',
    id: null,
    personId: null,
    replaceOldVisit: false,
    scheduledDuration: 'PT1H',
    checkInForm: { firstName: 'Grace', lastName: 'Hopper' },
    questionnairesAnswers: [{ questionnaireId: healthQuestionnaire.id, answers }],
    consentAccepted: false,
    tempMeasure1: null,
    tempMeasure2: null,
    comments: null,
    emailMeActive: false,
    emailMeEmail: null,
    hostPersonId: null,
    hostUserId: null,
  };
}

async function submitOffline(answers: Record<string, string> = {}) {
  const config = kioskConfig();
  const data = {
    ...config.checkInData.VISITOR!,
    questionnaires: [healthQuestionnaire],
    successFormText: 'Welcome in.',
    failureFormText: 'Please see the guard.',
  };
  const runner = offlineRunner();
  const submitted = await submitCheckIn(cachedSource(config, runner), data, result(answers), undefined);
  const view = (
    <LiveOutcome
      submitted={submitted}
      runner={runner}
      building={config.building.building}
      kiosk
      qrCodeKey="key-1"
      onDone={vi.fn()}
      onAlreadyInDone={vi.fn()}
      onRedo={vi.fn()}
    />
  );
  return { runner, submitted, view };
}

describe('the outcome of a check-in made on the device', () => {
  it('confirms with the code made on the device once committed, and says it waits for the network', async () => {
    const { runner, submitted, view } = await submitOffline({ fever: 'NO', travel: 'NO' });
    const entry = await runner.db.outbox.get(submitted.mutationId);
    expect(entry!.status).toBe('pending');
    render(view);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(en.success.title);
    expect(screen.getByTestId('visit-code').textContent).toMatch(/^[A-Z2-9]{8}$/);
    expect(screen.getByTestId('visit-pin').textContent).toMatch(/^\d{4}$/);
    expect(screen.getByText('Welcome in.')).toBeInTheDocument();
    await act(() => runner.request());
    await waitFor(() => expect(screen.getByTestId('delivery-notice').textContent).toBe(en.offline.savedOnKiosk));
  });

  it('an alert answer shows the failure text, and the refused visit is still queued for the log', async () => {
    const { runner, submitted, view } = await submitOffline({ fever: 'YES' });
    render(view);
    expect(screen.getByText('Please see the guard.')).toBeInTheDocument();
    expect(screen.queryByTestId('visit-code')).toBeNull();
    expect((await runner.db.outbox.get(submitted.mutationId))!.status).toBe('pending');
    expect((await runner.db.visits.get(submitted.visitId))!.checkedInAt).toBeNull();
  });

  it('turns into "already checked in" when the server answers CHECKEDIN', async () => {
    const { runner, submitted, view } = await submitOffline({ fever: 'NO', travel: 'NO' });
    render(view);
    await act(() => runner.db.outbox.update(submitted.mutationId, { status: 'rejected', errorCode: 'CHECKEDIN' }));
    expect(await screen.findByRole('heading', { name: en.alreadyIn.title })).toBeInTheDocument();
  });
});
