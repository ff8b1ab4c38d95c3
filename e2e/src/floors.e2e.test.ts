// Floors and spaces as an administrator at a desk lays them out (docs/floors-and-spaces.md): a
// floor added to a building of its own, its plan uploaded and previewed, three spaces drawn on the
// map (a rectangle dragged, a polygon clicked corner by corner, one added and moved with the
// keyboard alone) and named in the side panel, the first resized by its corner and duplicated
// with the mouse; after a reload they are where they were drawn, and on a plan of another
// resolution they keep their places on the picture; the printed plan shows their names on one
// landscape page, A4 and Letter. On a touch tablet a finger draws a rectangle; on a phone a bar
// over the map names the space tapped and opens its form in a drawer. Only what a browser shows is
// here (the geometry itself is proven by the shared and server tests); axe in en, fr and es.
import { encodePng } from '@vestibule/server/testing';
import type { Locale, SpaceShape } from '@vestibule/shared';
import type { ApiClient } from '@vestibule/shared/api';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { printedPages } from './harness/pdf.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { exactly, text } from './harness/i18n.ts';
import { waitForPath } from './harness/navigation.ts';
import { signedIn } from './harness/service.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ShellPage } from './pages/ShellPage.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };
const DESK = { width: 1440, height: 900 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** Screenshots for review, not committed (E2E_SHOTS=folder to take them). */
const SHOTS = process.env.E2E_SHOTS;

const unique = Date.now().toString(36);
const buildingName = `Plan Court ${unique}`;
const floorName = `Level 3 ${unique}`;
const names = { rect: 'Window desk', polygon: 'Corner room', keyboard: 'Quiet room' };
/** Their kinds: a rectangle is a desk, a polygon a meeting room, and one added takes the selected one's kind. */
const kinds = { rect: 'DESK', polygon: 'ROOM', keyboard: 'ROOM' } as const;
/** The window desk's copy: a name without a number gets " 2" (spaceNames.ts). */
const copyName = `${names.rect} 2`;

/** A real PNG (a gradient with a darker frame), made here so no file is shipped. */
function planPng(width: number, height: number): Buffer {
  const pixels = new Uint8Array(width * height * 4);
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const frame = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      pixels[at++] = frame ? 60 : 230 - Math.round((x * 40) / width);
      pixels[at++] = frame ? 60 : 235 - Math.round((y * 40) / height);
      pixels[at++] = frame ? 60 : 240;
      pixels[at++] = 255;
    }
  }
  return encodePng(width, height, pixels);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a shape or the plan's picture is drawn on the screen: its geometry (without its outline's
 * stroke, which a selected space draws thicker) through the transforms of the map's pan and zoom.
 */
async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element: SVGGraphicsElement) => {
    const box = element.getBBox();
    const matrix = element.getScreenCTM();
    if (!matrix) throw new Error('Not drawn');
    const from = new DOMPoint(box.x, box.y).matrixTransform(matrix);
    const to = new DOMPoint(box.x + box.width, box.y + box.height).matrixTransform(matrix);
    return { x: from.x, y: from.y, width: to.x - from.x, height: to.y - from.y };
  });
}

/** A box relative to the plan image's drawn box (0..1). */
function relative(box: Box, image: Box): Box {
  return {
    x: (box.x - image.x) / image.width,
    y: (box.y - image.y) / image.height,
    width: box.width / image.width,
    height: box.height / image.height,
  };
}

/** Each side of `actual` within a pixel of `expected` (both in screen pixels). */
function expectWithinAPixel(actual: Box, expected: Box, what: string): void {
  const sides = (box: Box) => [box.x, box.y, box.x + box.width, box.y + box.height];
  const gaps = sides(actual).map((side, index) => Math.abs(side - sides(expected)[index]!));
  expect(
    Math.max(...gaps),
    `${what}: ${JSON.stringify(actual)} against ${JSON.stringify(expected)}`,
  ).toBeLessThanOrEqual(1);
}

/** Relative boxes compared in the image's drawn pixels: within a pixel. */
function expectSamePlace(actual: Box, expected: Box, image: Box, what: string): void {
  const toPixels = (box: Box) => ({
    x: box.x * image.width,
    y: box.y * image.height,
    width: box.width * image.width,
    height: box.height * image.height,
  });
  expectWithinAPixel(toPixels(actual), toPixels(expected), what);
}

