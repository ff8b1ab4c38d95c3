import type { Locale } from '@vestibule/shared';
import type { Download, Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';

export type BuildingTabKey =
  'address' | 'settings' | 'checkInForm' | 'questionnaires' | 'exitQuestionnaires' | 'cameras' | 'devices' | 'qrCodes';

export const buildingTabKeys: readonly BuildingTabKey[] = [
  'address',
  'settings',
  'checkInForm',
  'questionnaires',
  'exitQuestionnaires',
  'cameras',
  'devices',
  'qrCodes',
];

export interface NewBuildingAddress {
  name: string;
  address1: string;
  city: string;
  zip: string;
  state: string;
  country: string;
  pinCode: string;
}

export interface NewCamera {
  name: string;
  ipAddress: string;
  simulated: boolean;
}

/**
 * The building dialog ('add' or 'edit') with its eight vertical tabs, and the dialogs it
 * opens above itself: the unsaved-changes warning, the logo preview, the camera dialogs.
 */
export class BuildingDialogPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  /** The dialog, whether it adds or edits (its title changes after the first save). */
  get dialog(): Locator {
    return this.page
      .getByRole('dialog', { name: exactly(this.label('buildings.edit.titleEdit')) })
      .or(this.page.getByRole('dialog', { name: exactly(this.label('buildings.edit.titleAdd')) }));
  }

  titled(mode: 'add' | 'edit'): Locator {
    const key = mode === 'add' ? 'buildings.edit.titleAdd' : 'buildings.edit.titleEdit';
    return this.page.getByRole('dialog', { name: exactly(this.label(key)) });
  }

  async waitUntilShown(mode: 'add' | 'edit'): Promise<void> {
    await this.titled(mode).waitFor();
    await this.field('buildings.address.name').waitFor();
  }

  tab(key: BuildingTabKey): Locator {
    return this.dialog.getByRole('tab', { name: exactly(this.label(`buildings.tabs.${key}`)) });
  }

  /** A tab's panel (named by its tab), shown while that tab is active. */
  panel(key: BuildingTabKey): Locator {
    return this.dialog.getByRole('tabpanel', { name: exactly(this.label(`buildings.tabs.${key}`)) });
  }

  /** A text field of the dialog by its catalogue label (required fields carry a hidden asterisk). */
  field(key: string, params?: Record<string, string>): Locator {
    return this.dialog.getByRole('textbox', { name: exactly(this.label(key, params)) });
  }

  button(key: string, params?: Record<string, string>): Locator {
    return this.dialog.getByRole('button', { name: exactly(this.label(key, params)) });
  }

  toggle(key: string, params?: Record<string, string>): Locator {
    return this.dialog.getByRole('switch', { name: exactly(this.label(key, params)) });
  }

  /**
   * Turns a switch on or off the way a user does: a click on its track (the input itself is
   * drawn invisible, so Playwright cannot click it).
   */
  async setSwitch(control: Locator, on: boolean): Promise<void> {
    if ((await control.isChecked()) === on) return;
    const id = await control.getAttribute('id');
    if (!id) throw new Error('A switch without an id has no label to click');
    await this.page.locator(`label[for="${id}"]`).first().click();
    await this.page.waitForFunction(
      ({ input, wanted }) => input instanceof HTMLInputElement && input.checked === wanted,
      { input: await control.elementHandle(), wanted: on },
    );
  }

  get saveButton(): Locator {
    return this.button('common.save');
  }

  get cancelButton(): Locator {
    return this.button('common.cancel');
  }

  get successBanner(): Locator {
    return this.dialog.getByTestId('dialog-success-banner');
  }

  get errorBanner(): Locator {
    return this.dialog.getByTestId('dialog-error-banner');
  }

  get unsavedWarning(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('buildings.edit.unsaved.title')) });
  }

  /** Waits until no transition runs (dialogs fade in): what the user then sees is final. */
  async settle(): Promise<void> {
    await this.page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
  }

  /** Clicks a tab; no wait, since an unsaved-changes warning may come instead. */
  async clickTab(key: BuildingTabKey): Promise<void> {
    await this.tab(key).click();
  }

  async openTab(key: BuildingTabKey): Promise<void> {
    await this.clickTab(key);
    await this.page.waitForFunction(
      (tab) => tab?.getAttribute('aria-selected') === 'true',
      await this.tab(key).elementHandle(),
    );
  }

  /** Saves the active tab and waits for the success banner (dismissed, so the next save can wait again). */
  async save(): Promise<void> {
    await this.saveButton.click();
    await this.expectSaved();
  }

  async expectSaved(message = 'common.SAVED_SUCCESSFULLY'): Promise<void> {
    await this.successBanner.filter({ hasText: this.label(message) }).waitFor();
    await this.successBanner.getByRole('button', { name: exactly(this.label('shell.banners.close')) }).click();
    await this.successBanner.waitFor({ state: 'hidden' });
  }

  /** Chooses a country in the address tab's searchable list. */
  async chooseCountry(name: string): Promise<void> {
    const country = this.field('buildings.address.country');
    await country.fill(name);
    await this.page.getByRole('option', { name: exactly(name) }).click();
  }

  async fillAddress(address: NewBuildingAddress): Promise<void> {
    await this.field('buildings.address.name').fill(address.name);
    await this.field('buildings.address.address1').fill(address.address1);
    await this.field('buildings.address.city').fill(address.city);
    await this.field('buildings.address.zip').fill(address.zip);
    await this.field('buildings.address.state').fill(address.state);
    await this.chooseCountry(address.country);
    // A password field: Playwright gives it the textbox role, as the login page model does.
    await this.field('buildings.address.pinCode').fill(address.pinCode);
  }

  /** Picks a logo file with the file chooser, as a user does. */
  async chooseLogo(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      this.dialog.getByRole('button', { name: new RegExp(`^${this.label('buildings.logo.file')}`) }).click(),
    ]);
    await chooser.setFiles(file);
  }

  get logoPreview(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('buildings.logo.previewTitle')) });
  }

  customLabel(number: number): Locator {
    return this.field('buildings.checkInForm.customLabel', { number: String(number) });
  }

  get cameraDialog(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('buildings.cameras.addTitle')) });
  }

  async fillCamera(camera: NewCamera): Promise<void> {
    const dialog = this.cameraDialog;
    await dialog.getByRole('textbox', { name: exactly(this.label('buildings.cameras.name')) }).fill(camera.name);
    await dialog
      .getByRole('textbox', { name: exactly(this.label('buildings.cameras.ipAddress')) })
      .fill(camera.ipAddress);
    const simulated = dialog.getByRole('switch', { name: exactly(this.label('buildings.cameras.simulated')) });
    await this.setSwitch(simulated, camera.simulated);
  }

  cameraTestDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('buildings.cameras.testTitle', { name })) });
  }

  /** Kiosk devices tab: one kiosk that synced (its row carries the full device id). */
  kioskDeviceRow(deviceId: string): Locator {
    return this.dialog.getByTestId('kiosk-device-row').and(this.dialog.locator(`[data-device-id="${deviceId}"]`));
  }

  /** Kiosk devices tab: the refused kiosk entries not resolved yet, one row each. */
  get kioskRejectedRows(): Locator {
    return this.dialog.getByTestId('kiosk-rejected-row');
  }

  /** Kiosk devices tab: the enrolment dialog (above the building dialog). */
  get enrolDialog(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('buildings.kiosks.enrolTitle')) });
  }

  /**
   * Kiosk devices tab: enrols a kiosk named `name` and answers what the dialog shows: the
   * code, the link its QR code carries, and the QR code image.
   */
  async enrolKiosk(name: string): Promise<{ code: string; link: string; qr: Locator }> {
    await this.button('buildings.kiosks.enrol').click();
    const dialog = this.enrolDialog;
    await dialog.getByRole('textbox', { name: this.label('buildings.kiosks.enrolName') }).fill(name);
    await dialog.getByRole('button', { name: exactly(this.label('buildings.kiosks.enrolCreate')) }).click();
    const qr = dialog.getByRole('img', { name: exactly(this.label('buildings.kiosks.enrolQrAlt', { name })) });
    await qr.waitFor();
    const code = (await dialog.getByTestId('kiosk-enrolment-code').innerText()).trim();
    const link = (await dialog.getByTestId('kiosk-enrolment-link').innerText()).trim();
    return { code, link, qr };
  }

  /** Closes the enrolment dialog (Done). */
  async closeEnrolment(): Promise<void> {
    await this.enrolDialog.getByRole('button', { name: exactly(this.label('buildings.kiosks.enrolDone')) }).click();
    await this.enrolDialog.waitFor({ state: 'detached' });
  }

  /** Kiosk devices tab: revokes the kiosk named `name`, confirming. */
  /** Kiosk devices tab: the entries revoked kiosks sent after their revocation, one row each. */
  get heldEntries(): Locator {
    return this.dialog.getByTestId('kiosk-held-row');
  }

  /** Applies or discards the held entry of a person, confirmed as an administrator does. */
  async decideHeldEntry(decision: 'apply' | 'discard', name: string): Promise<void> {
    await this.button(`buildings.kiosks.held.${decision}Of`, { name }).click();
    const title = this.label(`buildings.kiosks.held.${decision}Title`);
    const confirm = this.page.getByRole('dialog', { name: exactly(title) });
    await confirm.getByRole('button', { name: exactly(this.label(`buildings.kiosks.held.${decision}`)) }).click();
    await confirm.waitFor({ state: 'detached' });
  }

  async revokeKiosk(name: string): Promise<void> {
    await this.button('buildings.kiosks.revokeOf', { name }).click();
    const confirm = this.page.getByRole('dialog', { name: exactly(this.label('buildings.kiosks.revokeTitle')) });
    await confirm.getByRole('button', { name: exactly(this.label('buildings.kiosks.revoke')) }).click();
    await confirm.waitFor({ state: 'detached' });
  }

  /** Clicks a QR code's download button and answers the download. */
  async downloadQrCode(link: 'kiosk' | 'checkIn' | 'registration' | 'pinIdentification'): Promise<Download> {
    const name = this.label(`buildings.qr.links.${link}`);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.button('buildings.qr.downloadOf', { link: name }).click(),
    ]);
    return download;
  }
}
