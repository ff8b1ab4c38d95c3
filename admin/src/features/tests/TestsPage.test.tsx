import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { type SelfTestRun, selfTestRunSchema } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { storageKeys } from '../../storage/storageKeys.ts';
import { type Answers, answerCalls, refusal } from '../../test/answerCalls.ts';
import { createTestSession } from '../../test/renderApp.tsx';
import { TestsPage } from './TestsPage.tsx';

// The Tests screen: the self-test started with a count and a duration, its progress asked for
// until it ends, then its figures, and operations per second as a chart with its table.

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const running: SelfTestRun = selfTestRunSchema.parse({
  id: '0190a8f2-0000-7000-8000-00000000f001',
  status: 'running',
  count: 50,
  durationS: 5,
  done: 0,
  errors: 0,
  startedAt: '2026-03-05T14:00:00.000Z',
  finishedAt: null,
  result: null,
  error: null,
});

const done: SelfTestRun = {
  ...running,
  status: 'done',
  done: 50,
  errors: 1,
  finishedAt: '2026-03-05T14:00:06.000Z',
  result: {
    operations: 99,
    errors: 1,
    throughput: 16.5,
    p50Ms: 12.5,
    p95Ms: 40,
    p99Ms: 80.2,
    perSecond: [
      { second: 0, operations: 20, errors: 0, maxMs: 30 },
      { second: 1, operations: 19, errors: 1, maxMs: 80.2 },
    ],
    errorSamples: ['check-in 200: Please wait for the reception.'],
  },
};

function renderTests(answers: Answers) {
  localStorage.setItem(storageKeys.user, JSON.stringify({ username: 'admin', role: 'ROLE_ADMIN' }));
  localStorage.setItem(storageKeys.token, 'token-of-admin');
  const calls = answerCalls(answers);
  const user = userEvent.setup();
  render(
    <AppProviders session={createTestSession()} testEnvironment>
      <main>
        <TestsPage pollMs={5} />
      </main>
    </AppProviders>,
  );
  return { calls, user };
}

describe('the Tests screen', () => {
  it('starts a run, follows its progress, then shows its figures, errors and the chart with its numbers', async () => {
    let asked = 0;
    const { calls, user } = renderTests({
      // Nothing ran yet; then the run goes on once, then it is done.
      'GET /stresstest/status': () => {
        asked++;
        if (asked === 1) return { run: null };
        return { run: asked === 2 ? { ...running, done: 20 } : done };
      },
      'GET /stresstest': () => ({ performing: true as const, run: running }),
    });
    expect(await screen.findByText('No self-test has run yet.')).toBeInTheDocument();
    expect(await violations()).toEqual([]);

    const count = screen.getByRole('textbox', { name: 'Visits (check-in and check-out each)' });
    await user.clear(count);
    await user.type(count, '50');
    const duration = screen.getByRole('textbox', { name: 'Over (seconds)' });
    await user.clear(duration);
    await user.type(duration, '5');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(calls.last('GET /stresstest').query).toEqual({ count: '50', duration: '5' });
    const figures = await screen.findByRole('table', { name: 'Figures' });
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByText('50 of 50 visits')).toBeInTheDocument();
    expect(
      within(figures)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Operations99',
      'Errors1',
      'Throughput (operations/s)16.5',
      'Median latency (ms)12.5',
      '95th percentile (ms)40',
      '99th percentile (ms)80.2',
    ]);
    expect(screen.getByText('check-in 200: Please wait for the reception.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Operations per second' })).toBeInTheDocument();
    const perSecond = screen.getByRole('table', { name: 'Operations per second' });
    expect(
      within(perSecond)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['1', '20', '0', '30'],
      ['2', '19', '1', '80.2'],
    ]);
    expect(await violations()).toEqual([]);
  });

  it('says another run is going on when the server refuses a second one', async () => {
    const { user } = renderTests({
      'GET /stresstest/status': () => ({ run: done }),
      'GET /stresstest': () => refusal(409, 'STRESSTEST_RUNNING'),
    });
    await screen.findByRole('table', { name: 'Figures' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('A self-test is already running: wait for it to finish.')).toBeInTheDocument();
  });

  it('refuses a count out of bounds before any call', async () => {
    const { calls, user } = renderTests({
      'GET /stresstest/status': () => ({ run: null }),
      'GET /stresstest': () => ({ performing: true as const, run: running }),
    });
    await screen.findByText('No self-test has run yet.');
    const count = screen.getByRole('textbox', { name: 'Visits (check-in and check-out each)' });
    await user.clear(count);
    await user.type(count, '5000');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(count).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.of('GET /stresstest')).toEqual([]);
  });
});