/** The box of a shape as the server keeps it (relative to the plan). */
function boundsOf(shape: SpaceShape | null | undefined): Box {
  if (!shape) throw new Error('A space lost its shape');
  if (shape.kind === 'rect') return shape;
  const xs = shape.points.map((point) => point.x);
  const ys = shape.points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

let api: ApiClient;
let buildingId: string;
let floorId: string;

/** The shapes the server keeps for the floor's spaces, by name. */
async function savedShapes(): Promise<Map<string, SpaceShape | null>> {
  const layout = await api.call('GET /floor/:id/layout', { params: { id: floorId } });
  return new Map(layout.spaces.map((space) => [space.name, space.shape]));
}

/** A saved shape's box, or null while the server does not have it yet. */
async function savedBox(name: string): Promise<Box | null> {
  const shape = (await savedShapes()).get(name);
  return shape ? boundsOf(shape) : null;
}

/** Within `tolerance` of each side of `expected` (relative boxes). */
function near(actual: Box | null, expected: Box, tolerance: number): boolean {
  if (!actual) return false;
  return (
    Math.abs(actual.x - expected.x) <= tolerance &&
    Math.abs(actual.y - expected.y) <= tolerance &&
    Math.abs(actual.x + actual.width - expected.x - expected.width) <= tolerance &&
    Math.abs(actual.y + actual.height - expected.y - expected.height) <= tolerance
  );
}

beforeAll(async () => {
  // The building is made through the API as the corporate user; the administrator does the rest.
  const master = await signedIn(session.baseUrl, demoUsers.master.username);
  const building = await master.call('POST /building', {
    body: {
      name: buildingName,
      address1: '3 Plan Court',
      city: 'Montréal',
      zip: 'H2X 1Y4',
      state: 'QC',
      countryCode: 'CA',
      pinCode: '4321',
    },
  });
  buildingId = building.id;
  api = await signedIn(session.baseUrl, demoUsers.admin.username);
});

/** The floors screen of the scenario's building, in a locale. */
class FloorsScreen {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  async open(): Promise<void> {
    await this.page.goto(`/admin/floors?building=${buildingId}`);
    await this.table.waitFor();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: exactly(this.label('floors.caption')) });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name: exactly(name) }) });
  }

  thumbnail(name: string): Locator {
    return this.row(name).getByRole('img', { name: exactly(this.label('floors.plan.alt', { name })) });
  }

  /** Opens the plan dialog of a floor, chooses a file, sees its preview and uploads it. */
  async uploadPlan(name: string, file: { name: string; buffer: Buffer }, replacing: boolean): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: exactly(this.label('floors.plan.open', { name })) })
      .click();
    const dialog = this.page.getByRole('dialog', { name: exactly(this.label('floors.plan.title', { name })) });
    await dialog.waitFor();
    const fileLabel = this.label(replacing ? 'floors.plan.replaceFile' : 'floors.plan.file');
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: new RegExp(`^${fileLabel}`) }).click(),
    ]);
    await chooser.setFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
    const preview = dialog.getByRole('img', { name: exactly(this.label('floors.plan.previewAlt')) });
    // The chosen picture itself, decoded in the browser before anything is sent.
    await preview.evaluate((image: HTMLImageElement) => image.decode());
    await dialog.getByRole('button', { name: exactly(this.label('floors.plan.upload')) }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

/** The map view of the floor on the spaces screen. */
class MapScreen {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, key, params);
  }

  get map(): Locator {
    return this.page.getByRole('application', { name: exactly(this.label('spaces.map.label', { name: floorName })) });
  }

  /** The plan image as the map draws it. */
  get image(): Locator {
    return this.map.locator('image');
  }

  get panel(): Locator {
    return this.page.getByRole('region', { name: exactly(this.label('spaces.panel.title')) });
  }

  /** A space drawn on the map, by its spoken name ("Window desk, desk, available"). */
  space(name: string, kind: 'ROOM' | 'DESK'): Locator {
    return this.map.getByRole('button', {
      name: exactly(
        this.label('spaces.map.shapeName', {
          name,
          kind: this.label(`spaces.kindNames.${kind}`),
          state: this.label('spaces.map.available'),
        }),
      ),
    });
  }

  /** The drawn outline of a space (its rectangle or polygon). */
  outline(name: string, kind: 'ROOM' | 'DESK'): Locator {
    return this.space(name, kind).locator('rect, polygon').first();
  }

  async waitForPlan(width: number): Promise<void> {
    await this.map.locator(`image[width="${width}"]`).waitFor();
  }

  /** Chooses a drawing tool and brings the whole map into view to draw on it. */
  async tool(key: 'select' | 'rect' | 'polygon'): Promise<void> {
    await this.map.scrollIntoViewIfNeeded();
    const tools = this.page.getByRole('radiogroup', { name: exactly(this.label('spaces.map.tool')) });
    await tools.getByText(exactly(this.label(`spaces.map.tools.${key}`))).click();
    await tools
      .getByRole('radio', { name: exactly(this.label(`spaces.map.tools.${key}`)), checked: true })
      .waitFor({ state: 'attached' });
    await this.map.scrollIntoViewIfNeeded();
  }

  /** Names the selected space in the side panel and saves it. */
  async name(before: string, after: string): Promise<void> {
    await this.panel.getByRole('heading', { name: exactly(before) }).waitFor();
    await this.panel.getByRole('textbox', { name: exactly(this.label('spaces.fields.name')) }).fill(after);
    await this.panel.getByRole('button', { name: exactly(this.label('common.save')) }).click();
    await this.panel.getByRole('heading', { name: exactly(after) }).waitFor();
  }

  /** A drawn box relative to the plan's drawn box now. */
  async relativeBox(locator: Locator): Promise<Box> {
    return relative(await boxOf(locator), await boxOf(this.image));
  }

  /** Each space's drawn box relative to the plan's drawn box. */
  async relativeBoxes(): Promise<Record<keyof typeof names, Box>> {
    const image = await boxOf(this.image);
    return {
      rect: relative(await boxOf(this.outline(names.rect, 'DESK')), image),
      polygon: relative(await boxOf(this.outline(names.polygon, 'ROOM')), image),
      keyboard: relative(await boxOf(this.outline(names.keyboard, kinds.keyboard)), image),
    };
  }
}

