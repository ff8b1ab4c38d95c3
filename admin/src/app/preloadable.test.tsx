import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

/** A screen with state of its own: a counter the visitor raises. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A file that arrives when the test says so. */
function deferredFile() {
  let arrive: () => void = () => undefined;
  const file = new Promise<{ Counter: typeof Counter }>((resolve) => {
    arrive = () => resolve({ Counter });
  });
  return { file, arrive: () => arrive() };
}

describe('preloadable', () => {
  it('draws a component whose file has arrived at once, without its fallback', async () => {
    const counter = preloadable(
      () => Promise.resolve({ Counter }),
      (module) => module.Counter,
    );
    await counter.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <counter.Component label="Visits" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Visits 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows the fallback until the file arrives, then keeps the mounted component and its state', async () => {
    const { file, arrive } = deferredFile();
    const counter = preloadable(
      () => file,
      (module) => module.Counter,
    );
    function Parent() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Redraw {renders}
          </button>
          <Suspense fallback={<p>Loading</p>}>
            <counter.Component label="Visits" />
          </Suspense>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Parent />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      arrive();
      await file;
    });
    await user.click(await screen.findByRole('button', { name: 'Visits 0' }));
    expect(screen.getByRole('button', { name: 'Visits 1' })).toBeInTheDocument();
    // The parent draws again now that the file is there: the counter is not mounted anew.
    await user.click(screen.getByRole('button', { name: 'Redraw 0' }));
    expect(screen.getByRole('button', { name: 'Visits 1' })).toBeInTheDocument();
  });
});
