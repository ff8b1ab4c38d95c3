import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { HQ, personFixture } from './testing/peopleAnswers.ts';
import { renderPeople } from './testing/renderPeople.tsx';

const anne = personFixture('Anne', 'Leroy', { externalId: 'E-001', hasPin: true, validFrom: '2026-01-01' });

async function openAdd() {
  const view = await renderPeople('ROLE_ADMIN', [anne]);
  await screen.findByTestId(`person-row-${anne.id}`);
  await view.user.click(screen.getByRole('button', { name: 'Add person' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add person' });
  return { ...view, dialog };
}

describe('person dialog', () => {
  it('adds an employee only with a default duration, said on the field', async () => {
    const { calls, user, dialog } = await openAdd();
    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Dora');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Marsh');
    // The session's company has one building: the new person starts in it.
    expect(within(dialog).getByRole('textbox', { name: /^Building/ })).toHaveValue(HQ.name);
    expect(within(dialog).queryByRole('textbox', { name: /^Company/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An employee needs a default meeting duration.')).toBeInTheDocument();
    expect(calls.of('POST /person')).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: /^Default meeting duration/ }));
    await user.click(await screen.findByRole('option', { name: '1:30' }));
    await user.type(within(dialog).getByLabelText(/^Valid from/), '2026-03-01');
    await user.type(within(dialog).getByLabelText(/^Valid to/), '2026-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('"Valid to" cannot be before "valid from".')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Valid to/));
    await user.type(within(dialog).getByLabelText(/^Personal PIN/), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('4 to 8 digits')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Personal PIN/), '34');
    // An employee hosts visitors: told of their arrival by e-mail unless they choose otherwise.
    expect(within(dialog).getByRole('textbox', { name: /^When their visitor arrives/ })).toHaveValue(
      'Tell them by e-mail',
    );
    // Told by SMS needs their mobile number.
    await user.click(within(dialog).getByRole('textbox', { name: /^When their visitor arrives/ }));
    await user.click(await screen.findByRole('option', { name: /^Text their mobile \(SMS\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A mobile number is needed to be told by SMS.')).toBeInTheDocument();
    expect(calls.of('POST /person')).toEqual([]);
    await user.click(within(dialog).getByRole('textbox', { name: /^When their visitor arrives/ }));
    await user.click(await screen.findByRole('option', { name: 'Do not tell them' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.of('POST /person').map((request) => request.body)).toContainEqual(
        expect.objectContaining({
          firstName: 'Dora',
          lastName: 'Marsh',
          visitorType: 'EMPLOYEE',
          defaultDuration: 90,
          validFrom: '2026-03-01',
          validTo: null,
          email: null,
          companyName: null,
          pinCode: '1234',
          locale: 'en',
          hostNotice: 'NONE',
          buildingId: HQ.id,
        }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Person added.'));
  });

  it("adds a contractor with their company, and puts the server's refusal of the external id on its field", async () => {
    const { calls, user, dialog } = await openAdd();
    calls.once('POST /person', json(400, { errorCode: 'PEOPLE_DUPLICATED_EXTERNAL_ID', msg: 'Duplicated' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Ed');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Fix');
    await user.click(within(dialog).getByRole('textbox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Contractor' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Company/ }), 'Fixit Ltd');
    await user.type(within(dialog).getByRole('textbox', { name: /^External id/ }), 'E-001');
    // A contractor hosts nobody: no choice of how they are told.
    expect(within(dialog).queryByRole('textbox', { name: /^When their visitor arrives/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.of('POST /person').map((request) => request.body)).toContainEqual(
        expect.objectContaining({ visitorType: 'CONTRACTOR', companyName: 'Fixit Ltd', defaultDuration: null }),
      ),
    );
    expect(await within(dialog).findByText('Another person already has this external id.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^External id/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a person with their entries shown, removes their PIN and deactivates them', async () => {
    const { calls, user } = await renderPeople('ROLE_SUPERVISOR', [anne]);
    await user.click(await screen.findByRole('button', { name: 'Edit Anne Leroy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Anne Leroy' });
    const stats = await within(dialog).findByTestId('person-stats');
    await waitFor(() => expect(within(stats).getByTestId('stats-month')).toHaveTextContent('17'));
    expect(within(stats).getByText('Today').nextElementSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Yesterday').nextElementSibling).toHaveTextContent('2');
    expect(within(stats).getByText('This week').nextElementSibling).toHaveTextContent('5');
    expect(calls.of('GET /person/:id/stats').map((request) => request.params)).toContainEqual({ id: anne.id });

    expect(within(dialog).getByRole('textbox', { name: /^Default meeting duration/ })).toHaveValue('1:00');
    expect(within(dialog).getByText('A personal PIN is set. Type a new one to replace it.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remove the personal PIN' }));
    await user.click(within(dialog).getByRole('switch', { name: /Deactivated/ }));
    await user.clear(within(dialog).getByRole('textbox', { name: /^Job title/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Job title/ }), 'Guard');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.of('PATCH /person/:id')).toContainEqual(
        expect.objectContaining({
          params: { id: anne.id },
          body: expect.objectContaining({
            jobTitle: 'Guard',
            externalId: 'E-001',
            validFrom: '2026-01-01',
            pinCode: null,
            deactivated: true,
          }),
        }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved successfully.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Anne Leroy' })).not.toBeInTheDocument());
    expect(calls.of('GET /people')).toHaveLength(2);
  });
});