async function signIn(page: Page, locale: Locale = 'en'): Promise<ShellPage> {
  return (await LoginPage.open(page, locale)).signInAs(demoUsers.admin);
}

async function openMap(page: Page, locale: Locale, planWidth: number): Promise<MapScreen> {
  await page.goto(`/admin/spaces?building=${buildingId}&floor=${floorId}&view=map`);
  const screen = new MapScreen(page, locale);
  await screen.waitForPlan(planWidth);
  await screen.space(names.keyboard, kinds.keyboard).waitFor();
  return screen;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A finger drags a rectangle with the rectangle tool: the space is saved where it was drawn. */
async function drawsByTouch(page: Page, screen: MapScreen): Promise<void> {
  const drawnByTouch = { x: 0.1, y: 0.6, width: 0.15, height: 0.2 };
  await screen.tool('rect');
  const image = await boxOf(screen.image);
  const point = (fx: number, fy: number) => ({ x: image.x + fx * image.width, y: image.y + fy * image.height });
  const from = point(drawnByTouch.x, drawnByTouch.y);
  const to = point(drawnByTouch.x + drawnByTouch.width, drawnByTouch.y + drawnByTouch.height);
  // Touch events, not the mouse: the pointer events Chromium makes of them are a touch's.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', from.x, from.y);
  for (let step = 1; step <= 6; step += 1) {
    await touch('touchMove', from.x + ((to.x - from.x) * step) / 6, from.y + ((to.y - from.y) * step) / 6);
  }
  await touch('touchEnd');
  const drawnName = `${screen.label('spaces.newNames.DESK')} 1`;
  await screen.space(drawnName, 'DESK').waitFor();
  const gridStep = 0.01;
  await expect.poll(() => savedBox(drawnName).then((box) => near(box, drawnByTouch, gridStep)), poll).toBe(true);
}

/**
 * On a phone the bar naming the space tapped is in sight without scrolling, over the map's foot;
 * Edit opens the space's form in a drawer titled with its name, and saving closes it, the focus
 * back on Edit.
 */
async function editsInTheDrawer(page: Page, screen: MapScreen): Promise<void> {
  const bar = await screen.panel.boundingBox();
  const map = await screen.map.boundingBox();
  if (!bar || !map) throw new Error('The bar or the map is not drawn');
  expect(bar.y).toBeGreaterThanOrEqual(Math.max(map.y, 0));
  expect(bar.y + bar.height).toBeLessThanOrEqual(Math.min(map.y + map.height, PHONE.height));
  const edit = screen.panel.getByRole('button', {
    name: exactly(screen.label('spaces.edit', { name: names.polygon })),
  });
  await edit.tap();
  const drawer = page.getByRole('dialog', { name: exactly(names.polygon) });
  const nameField = drawer.getByRole('textbox', { name: exactly(screen.label('spaces.fields.name')) });
  await expect.poll(() => nameField.inputValue(), poll).toBe(names.polygon);
  await expectNoAxeViolations(page, `the space's drawer on a phone (${screen.locale})`);
  await shot(page, `map-phone-drawer-${screen.locale}`);
  await drawer.getByRole('button', { name: exactly(screen.label('common.save')) }).tap();
  await drawer.waitFor({ state: 'detached' });
  await expect.poll(() => edit.evaluate((element) => element === document.activeElement), poll).toBe(true);
}

describe('floors and spaces', () => {
  test('an administrator adds a floor with its plan, draws three spaces, resizes one by its corner and duplicates it, all keeping their places through a reload and a new plan, and prints it on one page', async () => {
    const { page } = session;
    await page.setViewportSize(DESK);
    await signIn(page);
    const floors = new FloorsScreen(page);
    await floors.open();
    await floors.table.getByRole('cell', { name: exactly(text('en', 'floors.empty')) }).waitFor();
    await shot(page, 'floors-empty-desk-en');

    // 1. The floor, added through its dialog; then its plan, previewed before it is sent.
    await page.getByRole('button', { name: exactly(text('en', 'floors.add')) }).click();
    const dialog = page.getByRole('dialog', { name: exactly(text('en', 'floors.addTitle')) });
    await dialog.getByRole('textbox', { name: new RegExp(`^${text('en', 'floors.name')}`) }).fill(floorName);
    await dialog.getByRole('textbox', { name: exactly(text('en', 'floors.level')) }).fill('3');
    await dialog.getByRole('button', { name: exactly(text('en', 'common.save')) }).click();
    await dialog.waitFor({ state: 'detached' });
    await floors.row(floorName).waitFor();
    expect(
      await floors
        .row(floorName)
        .getByRole('cell', { name: exactly(text('en', 'floors.plan.noPlan')) })
        .count(),
    ).toBe(1);
    const { docs } = await api.call('GET /floor', { query: { buildingId } });
    floorId = docs.find((floor) => floor.name === floorName)!.id;

    await floors.uploadPlan(floorName, { name: 'level-3.png', buffer: planPng(1200, 800) }, false);
    const thumbnail = floors.thumbnail(floorName);
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth), poll).toBe(1200);
    await expectNoAxeViolations(page, 'the floors list (en)');
    await shot(page, 'floors-desk-en');

    // 2. The map: a rectangle dragged, a polygon clicked corner by corner, one added with the keyboard.
    await floors
      .row(floorName)
      .getByRole('link', { name: exactly(text('en', 'floors.mapOf', { name: floorName })) })
      .click();
    await waitForPath(page, '/admin/spaces');
    const screen = new MapScreen(page);
    await screen.waitForPlan(1200);
    // Off the grid, so each shape lands exactly where the pointer went.
    const snap = page.getByRole('switch', { name: exactly(text('en', 'spaces.map.snap')) });
    await page.getByText(exactly(text('en', 'spaces.map.snap'))).click();
    await expect.poll(() => snap.isChecked(), poll).toBe(false);

    // The map fits the plan again when the side panel changes its width: every place is read
    // relative to the plan's drawn box at the time.
    const at = async (fx: number, fy: number) => {
      const image = await boxOf(screen.image);
      return { x: image.x + fx * image.width, y: image.y + fy * image.height };
    };
    const rectAsDrawn = { x: 0.1, y: 0.15, width: 0.2, height: 0.2 };
    const polygonCorners = [
      { x: 0.55, y: 0.2 },
      { x: 0.85, y: 0.2 },
      { x: 0.85, y: 0.6 },
      { x: 0.7, y: 0.75 },
    ];

    await screen.tool('rect');
    const from = await at(rectAsDrawn.x, rectAsDrawn.y);
    const to = await at(rectAsDrawn.x + rectAsDrawn.width, rectAsDrawn.y + rectAsDrawn.height);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await screen.name(`${text('en', 'spaces.newNames.DESK')} 1`, names.rect);
    expectSamePlace(
      await screen.relativeBox(screen.outline(names.rect, 'DESK')),
      rectAsDrawn,
      await boxOf(screen.image),
      'the rectangle as dragged',
    );

    await screen.tool('polygon');
    const corners = [];
    for (const corner of polygonCorners) corners.push(await at(corner.x, corner.y));
    for (const corner of corners.slice(0, -1)) await page.mouse.click(corner.x, corner.y);
    const last = corners.at(-1)!;
    await page.mouse.dblclick(last.x, last.y);
    await screen.name(`${text('en', 'spaces.newNames.ROOM')} 1`, names.polygon);
    const xs = polygonCorners.map((corner) => corner.x);
    const ys = polygonCorners.map((corner) => corner.y);
    expectSamePlace(
      await screen.relativeBox(screen.outline(names.polygon, 'ROOM')),
      {
        x: Math.min(...xs),
        y: Math.min(...ys),
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
      },
      await boxOf(screen.image),
      'the polygon as clicked',
    );

    // The keyboard alone: the map's own button adds a space in the middle and gives it the focus;
    // the arrows move it a grid step at a time (1 % of the plan's width, as much down).
    await screen.tool('select');
    await page.getByRole('button', { name: exactly(text('en', 'spaces.map.addSpace')) }).focus();
    await page.keyboard.press('Enter');
    // The corner room is still selected: the space added is a meeting room too, named with the
    // first free number ("Room 1" was renamed).
    const added = screen.space(`${text('en', 'spaces.newNames.ROOM')} 1`, kinds.keyboard);
    await expect.poll(() => added.evaluate((element) => element === document.activeElement), poll).toBe(true);
    const addedOutline = added.locator('rect').first();
    const start = await screen.relativeBox(addedOutline);
    const stepX = 0.01;
    const stepY = (0.01 * 1200) / 800;
    const moves: [string, number, number][] = [
      ['ArrowRight', 1, 0],
      ['ArrowRight', 2, 0],
      ['ArrowRight', 3, 0],
      ['ArrowDown', 3, 1],
      ['ArrowDown', 3, 2],
    ];
    /** How many grid steps the space has moved, right and down. */
    const stepsMoved = async () => {
      const box = await screen.relativeBox(addedOutline);
      return [Math.round(((box.x - start.x) / stepX) * 100) / 100, Math.round(((box.y - start.y) / stepY) * 100) / 100];
    };
    for (const [key, right, down] of moves) {
      await page.keyboard.press(key);
      await expect.poll(stepsMoved, poll).toEqual([right, down]);
    }
    // Then into the panel with Tab, named there with the keyboard too.
    const nameField = screen.panel.getByRole('textbox', { name: exactly(text('en', 'spaces.fields.name')) });
    for (let tabs = 0; tabs < 10; tabs += 1) {
      if (await nameField.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await nameField.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(names.keyboard);
    await page.keyboard.press('Enter');
    await screen.space(names.keyboard, kinds.keyboard).waitFor();
    expectSamePlace(
      await screen.relativeBox(screen.outline(names.keyboard, kinds.keyboard)),
      { ...start, x: start.x + 3 * stepX, y: start.y + 2 * stepY },
      await boxOf(screen.image),
      'the space moved with the arrows',
    );

    // The mouse on the selected rectangle's south-east handle makes it wider and taller; its
    // north-west corner stays where it was drawn, and the server keeps the new shape.
    const windowDesk = screen.space(names.rect, 'DESK');
    const centre = await at(rectAsDrawn.x + rectAsDrawn.width / 2, rectAsDrawn.y + rectAsDrawn.height / 2);
    await page.mouse.click(centre.x, centre.y);
    await expect.poll(() => windowDesk.getAttribute('aria-pressed'), poll).toBe('true');
    const handle = await boxOf(screen.map.locator('rect[data-handle="se"]'));
    const grown = { ...rectAsDrawn, width: rectAsDrawn.width + 0.02, height: rectAsDrawn.height + 0.05 };
    const newCorner = await at(grown.x + grown.width, grown.y + grown.height);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(newCorner.x, newCorner.y, { steps: 5 });
    await page.mouse.up();
    const imageNow = await boxOf(screen.image);
    const onePixel = 1 / imageNow.width;
    await expect.poll(() => savedBox(names.rect).then((box) => near(box, grown, onePixel)), poll).toBe(true);
    expectSamePlace(
      await screen.relativeBox(screen.outline(names.rect, 'DESK')),
      grown,
      imageNow,
      'the resized rectangle',
    );

    // Duplicate: a copy of the same size just right of it, with the next name, saved.
    const resized = (await savedBox(names.rect))!;
    await page.getByRole('button', { name: exactly(text('en', 'spaces.map.duplicate')) }).click();
    const copy = { ...resized, x: resized.x + resized.width };
    await screen.space(copyName, 'DESK').waitFor();
    await expect.poll(() => savedBox(copyName).then((box) => near(box, copy, 1e-9)), poll).toBe(true);
    expectSamePlace(await screen.relativeBox(screen.outline(copyName, 'DESK')), copy, imageNow, 'the copy');

    const drawn = await screen.relativeBoxes();
    await expectNoAxeViolations(page, 'the spaces map (en)');
    await shot(page, 'map-desk-en');

    // 3. After a reload, each space is where it was drawn, and the server keeps the same shapes.
    await page.reload();
    await screen.waitForPlan(1200);
    await screen.space(names.keyboard, kinds.keyboard).waitFor();
    const imageAfter = await boxOf(screen.image);
    const reloaded = await screen.relativeBoxes();
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      expectSamePlace(reloaded[key], drawn[key], imageAfter, `${names[key]} after a reload`);
    }
    const kept = await savedShapes();
    expect(Object.fromEntries([...kept].map(([name, shape]) => [name, shape === null ? 'none' : shape.kind]))).toEqual({
      [names.rect]: 'rect',
      [names.polygon]: 'polygon',
      [names.keyboard]: 'rect',
      [copyName]: 'rect',
    });
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      expectSamePlace(boundsOf(kept.get(names[key])), drawn[key], imageAfter, `${names[key]} as the server keeps it`);
    }

    // 4. A plan of another resolution: the spaces are drawn at the same places on the picture.
    await floors.open();
    await floors.uploadPlan(floorName, { name: 'level-3-large.png', buffer: planPng(2400, 1600) }, true);
    await expect
      .poll(() => floors.thumbnail(floorName).evaluate((image: HTMLImageElement) => image.naturalWidth), poll)
      .toBe(2400);
    await openMap(page, 'en', 2400);
    const imageLarge = await boxOf(screen.image);
    const scaled = await screen.relativeBoxes();
    for (const key of Object.keys(names) as (keyof typeof names)[]) {
      expectSamePlace(scaled[key], drawn[key], imageLarge, `${names[key]} on the larger plan`);
    }
    await page
      .getByRole('radiogroup', { name: exactly(text('en', 'spaces.view')) })
      .getByText(exactly(text('en', 'spaces.views.list')))
      .click();
    await page.getByRole('table', { name: exactly(text('en', 'spaces.caption', { name: floorName })) }).waitFor();
    await shot(page, 'spaces-list-desk-en');

    // 5. The printed plan: the names, no toolbar nor footer, one landscape page on A4 and on Letter.
    await page.goto(`/admin/floor/print/${floorId}`);
    const printed = page.getByRole('img', {
      name: exactly(text('en', 'floors.printPage.planLabel_other', { name: floorName, count: '4' })),
    });
    await printed.waitFor();
    await expect
      .poll(() => printed.locator('image').evaluate((image: SVGImageElement) => image.width.baseVal.value), poll)
      .toBe(2400);
    expect(await printed.innerHTML()).toContain(names.rect);
    for (const name of Object.values(names)) {
      expect(await printed.locator('text', { hasText: exactly(name) }).count()).toBe(1);
    }
    await page.getByRole('heading', { level: 1, name: exactly(`${buildingName} – ${floorName}`) }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByTestId('toolbar').count()).toBe(0);
    expect(await page.getByTestId('app-version').count()).toBe(0);
    await expectNoAxeViolations(page, 'the printed plan (en)');
    await shot(page, 'print-desk-en');
    const printButton = page.getByRole('button', { name: exactly(text('en', 'floors.printPage.print')) });
    expect(await printButton.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await printButton.isVisible()).toBe(false);
    // The plan's picture is loaded before the page is printed.
    await printed.locator('image').evaluate(
      (image: SVGImageElement) =>
        new Promise((resolve, reject) => {
          const loaded = new Image();
          loaded.onload = resolve;
          loaded.onerror = reject;
          loaded.src = image.href.baseVal;
        }),
    );
    expect((await printedPages(page, { format: 'A4', landscape: true })).count).toBe(1);
    expect((await printedPages(page, { format: 'Letter', landscape: true })).count).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  });

  test('the floors list, the map and the printed plan are accessible in French and Spanish', async () => {
    const { page } = session;
    await page.setViewportSize(DESK);
    let shell = await signIn(page);
    for (const locale of ['fr', 'es'] as const) {
      const floors = new FloorsScreen(page, shell.locale);
      await floors.open();
      shell = new ShellPage(page, shell.locale);
      await shell.switchLanguage(locale);
      await new FloorsScreen(page, locale).thumbnail(floorName).waitFor();
      await expectNoAxeViolations(page, `the floors list (${locale})`);

      await openMap(page, locale, 2400);
      await expectNoAxeViolations(page, `the spaces map (${locale})`);

      await page.goto(`/admin/floor/print/${floorId}`);
      await page
        .getByRole('img', {
          name: exactly(text(locale, 'floors.printPage.planLabel_other', { name: floorName, count: '4' })),
        })
        .waitFor();
      await expectNoAxeViolations(page, `the printed plan (${locale})`);
    }
  });

  test('the map on a touch tablet in French, a rectangle drawn with a finger, and on a phone in Spanish, the selected space edited in a drawer', async () => {
    const browser: Browser | null = session.context.browser();
    if (!browser) throw new Error('no browser');
    for (const [locale, viewport, andThen] of [
      ['fr', TABLET, drawsByTouch],
      ['es', PHONE, editsInTheDrawer],
    ] as const) {
      const context = await browser.newContext({
        baseURL: session.baseUrl,
        locale: 'en-US',
        colorScheme: 'light',
        viewport: DESK,
        hasTouch: true,
        isMobile: viewport === PHONE,
      });
      context.setDefaultTimeout(UI_TIMEOUT_MS);
      try {
        const page = await context.newPage();
        // The app takes the user's own language at sign-in; they switch it in the toolbar.
        const shell = await signIn(page);
        await shell.switchLanguage(locale);
        await page.setViewportSize(viewport);
        const screen = await openMap(page, locale, 2400);
        for (const key of Object.keys(names) as (keyof typeof names)[]) {
          await screen.space(names[key], kinds[key]).waitFor();
        }
        // A tap on a space selects it: the side panel shows its name (on a phone, a bar over the map's foot).
        await screen.map.scrollIntoViewIfNeeded();
        const target = await boxOf(screen.outline(names.polygon, 'ROOM'));
        await page.touchscreen.tap(target.x + target.width / 2, target.y + target.height / 3);
        await screen.panel.getByRole('heading', { name: exactly(names.polygon) }).waitFor();
        const nameField = screen.panel.getByRole('textbox', { name: exactly(screen.label('spaces.fields.name')) });
        expect(await nameField.count()).toBe(viewport === PHONE ? 0 : 1);
        const device = viewport === PHONE ? 'phone' : 'tablet';
        await expectNoAxeViolations(page, `the spaces map on a ${device} (${locale})`);
        await shot(page, `map-${device}-${locale}`);

        await andThen(page, screen);
      } finally {
        await context.close();
      }
    }
  });
});
