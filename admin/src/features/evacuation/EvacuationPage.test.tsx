import { screen, waitFor, within } from '@testing-library/react';
import { type EvacuationList, type RollCall, type RollCallMark, type Role } from '@vestibule/shared';
import type { LiveRollCallEvent } from '@vestibule/shared/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { HQ, acme, userFixture } from '../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { EvacuationPage } from './EvacuationPage.tsx';

// The evacuation screen's roll call, shared by every warden: the server's marks with who made
// them and when, a mark sent at once, another warden's mark arriving on the live stream (jsdom
// has no EventSource: a stand-in plays the server's events), an end asked again while someone is
// not accounted for. Calls answered at fetch by contract key (test/answerCalls.ts).

const bea = '0190a8f2-0000-7000-8000-00000000e001';
const cal = '0190a8f2-0000-7000-8000-00000000e002';
const rollCallId = '0190a8f2-0000-7000-8000-00000000e0a1';

const list: EvacuationList = {
  building: { id: HQ.id, name: HQ.name, timeZoneId: 'America/Toronto' },
  generatedAt: '2026-11-27T15:00:00.000Z',
  total: 2,
  groups: [
    {
      visitorType: 'VISITOR',
      people: [
        {
          visitId: bea,
          firstName: 'Bea',
          lastName: 'Adams',
          companyName: 'Acme',
          host: 'Hana Host',
          checkedInAt: '2026-11-27T14:00:00.000Z',
          phone: null,
          hasPhoto: false,
        },
        {
          visitId: cal,
          firstName: 'Cal',
          lastName: 'Baker',
          companyName: null,
          host: null,
          checkedInAt: '2026-11-27T14:10:00.000Z',
          phone: '+1 514 555 0142',
          hasPhoto: false,
        },
      ],
    },
    { visitorType: 'CONTRACTOR', people: [] },
    { visitorType: 'EMPLOYEE', people: [] },
    { visitorType: 'RESIDENT', people: [] },
  ],
};

function rollCall(history: RollCallMark[], endedAt: string | null = null): RollCall {
  const latest = new Map(history.map((mark) => [mark.visitId, mark]));
  return {
    id: rollCallId,
    buildingId: HQ.id,
    reason: 'ALARM',
    startedAt: '2026-11-27T15:01:00.000Z',
    startedBy: { kind: 'user', name: 'Uma Warden' },
    endedAt,
    endedBy: endedAt ? { kind: 'user', name: 'Sky Space' } : null,
    marks: [...latest.values()].flatMap((mark) => (mark.status ? [{ ...mark, status: mark.status }] : [])),
    history,
  };
}

const byUma: RollCallMark = {
  visitId: bea,
  status: 'PRESENT',
  markedAt: '2026-11-27T15:04:00.000Z',
  markedBy: { kind: 'user', name: 'Uma Warden' },
};

/** The live stream's stand-in: the screen's EventSource, to which the test sends roll-call events. */
function liveStream() {
  const sources: { type: string; listener: (event: MessageEvent<string>) => void }[] = [];
  class FakeEventSource {
    onerror: ((event: Event) => void) | null = null;
    readonly url: string;
    constructor(url: string) {
      this.url = url;
      queueMicrotask(() => this.dispatch('ready', { resumed: false }));
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      sources.push({ type, listener });
    }
    close() {}
    private dispatch(type: string, data: unknown) {
      for (const source of sources)
        if (source.type === type) source.listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    marked(seq: number) {
      const event: LiveRollCallEvent = {
        seq,
        tenantId: acme.id,
        buildingId: HQ.id,
        rollCallId,
        count: 1,
        kind: 'marked',
        at: '2026-11-27T15:06:00.000Z',
      };
      for (const source of sources)
        if (source.type === 'rollCall')
          source.listener(new MessageEvent('rollCall', { data: JSON.stringify(event), lastEventId: String(seq) }));
    },
  };
}

async function renderEvacuation(role: Role) {
  storeSignIn({ ...userFixture('me', [role]), tenant: acme, role });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  return renderScreen(
    <MemoryRouter initialEntries={[`/evacuation?building=${HQ.id}`]}>
      <EvacuationPage />
    </MemoryRouter>,
    session,
  );
}

const row = (name: string) => screen.getByText(name, { selector: '[data-name]' }).closest('tr') as HTMLElement;

describe("the evacuation list's faces", () => {
  it('shows a small photo beside each person who has one, fetched by their visit', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:face'), revokeObjectURL: vi.fn() });
    liveStream();
    const [visitors, ...others] = list.groups;
    const withFace: EvacuationList = {
      ...list,
      groups: [
        { ...visitors!, people: visitors!.people.map((person) => ({ ...person, hasPhoto: person.visitId === bea })) },
        ...others,
      ],
    };
    const calls = answerCalls({
      'GET /evacuation/:buildingId': () => withFace,
      'GET /evacuation/:buildingId/rollCall': () => ({ rollCall: null }),
      'POST /live/ticket': () => ({ ticket: 'ticket', expiresAt: '2026-11-27T16:00:00.000Z' }),
      'GET /meeting/:id/photo': () => new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } }),
    });
    await renderEvacuation('ROLE_SPACE');
    await screen.findByText('Bea Adams', { selector: '[data-name]' });
    expect(await within(row('Bea Adams')).findByRole('img', { name: 'Photo of Bea Adams' })).toHaveAttribute(
      'src',
      'blob:face',
    );
    expect(within(row('Cal Baker')).queryByRole('img', { name: /^Photo of/ })).not.toBeInTheDocument();
    expect(calls.of('GET /meeting/:id/photo').map((call) => call.params.id)).toEqual([bea]);
  });
});

