// Building administration: a master creates a building and configures every tab of its
// dialog (all eight tabs), with accessibility scans along the way.
import { readFile } from 'node:fs/promises';
import { encodePng } from '@vestibule/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { signedIn } from './harness/service.ts';
import { buildingTabKeys } from './pages/BuildingDialogPage.ts';
import { BuildingsPage } from './pages/BuildingsPage.ts';
import { LoginPage } from './pages/LoginPage.ts';

const session = useBrowser();
const master = demoUsers.master;
const en = (key: string, params?: Record<string, string>) => text('en', key, params);

/** One run's building: a unique name, so a kept data folder never mixes runs. */
const buildingName = `Harbour Office ${Date.now().toString(36)}`;
const questionnaireName = `Harbour safety ${Date.now().toString(36)}`;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const LOGO_WIDTH = 64;

/** A real PNG (a colour gradient) that a browser decodes, made here so no file is shipped. */
function gradientPng(width: number, height: number): Buffer {
  const pixels = new Uint8Array(width * height * 4);
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      pixels.set([(x * 255) / width, (y * 255) / height, 160, 255], at);
      at += 4;
    }
  }
  return encodePng(width, height, pixels);
}
const logoPng = gradientPng(LOGO_WIDTH, 32);

/** The building as the server holds it, read through the API as the demo master. */
async function findBuilding(baseUrl: string, name: string) {
  const api = await signedIn(baseUrl, master.username);
  const list = await api.call('GET /building', { query: { search: name } });
  const building = list.docs.find((doc) => doc.name === name);
  if (!building) throw new Error(`No building named ${name}`);
  return api.call('GET /building/:id', { params: { id: building.id } });
}

async function signInToBuildings(page: Page): Promise<BuildingsPage> {
  await (await LoginPage.open(page)).signInAs(master);
  return BuildingsPage.open(page);
}

