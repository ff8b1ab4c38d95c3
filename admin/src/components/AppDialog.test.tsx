import { Button, Loader, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/renderApp.tsx';
import { AppDialog, DialogActions } from './AppDialog.tsx';

// Every dialog's focus (AppDialog): on its first field when it opens, back on its opener when it
// closes (Escape, a button, or the page taking it away), and its actions in a sticky foot.

/** A dialog whose fields come after a load, as the visit's dialogs do. */
function LoadingFields() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <TextInput label="Loaded name" /> : <Loader aria-label="Loading" />;
}

/** A page that opens a dialog by mounting it, and removes it on close (as the entry log does). */
function Page(props: { loading?: boolean }) {
  const [open, setOpen] = useState(false);
  const [nested, setNested] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open the form</Button>
      {open && (
        <AppDialog opened onClose={() => setOpen(false)} title="A form">
          <p>Some text before the fields.</p>
          {props.loading ? (
            <LoadingFields />
          ) : (
            <>
              <TextInput label="First field" />
              <TextInput label="Second field" />
            </>
          )}
          <DialogActions>
            <Button onClick={() => setNested(true)}>Next step</Button>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </DialogActions>
        </AppDialog>
      )}
      {nested && (
        <AppDialog
          opened
          onClose={() => {
            // The step replaces the form: the button that opened it is gone with it.
            setNested(false);
            setOpen(false);
          }}
          title="Next step"
        >
          <TextInput label="Step field" />
        </AppDialog>
      )}
    </>
  );
}

describe('AppDialog', () => {
  it('puts the focus on the first field, and back on the opener after Escape', async () => {
    const { user } = renderScreen(<Page />);
    const opener = screen.getByRole('button', { name: 'Open the form' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First field' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close' })).not.toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'A form' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back when a button closes it, and keeps its actions in the sticky foot', async () => {
    const { user } = renderScreen(<Page />);
    const opener = screen.getByRole('button', { name: 'Open the form' });
    await user.click(opener);
    const done = await screen.findByRole('button', { name: 'Done' });
    expect(done.closest('[data-dialog-actions]')).not.toBeNull();
    await user.click(done);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('focuses a field that comes after a load', async () => {
    const { user } = renderScreen(<Page loading />);
    await user.click(screen.getByRole('button', { name: 'Open the form' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Loaded name' })).toHaveFocus());
  });

  it('gives the focus to the first opener when the dialog that opened it is gone', async () => {
    const { user } = renderScreen(<Page />);
    const opener = screen.getByRole('button', { name: 'Open the form' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Next step' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Step field' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
