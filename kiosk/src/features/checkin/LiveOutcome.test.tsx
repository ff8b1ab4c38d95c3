import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BADGE_LAYOUT, watchHash } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { cloneElement } from 'react';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import type { WizardResult } from '@vestibule/ui/wizard';
import { healthQuestionnaire } from '@vestibule/ui/wizard/testing';
import type { PrintableCheckIn } from './KioskBadge.tsx';
import { LiveOutcome } from './LiveOutcome.tsx';
import { type VisitPreset, cachedSource, submitCheckIn } from './checkInSource.ts';

const en = resources.en.publicVisit;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

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
    photo: null,
    signatures: [],
  };
}

async function submitOffline(
  answers: Record<string, string> = {},
  preset?: VisitPreset,
  onDone: () => void = vi.fn(),
  kioskOutcomeSeconds?: number,
) {
  const config = kioskConfig();
  if (kioskOutcomeSeconds !== undefined) config.building.building.kioskOutcomeSeconds = kioskOutcomeSeconds;
  const data = {
    ...config.checkInData.VISITOR!,
    questionnaires: [healthQuestionnaire],
    successFormText: 'Welcome in.',
    failureFormText: 'Please see the guard.',
  };
  const runner = offlineRunner();
  const submitted = await submitCheckIn(cachedSource(config, runner), data, result(answers), preset);
  const view = (
    <LiveOutcome
      submitted={submitted}
      runner={runner}
      building={config.building.building}
      kiosk
      visitorType={preset?.visitorType ?? 'VISITOR'}
      qrCodeKey="key-1"
      onDone={onDone}
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

  it('follows the watchlist the server holds: held, the visitor waits with no code; refused, they see the reception', async () => {
    const held = await submitOffline({ fever: 'NO', travel: 'NO' });
    render(held.view);
    expect(screen.getByTestId('visit-code')).toBeInTheDocument();
    await act(() => held.runner.db.visits.update(held.submitted.visitId, { watch: 'HELD', checkedInAt: null }));
    expect(await screen.findByRole('heading', { name: en.watchlist.heldTitle })).toBeInTheDocument();
    expect(screen.getByText(en.watchlist.held)).toBeInTheDocument();
    expect(screen.queryByTestId('visit-code')).toBeNull();
    cleanup();

    const refused = await submitOffline({ fever: 'NO', travel: 'NO' });
    render(refused.view);
    await act(() =>
      refused.runner.db.visits.update(refused.submitted.visitId, { watch: 'REFUSED', checkedInAt: null }),
    );
    expect(await screen.findByText(en.watchlist.denied)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('data-outcome', 'refused');
    expect(screen.queryByTestId('visit-code')).toBeNull();
  });

  it("keeps the word of the kiosk's own hashed watchlist, given at once, when the server's answer comes", async () => {
    const config = kioskConfig();
    const salt = 'company-salt';
    config.watchlist = { salt, entries: [{ hash: await watchHash(salt, 'NAME', 'grace hopper'), action: 'DENY' }] };
    const runner = offlineRunner();
    const data = { ...config.checkInData.VISITOR!, failureFormText: 'Please see the guard.' };
    const submitted = await submitCheckIn(cachedSource(config, runner), data, result({ fever: 'NO' }), undefined);
    render(
      <LiveOutcome
        submitted={submitted}
        runner={runner}
        building={config.building.building}
        kiosk
        visitorType="VISITOR"
        qrCodeKey="key-1"
        onDone={vi.fn()}
        onAlreadyInDone={vi.fn()}
        onRedo={vi.fn()}
      />,
    );
    expect(screen.getByText(en.watchlist.denied)).toBeInTheDocument();
    expect(screen.queryByText('Please see the guard.')).toBeNull();
    // The server holds a kiosk's synced entry for staff to decide: the visitor was already told.
    await act(() => runner.db.visits.update(submitted.visitId, { watch: 'HELD' }));
    expect(screen.getByText(en.watchlist.denied)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.watchlist.heldTitle })).toBeNull();
  });

  it('turns into "already checked in" when the server answers CHECKEDIN', async () => {
    const { runner, submitted, view } = await submitOffline({ fever: 'NO', travel: 'NO' });
    render(view);
    await act(() => runner.db.outbox.update(submitted.mutationId, { status: 'rejected', errorCode: 'CHECKEDIN' }));
    expect(await screen.findByRole('heading', { name: en.alreadyIn.title })).toBeInTheDocument();
  });
});

/** An invitation the kiosk learnt of (its list of the day, or the server's answer to a scan). */
function invitationPreset(pin: string | null): VisitPreset {
  return {
    visitorType: 'VISITOR',
    checkingBack: false,
    visit: {
      id: '0190f0a0-0000-7000-8000-00000000000a',
      identifier: 'INVT2345',
      publicIdentifier: 'invitation-public-identifier',
      buildingId: '0190f0a0-0000-7000-8000-00000000000b',
      buildingName: 'Lobby',
      visitorType: 'VISITOR',
      firstName: 'Grace',
      lastName: 'Hopper',
      host: 'Ada Lovelace',
      scheduledAt: new Date().toISOString(),
      scheduledDuration: 'PT1H',
      checkedInAt: null,
      checkedOutAt: null,
      status: 'SOON',
      allowed: true,
      flagged: false,
      pin,
    },
  };
}

