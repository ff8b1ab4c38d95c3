import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BuildingDialog } from './BuildingDialog.tsx';
import { refusal, unreachable } from '../../test/answerCalls.ts';
import { answerBuildings, buildingFixture, kioskDeviceFixture } from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

const otherTabs = [
  'General settings',
  'Check-in form',
  'Questionnaires',
  'Exit questionnaires',
  'Documents',
  'Cameras',
  'Kiosk devices',
  'QR codes',
];

function openDialog(buildingId: string | null, role?: string) {
  const onClose = vi.fn<(changed: boolean) => void>();
  const view = renderBuildingScreen(<BuildingDialog buildingId={buildingId} onClose={onClose} />, role);
  return { ...view, onClose };
}

async function editedDialog(overrides: Parameters<typeof buildingFixture>[0] = {}) {
  const fake = answerBuildings(buildingFixture(overrides));
  const view = openDialog(fake.current().id);
  await screen.findByRole('dialog', { name: 'Edit the building' });
  await screen.findByRole('textbox', { name: /^Name/ });
  return { ...view, fake };
}

describe('building dialog tabs', () => {
  it('offers only the address tab to a new building, and the other tabs after its first save', async () => {
    const fake = answerBuildings(buildingFixture());
    const { user } = openDialog(null);
    await screen.findByRole('dialog', { name: 'Add a building' });
    const tablist = screen.getByRole('tablist', { name: 'Building settings' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Address and contact', ...otherTabs]);
    expect(within(tablist).getByRole('tab', { name: 'Address and contact' })).toHaveAttribute('aria-selected', 'true');
    for (const name of otherTabs) expect(within(tablist).getByRole('tab', { name })).toBeDisabled();
    expect(screen.queryByText(/^Created:/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbour office');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Quay Street');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Halifax');
    await user.type(screen.getByRole('textbox', { name: /^Postal code/ }), 'B3J 1A1');
    await user.type(screen.getByRole('textbox', { name: /^Province or state/ }), 'NS');
    await user.click(screen.getByRole('textbox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await user.type(screen.getByLabelText(/^PIN code/), '4321');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('dialog', { name: 'Edit the building' });
    expect(fake.calls.of('POST /building').map((request) => request.body)).toContainEqual(
      expect.objectContaining({ name: 'Harbour office', countryCode: 'CA', pinCode: '4321', address2: null }),
    );
    for (const name of otherTabs) expect(within(tablist).getByRole('tab', { name })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully.');
    expect(screen.getByText(/^Created:/)).toBeInTheDocument();
  });

  it('does not create a building while a required field is missing, and says which', async () => {
    const fake = answerBuildings(buildingFixture());
    const { user } = openDialog(null);
    await screen.findByRole('dialog', { name: 'Add a building' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbour office');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(5);
    expect(fake.calls.of('POST /building')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Address' })).toHaveFocus());
  });

  it('warns before leaving an edited tab; staying keeps the edit, leaving drops it', async () => {
    const { user } = await editedDialog();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Renamed office');

    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const warning = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(warning).toHaveTextContent('The address and contact are not saved.');
    await user.click(within(warning).getByRole('button', { name: 'Stay on this tab' }));
    expect(screen.getByRole('tab', { name: 'Address and contact' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Renamed office');

    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(screen.getByRole('tab', { name: 'General settings' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Address and contact' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Head office');
  });

  it('leaves a saved tab without a warning', async () => {
    const { user, fake } = await editedDialog();
    await user.type(screen.getByRole('textbox', { name: /^Address \(line 2\)/ }), 'Floor 3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id')[0]!.body).toMatchObject({ address2: 'Floor 3' });
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kiosk devices' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the matching warning for each kind of tab', async () => {
    const { user } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Check-in form' }));
    await user.click(await screen.findByRole('switch', { name: 'Ask for Full name' }));
    await user.click(screen.getByRole('tab', { name: 'Cameras' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toHaveTextContent(
      'The check-in form is not saved.',
    );
  });

  it('Cancel closes the dialog and reports whether anything was saved', async () => {
    const { user, onClose, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    await user.type(screen.getByRole('textbox', { name: /^Success text/ }), 'Welcome');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(fake.calls.of('PATCH /building/:id/deviceTexts')).toHaveLength(0);
  });

  it('shows the company to admin users, read-only', async () => {
    const fake = answerBuildings(buildingFixture());
    openDialog(fake.current().id, 'ROLE_ADMIN');
    const company = await screen.findByRole('textbox', { name: 'Company' });
    expect(company).toHaveValue('Acme Corporation');
    expect(company).toHaveAttribute('readonly');
  });

  it('hides the company from master users', async () => {
    await editedDialog();
    expect(screen.queryByRole('textbox', { name: 'Company' })).not.toBeInTheDocument();
  });
});

describe('check-in form tab', () => {
  it('adds at most two custom fields, and removing the first moves the second into its place', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Check-in form' }));
    const add = await screen.findByRole('button', { name: 'Add a custom field' });

    await user.click(add);
    await user.type(screen.getByRole('textbox', { name: /^Label of custom field 1/ }), 'Badge number');
    await user.click(add);
    await user.type(screen.getByRole('textbox', { name: /^Label of custom field 2/ }), 'Parking needed');
    await user.click(screen.getByRole('textbox', { name: 'Type of custom field 2' }));
    await user.click(await screen.findByRole('option', { name: 'Yes or no' }));
    expect(add).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove custom field 1' }));
    expect(screen.getByRole('textbox', { name: /^Label of custom field 1/ })).toHaveValue('Parking needed');
    expect(screen.getByRole('textbox', { name: 'Type of custom field 1' })).toHaveValue('Yes or no');
    expect(screen.queryByRole('textbox', { name: /^Label of custom field 2/ })).not.toBeInTheDocument();
    expect(add).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/checkInForms')).toHaveLength(1));
    const visitor = fake.calls.of('PATCH /building/:id/checkInForms')[0]?.body.visitorCheckInForm;
    expect(visitor!.custom1).toMatchObject({ enabled: true, label: 'Parking needed', type: 'BOOLEAN' });
    expect(visitor!.custom2).toMatchObject({ enabled: false, label: '', mandatory: false });
  });

  it('refuses a custom field without a label', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Check-in form' }));
    await user.click(await screen.findByRole('button', { name: 'Add a custom field' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /building/:id/checkInForms')).toHaveLength(0);
  });

  it('clears mandatory when a field is turned off, and turns a field on when made mandatory', async () => {
    const { user } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Check-in form' }));
    const askHost = await screen.findByRole('switch', { name: 'Ask for Host' });
    const hostMandatory = screen.getByRole('switch', { name: 'Make Host mandatory' });
    expect(hostMandatory).toBeChecked();
    await user.click(askHost);
    expect(hostMandatory).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Make Licence plate mandatory' }));
    expect(screen.getByRole('switch', { name: 'Ask for Licence plate' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ask for First name' })).toBeDisabled();
  });
});

describe('general settings tab', () => {
  it('converts the temperature limits when the unit changes (two decimals)', async () => {
    const { user, fake } = await editedDialog({
      checkInTemperatureMeasuresEnabled: true,
      temperatureMeasureUnit: 'CELSIUS',
      minAllowedTemperature: 35,
      maxAllowedTemperature: 37.8,
    });
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    await user.click(await screen.findByRole('radio', { name: 'Fahrenheit (°F)' }));
    expect(screen.getByRole('textbox', { name: 'Lowest allowed temperature' })).toHaveValue('95 °F');
    expect(screen.getByRole('textbox', { name: 'Highest allowed temperature' })).toHaveValue('100.04 °F');
    await user.click(screen.getByRole('radio', { name: 'Celsius (°C)' }));
    expect(screen.getByRole('textbox', { name: 'Lowest allowed temperature' })).toHaveValue('35 °C');
    expect(screen.getByRole('textbox', { name: 'Highest allowed temperature' })).toHaveValue('37.8 °C');

    await user.click(screen.getByRole('radio', { name: 'Fahrenheit (°F)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      temperatureMeasureUnit: 'FAHRENHEIT',
      minAllowedTemperature: 95,
      maxAllowedTemperature: 100.04,
    });
  });

  it('shows the manual temperature toggles only when the matching measure is on', async () => {
    const { user } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const manual = 'Allow entering the check-in temperature by hand';
    expect(screen.queryByRole('switch', { name: manual })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Measure the temperature at check-in' }));
    expect(screen.getByRole('switch', { name: manual })).toBeInTheDocument();
  });

  it('switches the automatic check-out mode, clearing the other value', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    await user.click(await screen.findByRole('radio', { name: 'At a time of day' }));
    const time = screen.getByLabelText('Check out automatically at');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(0);
    await user.type(time, '18:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      autoCheckoutMode: 'SPECIFIC_TIME',
      autoCheckoutSpecificTime: '18:30',
      autoCheckOutTimeout: null,
    });
  });
});

describe('the host settings', () => {
  it('lets visitors type a host freely only when switched on, and says where visitors wait in the host notice', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const freeText = await screen.findByRole('switch', { name: 'Let visitors type a host who is not in the list' });
    expect(freeText).not.toBeChecked();
    expect(freeText).toHaveAccessibleDescription(/For sites without a people directory/);
    await user.click(freeText);
    const wait = screen.getByRole('textbox', { name: 'Where visitors wait for their host' });
    expect(wait).toHaveAccessibleDescription(/Empty: at the reception/);
    await user.type(wait, 'In the lobby, ground floor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      allowFreeTextHost: true,
      hostNoticeWaitText: 'In the lobby, ground floor',
    });
  });

  it("names the building's security contacts, told of the watchlist's refusals and holds, and refuses a list that is not of addresses", async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const contacts = await screen.findByRole('textbox', { name: 'Security contacts' });
    expect(contacts).toHaveValue('');
    expect(contacts).toHaveAccessibleDescription(/Told by e-mail when the watchlist refuses or holds a visitor here/);
    await user.type(contacts, 'guard@hq.example, nobody');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter valid email addresses separated by commas.')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(0);

    await user.clear(contacts);
    await user.type(contacts, 'guard@hq.example, desk@hq.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      securityContacts: 'guard@hq.example, desk@hq.example',
    });
  });
});

describe('kiosk and self check-in settings', () => {
  it('sets how long the kiosk shows a check-in and how employees check themselves in, 15 s and identified by default', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const delay = await screen.findByRole('textbox', {
      name: 'After a check-in, the kiosk returns to its welcome screen after',
    });
    expect(delay).toHaveValue('15 seconds');
    const employees = screen.getByRole('textbox', { name: 'Employees check themselves in' });
    expect(employees).toHaveValue('With their pass or personal PIN');
    await user.click(delay);
    await user.click(await screen.findByRole('option', { name: '30 seconds' }));
    await user.click(employees);
    await user.click(
      await screen.findByRole('option', {
        name: 'With their pass, their PIN, or their name in the directory (kiosks)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      kioskOutcomeSeconds: 30,
      employeeCheckIn: 'DIRECTORY',
    });
  });
});

describe('badge settings', () => {
  it('chooses the label, what the badge shows and when the kiosk prints it, the preview following each change', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const preview = await screen.findByRole('figure', { name: 'Preview of the badge' });
    const badge = within(preview).getByRole('article', { name: 'Visitor: Alex Martin' });
    expect(badge).toHaveAttribute('data-size', 'LABEL_62X100');
    expect(within(preview).getByText('62 × 100 mm label (Brother QL)')).toBeInTheDocument();
    expect(within(badge).getByRole('img', { name: 'QR code of the visit code: ABCD2345' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'QR code of the visit code' }));
    expect(within(badge).queryByRole('img', { name: /^QR code/ })).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Label size' }));
    await user.click(await screen.findByRole('option', { name: 'A6 paper (105\u00a0×\u00a0148\u00a0mm)' }));
    expect(within(preview).getByRole('article')).toHaveAttribute('data-size', 'A6');
    const visitors = screen.getByRole('textbox', { name: 'Badge: Visitors' });
    expect(visitors).toHaveValue('Never');
    await user.click(visitors);
    await user.click(await screen.findByRole('option', { name: 'Always' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      badgeLayout: { size: 'A6', qrCode: false, photo: true, host: true },
      badgePrint: { VISITOR: 'ALWAYS' },
    });
  });
});

describe('space booking settings', () => {
  it('sets the limits per person, empty meaning no limit, and clears one again', async () => {
    const { user, fake } = await editedDialog({ bookingMaxDaysAhead: 30 });
    await user.click(screen.getByRole('tab', { name: 'General settings' }));
    const atOnce = await screen.findByRole('textbox', { name: 'Bookings to come per person' });
    expect(atOnce).toHaveValue('');
    expect(atOnce).toHaveAttribute('placeholder', 'No limit');
    expect(atOnce).toHaveAccessibleDescription(/each day of a repeating booking counts/);
    const ahead = screen.getByRole('textbox', { name: 'How many days ahead a booking may start' });
    expect(ahead).toHaveValue('30');
    await user.type(atOnce, '5');
    await user.clear(ahead);
    await user.type(
      screen.getByRole('textbox', { name: 'Release a booking nobody checked into after (minutes)' }),
      '15',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/settings')).toHaveLength(1));
    expect(fake.calls.of('PATCH /building/:id/settings')[0]!.body).toMatchObject({
      bookingMaxAtOnce: 5,
      bookingMaxDaysAhead: null,
      bookingReleaseMinutes: 15,
    });
  });
});

describe('kiosk devices tab', () => {
  it('starts with the enrolment of a kiosk and counts the kiosks enrolled, not the addresses', async () => {
    const kiosk = (id: string, overrides: Parameters<typeof kioskDeviceFixture>[0] = {}) =>
      kioskDeviceFixture({ deviceId: `0190a8f2-0000-7000-8000-0000000000${id}`, ...overrides });
    const fake = answerBuildings(buildingFixture(), {
      kiosks: {
        devices: [
          kiosk('d1', { name: 'Lobby' }),
          kiosk('d2', { name: 'Gate' }),
          kiosk('d3', { name: 'Old', revokedAt: '2026-03-02T10:00:00.000Z' }),
        ],
        rejected: [],
      },
    });
    const { user } = openDialog(fake.current().id);
    await user.click(await screen.findByRole('tab', { name: 'Kiosk devices' }));
    const enrol = await screen.findByRole('button', { name: 'Enrol a kiosk' });
    expect(await screen.findByText('2 of 3 devices enrolled')).toBeInTheDocument();
    expect(screen.getByText('0 of 5 addresses')).toBeInTheDocument();
    const address = screen.getByRole('textbox', { name: /^New device IP address/ });
    // The enrol button is the tab's first control, before the address list.
    expect(enrol.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('accepts only IPv4 addresses', async () => {
    const { user, fake } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    const address = await screen.findByRole('textbox', { name: /^New device IP address/ });
    await user.type(address, '300.1.2.3');
    await user.click(screen.getByRole('button', { name: 'Add the device' }));
    expect(screen.getByText('Enter an IPv4 address such as 192.168.1.20.')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /building/:id/devices')).toHaveLength(0);

    await user.clear(address);
    await user.type(address, '10.0.0.5');
    await user.click(screen.getByRole('button', { name: 'Add the device' }));
    await waitFor(() =>
      expect(fake.calls.of('PATCH /building/:id/devices')).toContainEqual(
        expect.objectContaining({ params: { id: fake.current().id }, body: { devicesIds: ';;;10.0.0.5;;;' } }),
      ),
    );
    expect(await screen.findByRole('cell', { name: '10.0.0.5' })).toBeInTheDocument();
    expect(screen.getByText('1 of 5 addresses')).toBeInTheDocument();
  });

  it('disables the input and the button at the device limit', async () => {
    const { user } = await editedDialog({ devicesLimit: 2, devicesIds: ';;;10.0.0.1;;;;;;10.0.0.2;;;' });
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    expect(await screen.findByRole('textbox', { name: /^New device IP address/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add the device' })).toBeDisabled();
    expect(screen.getByText('The limit of 2 addresses is reached.')).toBeInTheDocument();
  });

  it('keeps the kiosk texts within 128 characters', async () => {
    const { user } = await editedDialog();
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    const success = await screen.findByRole('textbox', { name: /^Success text/ });
    expect(success).toHaveAttribute('maxlength', '128');
    await user.type(success, 'Welcome');
    expect(screen.getByText('7 / 128 characters')).toBeInTheDocument();
  });
});

describe('check-in logo', () => {
  const png = (size: number, name = 'logo.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

  function fileInput(): HTMLInputElement {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  }

  it('refuses files of 2,000,000 bytes or more, and files that are not PNG, JPEG or BMP', async () => {
    const { user } = await editedDialog();
    await user.upload(fileInput(), png(2_000_000, 'big.png'));
    expect(await screen.findByText('The logo is too big: it must be under 2 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.upload(fileInput(), new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The logo must be a PNG, JPEG or BMP image.')).toBeInTheDocument();
    expect(screen.queryByText('The logo is too big: it must be under 2 MB.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(fileInput(), png(1_999_999));
    expect(screen.queryByText('The logo must be a PNG, JPEG or BMP image.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('uploads the chosen logo of a saved building and shows it as the current one', async () => {
    const { user, fake } = await editedDialog();
    await user.upload(fileInput(), png(1000));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/checkInLogo')).toHaveLength(1));
    expect(await screen.findByText('Current logo: logo.png')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved successfully.');
  });

  it("says the server's refusal of an upload in the logo's own terms, keeping the chosen file", async () => {
    const { user, fake } = await editedDialog();
    await user.upload(fileInput(), png(1000));
    const refusals: [Response, string][] = [
      [refusal(415, 'invalidFormat'), 'The logo must be a PNG, JPEG or BMP image.'],
      [
        refusal(400, 'MALFORMED_MULTIPART'),
        'The upload arrived incomplete or damaged. Choose the file again and send it once more.',
      ],
      // A proxy's limit answers without the server's words: still the logo's limit.
      [
        new Response('<html>Request Entity Too Large</html>', { status: 413 }),
        'The logo is too big: it must be under 2 MB.',
      ],
    ];
    for (const [answer, words] of refusals) {
      fake.calls.once('PATCH /building/:id/checkInLogo', answer);
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText(words)).toBeInTheDocument();
      expect(screen.getByText('No logo yet.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    }
  });

  it('uploads the logo of a new building right after creating it', async () => {
    const fake = answerBuildings(buildingFixture());
    const { user } = openDialog(null);
    await screen.findByRole('dialog', { name: 'Add a building' });
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbour office');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Quay Street');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Halifax');
    await user.type(screen.getByRole('textbox', { name: /^Postal code/ }), 'B3J 1A1');
    await user.type(screen.getByRole('textbox', { name: /^Province or state/ }), 'NS');
    await user.click(screen.getByRole('textbox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await user.type(screen.getByLabelText(/^PIN code/), '4321');
    await user.upload(fileInput(), png(1000));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PATCH /building/:id/checkInLogo')).toHaveLength(1));
    expect(fake.calls.of('POST /building')).toHaveLength(1);
    expect(await screen.findByText('Current logo: logo.png')).toBeInTheDocument();
  });
});

describe('cameras tab', () => {
  it('ignores a second submit while saving and closes the dialog even when the save fails', async () => {
    let fail: () => void = () => undefined;
    const fake = answerBuildings(buildingFixture(), {
      answers: {
        'POST /camera/:buildingId': () =>
          new Promise<typeof unreachable>((resolve) => {
            fail = () => resolve(unreachable);
          }),
      },
    });
    const { user } = openDialog(fake.current().id);
    await user.click(await screen.findByRole('tab', { name: 'Cameras' }));
    await user.click(await screen.findByRole('button', { name: 'Add a camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a camera' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lobby');
    await user.type(within(dialog).getByRole('textbox', { name: /^IP address or URL/ }), '192.168.1.64');
    await user.click(within(dialog).getByRole('switch', { name: /^Simulated camera/ }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    await user.click(save);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '{Enter}');
    expect(fake.calls.of('POST /camera/:buildingId')).toHaveLength(1);
    expect(fake.calls.of('POST /camera/:buildingId')[0]!.body).toMatchObject({ name: 'Lobby', simulated: true });

    // The network goes down.
    fail();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a camera' })).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('lists the cameras, edits one on double click and tests it', async () => {
    const building = buildingFixture();
    answerBuildings(building, {
      answers: {
        'GET /camera/:buildingId': () => [
          {
            id: '0190a8f2-0000-7000-8000-0000000000c1',
            buildingId: building.id,
            name: 'Lobby',
            ipAddress: '192.168.1.64',
            authUser: 'viewer',
            hasPassword: true,
            cameraPlace: 'ENTRY' as const,
            active: true,
            simulated: true,
          },
        ],
        'GET /camera/picture/:id': () => unreachable,
      },
    });
    const { user } = openDialog(building.id);
    await user.click(await screen.findByRole('tab', { name: 'Cameras' }));
    const row = (await screen.findByRole('cell', { name: /Lobby/ })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('cell', { name: 'viewer' })).toBeInTheDocument();
    await user.dblClick(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit the camera' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Lobby');
    expect(within(dialog).getByText('Leave empty to keep the current password.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Test Lobby' }));
    const test = await screen.findByRole('dialog', { name: 'Camera test: Lobby' });
    expect(await within(test).findByText('Person 1: 36.6 °C')).toBeInTheDocument();
    expect(await within(test).findByText('No picture: the camera did not send one.')).toBeInTheDocument();
  });
});

describe('questionnaires tabs', () => {
  it('reads and saves the exit questionnaires in the entry lists’ shape, apart from the entry lists', async () => {
    const badge = '0190a8f2-0000-7000-8000-0000000000b1';
    const tools = '0190a8f2-0000-7000-8000-0000000000b2';
    const building = buildingFixture({
      visitorExitQuestionnaires: [badge, tools],
      contractorExitQuestionnaires: [tools],
    });
    const fake = answerBuildings(building, {
      answers: {
        'GET /questionnaire/all': () => [
          { id: badge, name: 'Badge returned' },
          { id: tools, name: 'Tools returned' },
        ],
      },
    });
    const { user } = openDialog(building.id);
    await user.click(await screen.findByRole('tab', { name: 'Exit questionnaires' }));
    const visitors = await screen.findByTestId('exit-questionnaires-VISITOR');
    expect(
      within(visitors)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(
      expect.arrayContaining([expect.stringContaining('Badge returned'), expect.stringContaining('Tools returned')]),
    );
    await user.click(within(visitors).getByRole('button', { name: 'Remove Badge returned' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.of('PUT /building/:id/exitQuestionnaire')).toHaveLength(1));
    expect(fake.calls.of('PUT /building/:id/exitQuestionnaire')[0]!.body).toEqual({
      visitorQuestionnaires: [tools],
      contractorQuestionnaires: [tools],
      employeeQuestionnaires: [],
    });
    expect(fake.calls.of('PUT /building/:id/questionnaire')).toHaveLength(0);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved successfully.');
    expect(fake.current()).toMatchObject({ visitorExitQuestionnaires: [tools], visitorQuestionnaires: [] });
  });
});
