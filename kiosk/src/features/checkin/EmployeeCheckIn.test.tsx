import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmployeeCheckInMode, KioskPerson } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { formWith } from '@vestibule/ui/wizard/testing';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { CheckInFlow } from './CheckInFlow.tsx';
import { cachedSource } from './checkInSource.ts';

// The Employee card of a kiosk (docs/check-in.md, "Employees"): employees identify by their pass
// or PIN, find their name where the building allows it, type one only where it allows that; they
// are asked no duration and handed no visit code and PIN.

const en = resources.en.publicVisit;
const wizard = resources.en.wizard;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const ada: KioskPerson = {
  personId: '0190f0a0-0000-7000-8000-0000000000ad',
  passIdentifier: 'pass-ada',
  firstName: 'Ada',
  lastInitial: 'L',
  visitorType: 'EMPLOYEE',
  validFrom: null,
  validTo: null,
};

/** A kiosk of a building whose employees check in by `mode`, its directory holding Ada. */
function kioskFlow(mode: EmployeeCheckInMode, people: KioskPerson[] = [ada]) {
  const config = kioskConfig();
  config.building.building.employeeCheckIn = mode;
  config.building.visitorTypes = ['VISITOR', 'EMPLOYEE'];
  config.checkInData.EMPLOYEE = {
    ...config.checkInData.VISITOR!,
    visitorType: 'EMPLOYEE',
    checkInForm: formWith({ firstName: { mandatory: true }, lastName: { mandatory: true } }),
  };
  config.people =
    mode === 'IDENTIFIED'
      ? people
      : people.map((person) => ({ ...person, lastName: 'Lovelace', department: 'Engines' }));
  const runner = offlineRunner();
  const onScan = vi.fn();
  render(
    <CheckInFlow
      source={cachedSource(config, runner)}
      employee={{ directory: config, onScan, pinHref: '/employeeIdentificationKiosk/key-1' }}
    />,
  );
  return { runner, onScan, user: userEvent.setup() };
}

const employeeCard = () => screen.getByRole('button', { name: new RegExp(`^${en.checkIn.types.EMPLOYEE}`) });

describe("a kiosk's Employee card", () => {
  it('asks an employee to identify by their pass or PIN: no form to type a name in', async () => {
    const { user, onScan } = kioskFlow('IDENTIFIED');
    await user.click(employeeCard());
    expect(await screen.findByRole('heading', { level: 1, name: en.employee.title })).toHaveFocus();
    expect(screen.getByRole('link', { name: new RegExp(`^${en.employee.pin}`) })).toHaveAttribute(
      'href',
      '/employeeIdentificationKiosk/key-1',
    );
    expect(screen.queryByLabelText(new RegExp(`^${en.employee.name}`))).toBeNull();
    expect(screen.queryByRole('button', { name: en.employee.typeName })).toBeNull();
    await user.click(screen.getByRole('button', { name: new RegExp(`^${en.employee.scan}`) }));
    expect(onScan).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: en.back }));
    expect(employeeCard()).toBeInTheDocument();
  });

  it('is not offered where the directory has no employee and a typed name is not allowed', () => {
    kioskFlow('IDENTIFIED', [{ ...ada, visitorType: 'CONTRACTOR' }]);
    expect(screen.queryByRole('button', { name: new RegExp(`^${en.checkIn.types.EMPLOYEE}`) })).toBeNull();
    expect(screen.getByRole('button', { name: new RegExp(`^${en.checkIn.types.VISITOR}`) })).toBeInTheDocument();
  });

  it('finds the name in the directory where the building allows it, asks no duration and hands no code', async () => {
    const { user, runner } = kioskFlow('DIRECTORY');
    await user.click(employeeCard());
    await user.type(await screen.findByLabelText(new RegExp(`^${en.employee.name}`)), 'lov');
    expect(screen.getByTestId('directory-count').textContent).toBe(en.employee.found_one.replace('{{count}}', '1'));
    const results = screen.getByRole('list', { name: en.employee.results });
    // The name and department tell namesakes apart; nothing else of the directory shows.
    const found = within(results).getByRole('button', { name: /^Ada Lovelace,\s*Engines$/ });
    await user.click(found);
    expect(await screen.findByLabelText(new RegExp(`^${wizard.fields.lastName}`))).toHaveValue('Lovelace');
    expect(screen.queryByText(wizard.duration.legend)).toBeNull();
    await user.click(screen.getByRole('button', { name: wizard.buttons.finish }));
    expect(await screen.findByRole('heading', { name: new RegExp(en.success.title) })).toBeInTheDocument();
    expect(screen.queryByTestId('visit-code')).toBeNull();
    expect(screen.queryByTestId('visit-pin')).toBeNull();
    expect(screen.getByText(en.success.employeeCheckOut)).toBeInTheDocument();
    const [entry] = await runner.db.outbox.toArray();
    expect(entry?.type === 'checkIn' && entry.payload).toMatchObject({
      visitorType: 'EMPLOYEE',
      personId: ada.personId,
      passIdentifier: null,
      personTicket: null,
      scheduledDuration: null,
      checkInForm: { firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('says when no employee has the name typed', async () => {
    const { user } = kioskFlow('DIRECTORY');
    await user.click(employeeCard());
    await user.type(await screen.findByLabelText(new RegExp(`^${en.employee.name}`)), 'zz');
    await waitFor(() => expect(screen.getByTestId('directory-count').textContent).toBe(en.employee.noneFound));
  });

  it('lets an employee type their name only where the building allows it', async () => {
    const { user } = kioskFlow('TYPED_NAME');
    await user.click(employeeCard());
    await user.click(await screen.findByRole('button', { name: en.employee.typeName }));
    expect(await screen.findByLabelText(new RegExp(`^${wizard.fields.firstName}`))).toHaveValue('');
  });
});
