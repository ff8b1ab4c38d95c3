import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { UI_TIMEOUT_MS } from '../harness/browser.ts';
import { exactly, leading, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';
import { BuildingCheckOutPage } from './BuildingCheckOutPage.ts';
import { CheckInPage } from './CheckInPage.ts';

type StaffFact = 'network' | 'storage' | 'pending' | 'last-sync' | 'app-version' | 'config-version' | 'device';

/**
 * /checkinKiosk/{qrCodeKey}: a lobby tablet. The welcome screen with its status footer
 * (online or offline, check-ins waiting to be sent), the wizard (the CheckInPage model), the
 * outcome with the code made on the device, and the staff screen behind the building PIN.
 */
export class KioskPage {
  readonly page: Page;
  readonly qrCodeKey: string;
  /** The person type choice, the wizard and its outcome. */
  readonly wizard: CheckInPage;

  constructor(page: Page, qrCodeKey: string, locale: Locale = 'en') {
    this.page = page;
    this.qrCodeKey = qrCodeKey;
    this.wizard = new CheckInPage(page, locale);
  }

  /**
   * Enrols the page's tablet with an administrator's code (the enrolment QR code's link): the
   * tablet then opens the building's kiosk by itself, and this waits for its welcome screen.
   */
  static async enrol(page: Page, code: string, qrCodeKey: string): Promise<KioskPage> {
    await page.goto(`/enrolKiosk/${code}`);
    await waitForPath(page, `/checkinKiosk/${qrCodeKey}`);
    const kiosk = new KioskPage(page, qrCodeKey);
    await kiosk.waitForWelcome();
    return kiosk;
  }

  /** Opens the kiosk of an enrolled tablet and waits for its welcome screen. */
  static async open(page: Page, qrCodeKey: string, query = ''): Promise<KioskPage> {
    const path = `/checkinKiosk/${qrCodeKey}`;
    await page.goto(`${path}${query}`);
    await waitForPath(page, path);
    const kiosk = new KioskPage(page, qrCodeKey);
    await kiosk.waitForWelcome();
    return kiosk;
  }

  get locale(): Locale {
    return this.wizard.locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /**
   * The welcome screen: the person types and the status footer. A kiosk left alone a minute shows
   * its attract screen instead, which a visitor taps first, as this does.
   */
  async waitForWelcome(): Promise<void> {
    const welcome = this.wizard.typeButton('VISITOR');
    await welcome.or(this.attractButton).waitFor();
    if (await this.attractButton.isVisible()) await this.attractButton.click();
    await welcome.waitFor();
    await this.status.waitFor();
  }

  /** The attract screen's one button: "Tap to check in". */
  get attractButton(): Locator {
    return this.page.getByRole('button', { name: exactly(this.label('publicPages.attract.tap')) });
  }

  /** Reloads the page (the kiosk starts again from what the device stored). */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitForWelcome();
  }

  // --- Welcome screen footer ------------------------------------------------------------

  get status(): Locator {
    return this.page.getByTestId('kiosk-status');
  }

  /** "Online", or "Offline: check-ins are saved on this kiosk". */
  statusText(online: boolean): string {
    return this.label(online ? 'publicVisit.offline.statusOnline' : 'publicVisit.offline.statusOffline');
  }

  /** The footer's status line, in words. */
  get statusLine(): Locator {
    return this.status.getByRole('status');
  }

  /** "· n waiting to be sent"; absent when nothing waits. */
  get pending(): Locator {
    return this.page.getByTestId('kiosk-pending');
  }

  pendingText(count: number): string {
    return this.label('publicVisit.offline.pending', { count: String(count) });
  }

  get staffButton(): Locator {
    return this.status.getByRole('button', { name: exactly(this.label('publicVisit.staff.open')) });
  }

  /** The welcome screen's way to the building's self check-out. */
  get checkOutLink(): Locator {
    return this.main.getByRole('link', { name: leading(this.label('publicVisit.checkIn.checkOut')) });
  }

  /** Follows the welcome screen's check-out link to the building's self check-out (in place). */
  async openCheckOut(): Promise<BuildingCheckOutPage> {
    await this.checkOutLink.click();
    await waitForPath(this.page, `/buildingCheckOut/${this.qrCodeKey}`);
    const screen = new BuildingCheckOutPage(this.page, this.locale);
    await screen.searchButton.waitFor();
    return screen;
  }

  // --- Scanning a QR code (an invitation, a visit, a person's pass) ---------------------

  /** The welcome screen's "Scan my QR code". */
  get scanButton(): Locator {
    return this.main.getByRole('button', { name: leading(this.label('publicVisit.scan.open')) });
  }

  /** The scanner's screen, "Scan your QR code". */
  get scanHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('publicVisit.scan.title')) });
  }

  /** Opens the scanner: the camera starts and reads what is held up to it. */
  async openScanner(): Promise<void> {
    await this.scanButton.click();
    await this.scanHeading.waitFor();
  }

  /**
   * Waits for the camera to read the code held up to it and the kiosk to leave the scanner for
   * what the code leads to. Still scanning after the wait fails with what the kiosk shows (the
   * camera starting, failed, or reading nothing), which a bare timeout would not tell.
   */
  async scanned(): Promise<void> {
    try {
      await this.scanHeading.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    } catch {
      const camera = await this.page.evaluate(() => {
        const video = document.querySelector('video');
        if (!video) return 'no video element';
        const stream = video.srcObject instanceof MediaStream ? video.srcObject : null;
        const track = stream?.getVideoTracks()[0];
        const { scanAttempts = '0', lastRead = 'nothing' } = video.dataset;
        // What the picture holds now: a blank frame is all light, a code held up has dark modules.
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d');
        let picture = 'no picture';
        if (context && canvas.width > 0 && canvas.height > 0) {
          context.drawImage(video, 0, 0);
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          let dark = 0;
          for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) dark += 1;
          picture = `${Math.round((dark / (data.length / 4)) * 1000) / 10}% dark pixels`;
        }
        return `${scanAttempts} attempts, last read ${lastRead}, picture ${picture}; video ${video.videoWidth}x${video.videoHeight}, readyState ${video.readyState}, paused ${video.paused}, time ${video.currentTime}, track ${track ? `${track.readyState} ${JSON.stringify(track.getSettings())}` : 'none'}`;
      });
      const shown = (await this.main.innerText()).replace(/\s+/g, ' ').trim();
      throw new Error(
        `The kiosk read no code in ${UI_TIMEOUT_MS} ms; the camera: ${camera}; the kiosk shows: ${shown}`,
      );
    }
  }

  /** What the scan led to when it leads nowhere (unknown, already in, refused pass). */
  get scanResult(): Locator {
    return this.page.getByTestId('scan-result');
  }

  // --- Outcome --------------------------------------------------------------------------

  /** The visit code on the success screen (made on the device). */
  get visitCode(): Locator {
    return this.page.getByTestId('visit-code');
  }

  get visitPin(): Locator {
    return this.page.getByTestId('visit-pin');
  }

  /** Where the check-in stands when the server does not have it yet (or refused it). */
  get deliveryNotice(): Locator {
    return this.page.getByTestId('delivery-notice');
  }

  /** Done on the outcome: back to the welcome screen. */
  async done(): Promise<void> {
    await this.wizard.doneButton.click();
    await this.waitForWelcome();
  }

  // --- Staff screen ---------------------------------------------------------------------

  get staffHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('publicVisit.staff.title')) });
  }

  get staffPin(): Locator {
    return this.main.getByLabel(this.label('publicVisit.staff.pin'), { exact: true });
  }

  /** Opens the staff screen from the footer with the building's PIN. */
  async openStaff(pin: string): Promise<void> {
    await this.staffButton.click();
    await this.staffPin.fill(pin);
    await this.main.getByRole('button', { name: exactly(this.label('publicVisit.staff.unlock')) }).click();
    await this.staffFact('device').waitFor();
  }

  /** The value of one fact of the staff screen (network, pending, app version...). */
  staffFact(fact: StaffFact): Locator {
    return this.page.getByTestId(`staff-${fact}`).getByRole('definition');
  }

  get syncNow(): Locator {
    return this.page.getByTestId('staff-sync-now');
  }

  /** The entries the server refused, one row each (person, type, time, reason). */
  get staffRejected(): Locator {
    return this.page.getByTestId('staff-rejected');
  }

  /** The staff screen's notice of a revoked kiosk. */
  get staffRevokedNotice(): Locator {
    return this.page.getByTestId('staff-revoked');
  }

  // --- Enrolment ------------------------------------------------------------------------

  /** "This kiosk was withdrawn": what a revoked tablet shows instead of its welcome screen. */
  get revokedHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('publicVisit.revoked.title')) });
  }

  /** "Enrol this kiosk": what a tablet that is no enrolled kiosk shows. */
  get enrolHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(this.label('publicVisit.enrol.title')) });
  }

  async closeStaff(): Promise<void> {
    await this.main.getByRole('button', { name: exactly(this.label('publicVisit.staff.close')) }).click();
    await this.waitForWelcome();
  }
}
