import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { personFixture, qrcode } from './testing/peopleAnswers.ts';
import { renderPeople } from './testing/renderPeople.tsx';

const anne = personFixture('Anne-Marie', 'Léroy');
const noMail = personFixture('Nick', 'Nomail', { email: null });

async function openPass(role: 'ROLE_ADMIN' | 'ROLE_USER', name = 'Anne-Marie Léroy') {
  const view = await renderPeople(role, [anne, noMail]);
  await view.user.click(await screen.findByRole('button', { name: `Access pass of ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Access pass of ${name}` });
  await within(dialog).findByRole('img', { name: `QR code of the access pass of ${name}` });
  return { ...view, dialog };
}

describe('pass dialog', () => {
  it('shows the QR code, the identifier and the personal link, copies the link and saves the PNG', async () => {
    const { calls, user, dialog } = await openPass('ROLE_ADMIN');
    expect(calls.of('GET /person/:id/pass').map((request) => request.params)).toContainEqual({ id: anne.id });
    expect(within(dialog).getByRole('img', { name: 'QR code of the access pass of Anne-Marie Léroy' })).toHaveAttribute(
      'src',
      qrcode,
    );
    expect(within(dialog).getByTestId('pass-identifier')).toHaveTextContent('PASS-1');
    const link = `https://vestibule.example/checkin/hq-key/${anne.id}-1`;
    expect(within(dialog).getByRole('link', { name: /opens in a new tab/ })).toHaveAttribute('href', link);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy the personal check-in link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard.'));

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the personal check-in link' }));
    expect(await screen.findByText('Could not copy to the clipboard.')).toBeInTheDocument();

    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(saved).toEqual([`pass-anne-marie-leroy.png ${qrcode}`]);
    click.mockRestore();
  });

  it('prints the pass alone, once its image is drawn', async () => {
    const { user, dialog } = await openPass('ROLE_ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Anne-Marie Léroy"]');
    expect(frame).not.toBeNull();
    const page = frame!.contentDocument!;
    expect(page.querySelector('h1')).toHaveTextContent('Anne-Marie Léroy');
    expect(page.body).toHaveTextContent('PASS-1');
    const image = page.querySelector('img')!;
    expect(image).toHaveAttribute('alt', 'QR code of the access pass of Anne-Marie Léroy');
    const print = vi.fn();
    Object.assign(frame!.contentWindow!, { print, focus: vi.fn() });
    image.dispatchEvent(new Event('load'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('sends the pass and the link, saying to whom, and revokes the pass after a confirmation', async () => {
    const { calls, user, dialog } = await openPass('ROLE_ADMIN');
    await user.click(within(dialog).getByRole('button', { name: 'Send pass' }));
    await waitFor(() =>
      expect(calls.of('POST /person/:id/sendpass').map((request) => request.params)).toContainEqual({ id: anne.id }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The access pass was sent to anne-marie@example.com.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(calls.of('POST /person/:id/sendlink').map((request) => request.params)).toContainEqual({ id: anne.id }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The personal check-in link was sent to anne-marie@example.com.',
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Revoke pass' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the pass' });
    expect(confirm).toHaveTextContent("Anne-Marie Léroy's current pass stops working at once");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.of('POST /person/:id/revokePass')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke pass' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the pass' })).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() =>
      expect(calls.of('POST /person/:id/revokePass').map((request) => request.params)).toContainEqual({ id: anne.id }),
    );
    await waitFor(() => expect(within(dialog).getByTestId('pass-identifier')).toHaveTextContent('PASS-2'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The pass was revoked: the new one is shown.'),
    );
  });

  it('cannot send to a person without an e-mail address', async () => {
    const { dialog } = await openPass('ROLE_ADMIN', 'Nick Nomail');
    expect(within(dialog).getByText(/This person has no e-mail address/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send pass' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Send link' })).toBeDisabled();
  });

  it('gives a user the pass to show, download and print, without sending or revoking it', async () => {
    const { dialog } = await openPass('ROLE_USER');
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send pass' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revoke pass' })).not.toBeInTheDocument();
  });
});