// The tests run in order and share the building that the first one creates.
describe('buildings administration', () => {
  test('master creates a building: only the first tab until the first save, then all; the logo uploads and shows', async () => {
    const buildings = await signInToBuildings(session.page);
    await expectNoAxeViolations(session.page, 'the buildings list');

    const dialog = await buildings.addBuilding();
    for (const key of buildingTabKeys.slice(1)) expect(await dialog.tab(key).isDisabled()).toBe(true);
    await dialog.settle();
    await expectNoAxeViolations(session.page, 'the new-building dialog');

    await dialog.fillAddress({
      name: buildingName,
      address1: '1 Quay Street',
      city: 'Halifax',
      zip: 'B3J 1A1',
      state: 'NS',
      country: 'Canada',
      pinCode: '2468',
    });
    await dialog.save();
    await dialog.titled('edit').waitFor();
    for (const key of buildingTabKeys) expect(await dialog.tab(key).isEnabled()).toBe(true);
    await dialog.dialog.getByText(/^Created: /).waitFor();

    await dialog.chooseLogo({ name: 'harbour-logo.png', mimeType: 'image/png', buffer: logoPng });
    await dialog.button('buildings.logo.upload').click();
    await dialog.expectSaved();
    await dialog.dialog.getByText(exactly(en('buildings.logo.current', { name: 'harbour-logo.png' }))).waitFor();
    expect(await dialog.dialog.getByRole('progressbar').count()).toBe(0);

    await dialog.button('buildings.logo.preview').click();
    const preview = dialog.logoPreview;
    const image = preview.getByRole('img', { name: exactly(en('buildings.logo.alt', { name: buildingName })) });
    await image.waitFor();
    await session.page.waitForFunction(
      ({ element, width }) => element instanceof HTMLImageElement && element.complete && element.naturalWidth === width,
      { element: await image.elementHandle(), width: LOGO_WIDTH },
    );
    expect(await image.getAttribute('src')).toMatch(/^\/service\/public\/buildings\/[0-9a-f-]+\/checkInLogoImage\/1$/);
    await session.page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
  });

  test('every tab passes the accessibility scan; leaving an edited tab warns first; the check-in form takes two custom fields', async () => {
    const buildings = await signInToBuildings(session.page);
    const dialog = await buildings.openBuilding(buildingName);
    for (const key of buildingTabKeys) {
      await dialog.openTab(key);
      await dialog.panel(key).waitFor();
      await session.page.getByLabel(exactly(en('buildings.common.loading'))).waitFor({ state: 'detached' });
      await dialog.settle();
      await expectNoAxeViolations(session.page, `the building dialog, tab ${key}`);
    }

    await dialog.openTab('settings');
    await dialog.setSwitch(dialog.toggle('buildings.settings.commentsEnabled'), true);
    await dialog.clickTab('checkInForm');
    const warning = dialog.unsavedWarning;
    await warning.getByText(exactly(en('buildings.edit.unsaved.settings'))).waitFor();
    await dialog.settle();
    await expectNoAxeViolations(session.page, 'the unsaved-changes warning');
    await warning.getByRole('button', { name: exactly(en('buildings.edit.unsaved.stay')) }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await dialog.tab('settings').getAttribute('aria-selected')).toBe('true');
    expect(await dialog.toggle('buildings.settings.commentsEnabled').isChecked()).toBe(true);
    await dialog.save();
    await dialog.openTab('checkInForm');

    const addCustom = dialog.button('buildings.checkInForm.addCustom');
    await addCustom.click();
    await dialog.customLabel(1).fill('Badge number');
    await addCustom.click();
    await dialog.customLabel(2).fill('Needs parking');
    expect(await addCustom.isDisabled()).toBe(true);
    await dialog.clickTab('cameras');
    await warning.getByText(exactly(en('buildings.edit.unsaved.checkInForm'))).waitFor();
    await warning.getByRole('button', { name: exactly(en('buildings.edit.unsaved.stay')) }).click();
    await dialog.save();

    const saved = await findBuilding(session.baseUrl, buildingName);
    expect(saved.commentsEnabled).toBe(true);
    expect(saved.visitorCheckInForm).toMatchObject({
      custom1: { enabled: true, label: 'Badge number' },
      custom2: { enabled: true, label: 'Needs parking' },
    });
  });

  test('questionnaires are attached per person type and saved', async () => {
    const api = await signedIn(session.baseUrl, master.username);
    const questionnaire = await api.call('POST /questionnaire', {
      body: { name: questionnaireName, description: 'Made by the buildings scenario' },
    });
    const buildings = await signInToBuildings(session.page);
    const dialog = await buildings.openBuilding(buildingName);
    await dialog.openTab('questionnaires');
    const visitors = en('buildings.personTypes.VISITOR');
    const choose = dialog.field('buildings.questionnaires.choose', { type: visitors });
    await choose.click();
    await session.page.getByRole('option', { name: exactly(questionnaireName) }).click();
    await dialog.button('buildings.questionnaires.addTo', { type: visitors }).click();
    await dialog
      .panel('questionnaires')
      .getByRole('cell', { name: exactly(questionnaireName) })
      .waitFor();
    await dialog.save();

    const saved = await findBuilding(session.baseUrl, buildingName);
    expect(saved.visitorQuestionnaires).toEqual([questionnaire.id]);
  });

  test('a simulated camera is added and tested, a kiosk device IP is added, a QR code downloads as PNG', async () => {
    const buildings = await signInToBuildings(session.page);
    const dialog = await buildings.openBuilding(buildingName);

    await dialog.openTab('cameras');
    await dialog.button('buildings.cameras.add').click();
    await dialog.cameraDialog.waitFor();
    await dialog.settle();
    await expectNoAxeViolations(session.page, 'the camera dialog');
    await dialog.fillCamera({ name: 'Lobby camera', ipAddress: 'simulated-lobby', simulated: true });
    await dialog.cameraDialog.getByRole('button', { name: exactly(en('common.save')) }).click();
    await dialog.cameraDialog.waitFor({ state: 'hidden' });
    await dialog.expectSaved();
    await dialog
      .panel('cameras')
      .getByRole('cell', { name: exactly('simulated-lobby') })
      .waitFor();

    await dialog.button('buildings.cameras.test', { name: 'Lobby camera' }).click();
    const test = dialog.cameraTestDialog('Lobby camera');
    await test.getByText(/^Person 1: \d+(\.\d+)? °C$/).waitFor();
    const picture = test.getByRole('img', {
      name: exactly(en('buildings.cameras.pictureAlt', { name: 'Lobby camera' })),
    });
    await picture.waitFor();
    await dialog.settle();
    await expectNoAxeViolations(session.page, 'the camera test dialog');
    await test.getByRole('button', { name: exactly(en('common.close')) }).click();
    await test.waitFor({ state: 'hidden' });

    await dialog.openTab('devices');
    const address = dialog.field('buildings.devices.newDevice');
    await address.fill('300.1.2.3');
    await dialog.button('buildings.devices.add').click();
    await dialog.dialog.getByText(exactly(en('buildings.devices.notIpv4'))).waitFor();
    await address.fill('10.20.30.40');
    await dialog.button('buildings.devices.add').click();
    await dialog.expectSaved();
    await dialog
      .panel('devices')
      .getByRole('cell', { name: exactly('10.20.30.40') })
      .waitFor();

    await dialog.openTab('qrCodes');
    const download = await dialog.downloadQrCode('kiosk');
    const path = await download.path();
    const bytes = await readFile(path);
    expect([...bytes.subarray(0, 8)]).toEqual(pngSignature);
    expect(download.suggestedFilename()).toMatch(/-kiosk\.png$/);

    const saved = await findBuilding(session.baseUrl, buildingName);
    expect(saved.devicesIds).toBe(';;;10.20.30.40;;;');
  });
});