describe('an invitation checked in at the kiosk', () => {
  it('shows the code and PIN of the invitation, and keeps them on the device for the check-out', async () => {
    const { runner, submitted, view } = await submitOffline({ fever: 'NO', travel: 'NO' }, invitationPreset('4821'));
    render(view);
    expect(screen.getByTestId('visit-code').textContent).toBe('INVT2345');
    expect(screen.getByTestId('visit-pin').textContent).toBe('4821');
    expect(screen.getByText(en.success.keep)).toBeInTheDocument();
    expect(await runner.db.visits.get(submitted.visitId)).toMatchObject({
      identifier: 'INVT2345',
      publicIdentifier: 'invitation-public-identifier',
      pin: '4821',
    });
    // The invitation's own codes: none made on the device is sent for it.
    const entry = await runner.db.outbox.get(submitted.mutationId);
    expect(entry?.type === 'checkIn' && entry.payload.codes).toBeUndefined();
  });

  it('never mentions a PIN it cannot show', async () => {
    const { view } = await submitOffline({ fever: 'NO', travel: 'NO' }, invitationPreset(null));
    render(view);
    expect(screen.getByTestId('visit-code').textContent).toBe('INVT2345');
    expect(screen.queryByTestId('visit-pin')).toBeNull();
    expect(screen.getByText(en.success.keepCode)).toBeInTheDocument();
    expect(screen.queryByText(/PIN/)).toBeNull();
  });
});

describe('the outcome screen of a kiosk', () => {
  it('returns to the welcome screen by itself after the building’s delay, with the time left in words', async () => {
    const onDone = vi.fn();
    const { view } = await submitOffline({ fever: 'NO', travel: 'NO' }, undefined, onDone, 10);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(view);
    const countdown = screen.getByRole('timer');
    expect(countdown.textContent).toBe(en.kiosk.returning.replace('{{seconds}}', '10'));
    // The Done button says what is coming, for screen readers.
    expect(screen.getByRole('button', { name: en.done })).toHaveAccessibleDescription(countdown.textContent!);
    act(() => vi.advanceTimersByTime(4_000));
    expect(countdown.textContent).toBe(en.kiosk.returning.replace('{{seconds}}', '6'));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(6_250));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('waits 15 s by default; a touch starts the count again, and Done ends it at once', async () => {
    const onDone = vi.fn();
    const { view } = await submitOffline({ fever: 'NO', travel: 'NO' }, undefined, onDone);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(view);
    expect(screen.getByRole('timer').textContent).toBe(en.kiosk.returning.replace('{{seconds}}', '15'));
    act(() => vi.advanceTimersByTime(12_000));
    fireEvent.pointerDown(screen.getByTestId('visit-code'));
    act(() => vi.advanceTimersByTime(12_000));
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: en.done }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a refused check-in returns by itself too', async () => {
    const onDone = vi.fn();
    const { view } = await submitOffline({ fever: 'YES' }, undefined, onDone, 5);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(view);
    expect(screen.getByText('Please see the guard.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_250));
    expect(onDone).toHaveBeenCalledOnce();
  });
});

describe("the kiosk's badge", () => {
  const badgeTexts = resources.en.badge;
  const layout = { ...DEFAULT_BADGE_LAYOUT, size: 'LABEL_4X3_IN' as const };
  function printable(print: 'ALWAYS' | 'ASK'): PrintableCheckIn {
    return {
      settings: { print, layout, timeZoneId: 'Europe/Paris' },
      visitorType: 'VISITOR',
      form: { firstName: 'Grace', lastName: 'Hopper', host: 'Ada Lovelace', companyName: 'Navy' },
      duration: 'PT1H',
      photo: null,
      at: '2026-11-28T09:00:00.000Z',
    };
  }

  it('asked for: Print my badge prints the badge of the person with the visit code made on the device', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    try {
      const { submitted, view } = await submitOffline({ fever: 'NO', travel: 'NO' });
      render(cloneElement(view, { badge: printable('ASK') }));
      const button = await screen.findByRole('button', { name: badgeTexts.kiosk.print });
      expect(print).not.toHaveBeenCalled();
      fireEvent.click(button);
      await waitFor(() => expect(print).toHaveBeenCalledOnce());
      expect(screen.getByText(badgeTexts.kiosk.printing)).toHaveAttribute('role', 'status');
      const sheet = document.querySelector('[data-badge-print] [data-testid="badge"]');
      if (!(sheet instanceof HTMLElement)) throw new Error('No badge in the print sheet');
      expect(sheet.dataset.size).toBe('LABEL_4X3_IN');
      expect(sheet.textContent).toContain('Ada Lovelace');
      expect(sheet.textContent).toContain('Navy');
      const qr = sheet.querySelector('svg');
      if (!qr) throw new Error('No QR code on the badge');
      expect(qr.getAttribute('data-code')).toBe(submitted.response.meetingIdentifier);
      expect(screen.getByRole('button', { name: badgeTexts.kiosk.printAgain })).toBeInTheDocument();
    } finally {
      print.mockRestore();
    }
  });

  it('printed at once when the building says so; none without a setting, nor for a check-in refused', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    try {
      const allowed = await submitOffline({ fever: 'NO', travel: 'NO' });
      render(cloneElement(allowed.view, { badge: printable('ALWAYS') }));
      await waitFor(() => expect(print).toHaveBeenCalledOnce());
      cleanup();
      render(allowed.view);
      await screen.findByTestId('visit-code');
      expect(screen.queryByRole('button', { name: badgeTexts.kiosk.print })).toBeNull();
      cleanup();
      const refused = await submitOffline({ fever: 'YES' });
      render(cloneElement(refused.view, { badge: printable('ALWAYS') }));
      await screen.findByText('Please see the guard.');
      expect(document.querySelector('[data-badge-print]')).toBeNull();
      expect(print).toHaveBeenCalledOnce();
    } finally {
      print.mockRestore();
    }
  });
});