describe('the roll call on the evacuation screen', () => {
  it("shows every warden's marks with who and when, sends a mark at once, and follows the others' live", async () => {
    let current = rollCall([byUma]);
    const stream = liveStream();
    const calls = answerCalls({
      'GET /evacuation/:buildingId': () => list,
      'GET /evacuation/:buildingId/rollCall': () => ({ rollCall: current }),
      'POST /live/ticket': () => ({ ticket: 'ticket', expiresAt: '2026-11-27T16:00:00.000Z' }),
      'PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId': ({ params, body }) => {
        current = rollCall([
          ...current.history,
          {
            visitId: params.visitId ?? '',
            status: body.status,
            markedAt: '2026-11-27T15:05:00.000Z',
            markedBy: { kind: 'user', name: 'Me Myself' },
          },
        ]);
        return current;
      },
    });
    const { user } = await renderEvacuation('ROLE_SPACE');

    expect(await screen.findByRole('heading', { name: 'Alarm: roll call in progress' })).toBeInTheDocument();
    expect(screen.getByTestId('roll-call-count')).toHaveTextContent('1 of 2 accounted for');
    expect(within(row('Bea Adams')).getByRole('button', { name: 'Bea Adams: present' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Who, then when: the time of day, after the date when the mark is not from today.
    expect(within(row('Bea Adams')).getByTestId('roll-call-marked-by')).toHaveTextContent(
      /^Uma Warden, (\w+ \d+ )?\d{1,2}:\d{2}/,
    );
    // Cal's number, to tap on a phone.
    expect(
      within(row('Cal Baker')).getAllByRole('link', { name: 'Call Cal Baker on +1 514 555 0142' })[0],
    ).toHaveAttribute('href', 'tel:+15145550142');

    await user.click(within(row('Cal Baker')).getByRole('button', { name: 'Cal Baker: absent' }));
    await waitFor(() => expect(row('Cal Baker')).toHaveAttribute('data-mark', 'ABSENT'));
    const marks = calls.of('PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId');
    expect(marks.map((call) => [call.params.visitId, call.body])).toEqual([[cal, { status: 'ABSENT' }]]);
    await waitFor(() =>
      expect(within(row('Cal Baker')).getByTestId('roll-call-marked-by')).toHaveTextContent(/^Me Myself/),
    );

    // Another warden finds Cal at the assembly point: the stream says so, the screen reads it again.
    current = rollCall([
      ...current.history,
      {
        visitId: cal,
        status: 'PRESENT',
        markedAt: '2026-11-27T15:06:00.000Z',
        markedBy: { kind: 'kiosk', name: 'Lobby tablet' },
      },
    ]);
    stream.marked(42);
    await waitFor(() => expect(row('Cal Baker')).toHaveAttribute('data-mark', 'PRESENT'));
    expect(within(row('Cal Baker')).getByTestId('roll-call-marked-by')).toHaveTextContent(/^kiosk Lobby tablet, /);
    expect(screen.getByTestId('roll-call-count')).toHaveTextContent('2 of 2 accounted for');
    // Every mark stays in the history, the newest first.
    const history = screen.getByTestId('roll-call-history');
    expect(within(history).getByText('History: 3 marks')).toBeInTheDocument();
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/kiosk Lobby tablet marked Cal Baker present$/),
      expect.stringMatching(/Me Myself marked Cal Baker absent$/),
      expect.stringMatching(/Uma Warden marked Bea Adams present$/),
    ]);
  });

  it('asks before ending while someone is not accounted for, and shows a roll call another warden ended', async () => {
    let current = rollCall([byUma]);
    liveStream();
    const calls = answerCalls({
      'GET /evacuation/:buildingId': () => list,
      'GET /evacuation/:buildingId/rollCall': () => ({ rollCall: current }),
      'POST /live/ticket': () => ({ ticket: 'ticket', expiresAt: '2026-11-27T16:00:00.000Z' }),
      // Another warden ended it a moment ago.
      'PUT /evacuation/:buildingId/rollCall/:rollCallId/marks/:visitId': () => {
        current = rollCall([byUma], '2026-11-27T15:30:00.000Z');
        return refusal(409, 'ROLL_CALL_ENDED');
      },
      'POST /evacuation/:buildingId/rollCall/:rollCallId/end': () => current,
    });
    const { user } = await renderEvacuation('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'End roll call' }));
    expect(screen.getByRole('alert')).toHaveTextContent('1 person is not accounted for. End the roll call anyway?');
    await user.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(calls.of('POST /evacuation/:buildingId/rollCall/:rollCallId/end')).toEqual([]);

    // A mark of a roll call ended meanwhile: refused, said, and the screen shows how it ended.
    await user.click(within(row('Cal Baker')).getByRole('button', { name: 'Cal Baker: present' }));
    expect(await screen.findByText('This roll call has ended: the list shows the current one.')).toBeInTheDocument();
    expect(await screen.findByTestId('roll-call-last')).toHaveTextContent('Last roll call (Alarm) ended at');
    expect(screen.getByTestId('roll-call-last')).toHaveTextContent('by Sky Space: 1 present, 0 absent.');
    expect(row('Cal Baker')).toHaveAttribute('data-mark', 'none');
    expect(screen.getByRole('button', { name: 'Start roll call' })).toBeEnabled();
  });
});
