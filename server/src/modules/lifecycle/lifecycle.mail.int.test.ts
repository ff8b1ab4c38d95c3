import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import PostalMime, { type Email } from 'postal-mime';
import ICAL from 'ical.js';
import { PNG } from 'pngjs';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { createMailSender } from '../mail/mail.sender.ts';
import {
  type LifecycleDeps,
  notifyHostsOfCheckIns,
  sendEndReminders,
  sendInvitations,
  sendOverdueAlerts,
  sendStartReminders,
} from './lifecycle.service.ts';
import {
  LOGO_PNG,
  at,
  clearVisitsAndMail,
  createHost,
  createVisit,
  createWorld,
  minutes,
} from './lifecycle.test-fixtures.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/helpers/smtpSink.ts';

// What the lifecycle's e-mails say, as a mail client receives them: each job's messages go
// through the outbox and a real SMTP exchange, then are read back with a MIME parser; the QR code
// is decoded from its PNG and the calendar file parsed with an iCalendar parser.
let smtp: SmtpSink;
let t: TestApp;
let deps: LifecycleDeps;
const BASE = 'https://visits.example.test';
const NOW = new Date('2026-06-15T14:00:00Z');
const HOUR = minutes(60);

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp();
  deps = { db: t.database.db, base: BASE };
});
afterEach(() => clearVisitsAndMail(t.database.db));
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Sends what the outbox holds over SMTP and answers the message smtp.received by `to`, parsed. */
async function deliveredTo(to: string): Promise<Email & { raw: string }> {
  const sender = createMailSender(t.database.db, smtp.url);
  try {
    await sender.sendDue();
  } finally {
    sender.close();
  }
  const message = smtp.received.findLast((m) => m.to.includes(to));
  if (!message) throw new Error(`nothing smtp.received by ${to}`);
  return { ...(await PostalMime.parse(message.raw)), raw: message.raw };
}

function attachment(email: Email, fileName: string) {
  const found = email.attachments.find((a) => a.filename === fileName);
  if (!found) throw new Error(`no attachment ${fileName}`);
  return { ...found, bytes: Buffer.from(found.content as ArrayBuffer) };
}

/** The text a QR code in a PNG holds (ZXing, as the kiosk reads codes). */
function decodeQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  const luminances = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminances.length; i++) {
    const [r, g, b] = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!];
    luminances[i] = Math.round((r + 2 * g + b) / 4);
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, image.width, image.height)));
  // The attachment is the code alone, square to the page: read it as such. ZXing's finder-pattern
  // search, made for camera frames, misses about one generated code in five.
  return new QRCodeReader().decode(bitmap, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}

describe('the invitation', () => {
  it("arrives in the visitor's language with the logo, a QR code of the check-in link, an .ics and the three links", async () => {
    const world = await createWorld(t.database.db, {
      logo: true,
      address: true,
      settings: { senderEmail: 'desk@harbour.test, security@harbour.test', defaultLocale: 'en' },
    });
    const hostId = await createHost(t.database.db, world, {
      firstName: 'Inès',
      lastName: 'Hôte',
      email: 'ines@harbour.test',
      locale: 'es',
    });
    const scheduledAt = new Date('2026-06-16T13:30:00Z');
    const id = await createVisit(t.database.db, world, {
      is_invitation: true,
      host_person_id: hostId,
      first_name: 'Zoé',
      last_name: 'Martin',
      email: 'zoe@example.test',
      locale: 'fr',
      scheduled_at: scheduledAt,
      scheduled_duration: 'PT1H30M',
    });
    const publicId = `pub-${id}`;
    expect(await sendInvitations(deps, NOW)).toEqual({ visits: 1, mails: 1 });
    const email = await deliveredTo('zoe@example.test');

    // In French (the visitor's), the building's time zone (Toronto: 09:30 in summer), in the
    // building's date and time formats (the defaults: yyyy-MM-dd, HH:mm).
    expect(email.subject).toBe('Votre visite à Harbour Tower le mardi 2026-06-16 09:30 UTC−4');
    expect(email.replyTo!.map((a) => a.address)).toEqual(['desk@harbour.test']);
    const links = {
      checkIn: `${BASE}/checkin/${world.qrCodeKey}/${publicId}`,
      cancel: `${BASE}/cancelVisit/${publicId}`,
      postpone: `${BASE}/postponeCheckOut/${publicId}`,
      reschedule: `${BASE}/rescheduleVisit/${publicId}`,
    };
    const text = email.text!;
    expect(text).toContain('Bonjour Zoé Martin,');
    expect(text).toContain('Inès Hôte vous invite à Harbour Tower');
    expect(text).toContain('Durée prévue : 1 h 30 min.');
    expect(text).toContain('Adresse : 1 Quay Street, Toronto, M5J 1A1');
    for (const link of Object.values(links)) expect(text).toContain(link);
    expect(text).toContain(`ouvrez votre lien d’enregistrement :\n\n${links.checkIn}\n\n`);
    const html = email.html!;
    expect(html).toContain('<html lang="fr">');
    for (const link of [links.cancel, links.postpone, links.reschedule]) expect(html).toContain(`href="${link}"`);
    expect(html).toContain('<img src="cid:logo" alt="Logo de Harbour Tower"');
    expect(html).toContain('<img src="cid:qr" width="240" height="240" alt="Code QR de votre visite à Harbour Tower"');

    // The QR code holds the visit's check-in link, which the check-in pages' call resolves to this visit.
    const qr = attachment(email, 'visit-qr.png');
    expect([qr.mimeType, qr.contentId, qr.disposition]).toEqual(['image/png', '<qr>', 'inline']);
    const scanned = decodeQr(qr.bytes);
    expect(scanned).toBe(links.checkIn);
    const page = await t.app.inject({ method: 'GET', url: `/service${new URL(scanned).pathname}` });
    expect(page.statusCode).toBe(200);
    expect(jsonOf(page)).toMatchObject({ kind: 'visit', publicIdentifier: publicId });

    const logo = attachment(email, 'logo');
    expect([logo.mimeType, logo.contentId, logo.bytes.equals(LOGO_PNG)]).toEqual(['image/png', '<logo>', true]);

    // The calendar file, read back by an iCalendar parser.
    const ics = attachment(email, 'visit.ics');
    expect([ics.mimeType, ics.disposition]).toEqual(['text/calendar', 'attachment']);
    const calendar = new ICAL.Component(ICAL.parse(ics.bytes.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${id}@vestibule`);
    expect(event.summary).toBe('Visite à Harbour Tower');
    expect(event.startDate.toJSDate().toISOString()).toBe(scheduledAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(at(scheduledAt, 90 * 60_000).toISOString());
    expect(event.location).toBe('Harbour Tower, 1 Quay Street, Toronto, M5J 1A1');
    expect(event.description).toContain(`Annuler : ${links.cancel}`);
    expect(event.organizer.toLowerCase()).toBe('mailto:ines@harbour.test');
    expect(event.component.getFirstPropertyValue('url')).toBe(links.checkIn);
  });

  it("falls back to the building's language, and leaves out a BMP logo that mail clients do not show", async () => {
    const world = await createWorld(t.database.db, { settings: { defaultLocale: 'es' } });
    await t.database.db
      .insertInto('building_logos')
      .values({
        building_id: world.buildingId,
        content: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]),
        content_type: 'image/bmp',
        file_name: 'logo.bmp',
        version: 1,
      })
      .execute();
    await createVisit(t.database.db, world, {
      is_invitation: true,
      email: 'sin-idioma@example.test',
      locale: 'de',
      host: 'Recepción',
      scheduled_at: at(NOW, 24 * HOUR),
      scheduled_duration: 'PT1H',
    });
    await sendInvitations(deps, NOW);
    const email = await deliveredTo('sin-idioma@example.test');
    expect(email.subject).toMatch(/^Su visita a Harbour Tower el /);
    expect(email.text).toContain('Recepción le invita a Harbour Tower');
    expect(email.html).not.toContain('cid:logo');
    expect(email.attachments.map((a) => a.filename).sort()).toEqual(['visit-qr.png', 'visit.ics']);
  });
});

describe("the building's e-mail settings", () => {
  it('leave out the QR code and the logo when the building turns them off, add its phone, and write its date and time formats', async () => {
    const world = await createWorld(t.database.db, {
      logo: true,
      settings: {
        appendQrCode: false,
        appendLogo: false,
        senderPhone: '+14165550199',
        dateFormat: 'dd/MM/yyyy',
        timeFormat: 'hh:mm a',
        defaultLocale: 'en',
      },
    });
    const id = await createVisit(t.database.db, world, {
      is_invitation: true,
      email: 'plain@example.test',
      locale: 'en',
      host: 'Reception',
      scheduled_at: new Date('2026-06-16T18:45:00Z'),
      scheduled_duration: 'PT1H',
    });
    await sendInvitations(deps, NOW);
    const email = await deliveredTo('plain@example.test');
    expect(email.subject).toBe('Your visit to Harbour Tower on Tuesday 16/06/2026 02:45 PM EDT');
    expect(email.attachments.map((a) => a.filename)).toEqual(['visit.ics']);
    expect(email.html).not.toContain('cid:');
    const checkIn = `${BASE}/checkin/${world.qrCodeKey}/pub-${id}`;
    expect(email.text).toContain(`At the entrance, open your check-in link:\n\n${checkIn}`);
    expect(email.text).not.toContain('QR code');
    expect(email.text).toContain('A question? Call +14165550199.');

    // Turned on, the same invitation carries both, and no phone line without a phone.
    const shown = await createWorld(t.database.db, { logo: true, settings: { senderPhone: '' } });
    await createVisit(t.database.db, shown, {
      is_invitation: true,
      email: 'rich@example.test',
      locale: 'en',
      scheduled_at: new Date('2026-06-16T18:45:00Z'),
      scheduled_duration: 'PT1H',
    });
    await sendInvitations(deps, NOW);
    const rich = await deliveredTo('rich@example.test');
    expect(rich.attachments.map((a) => a.filename).sort()).toEqual(['logo', 'visit-qr.png', 'visit.ics']);
    expect(rich.text).not.toContain('A question?');
  });

  it("writes the check-in copy on the building's clock in its formats, with its phone", async () => {
    const world = await createWorld(t.database.db, {
      settings: {
        emailMeEnabled: true,
        senderPhone: '+33145550100',
        dateFormat: 'dd.MM.yyyy',
        timeFormat: 'HH:mm:ss',
        timeZoneId: 'Europe/Paris',
      },
    });
    const before = new Date();
    const response = await t.app.inject({
      method: 'POST',
      url: '/service/checkin',
      headers: { 'accept-language': 'fr' },
      payload: {
        qrCodeKey: world.qrCodeKey,
        visitorType: 'VISITOR',
        checkInForm: { firstName: 'Léa', lastName: 'Copie', host: 'Accueil' },
        emailMeActive: true,
        emailMeEmail: 'copie@example.test',
      },
    });
    expect(jsonOf(response)).toMatchObject({ allowed: true });
    const email = await deliveredTo('copie@example.test');
    const day = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(before)
      .replace(/\//g, '.');
    expect(email.text).toMatch(
      new RegExp(
        `Vous vous êtes enregistré\\(e\\) à Harbour Tower le ${day.replace(/\./g, '\\.')} \\d{2}:\\d{2}:\\d{2}\\.`,
      ),
    );
    expect(email.text).toContain('Une question ? Appelez le +33145550100.');
  });
});

describe('the notices', () => {
  it("tells the host of the check-in in the host's language, with the logo", async () => {
    const world = await createWorld(t.database.db, { logo: true });
    const hostId = await createHost(t.database.db, world, {
      firstName: 'Lucía',
      email: 'lucia@harbour.test',
      locale: 'es',
    });
    await createVisit(t.database.db, world, {
      host_person_id: hostId,
      locale: 'fr',
      company_name: 'Acme',
      checked_in_at: new Date('2026-06-15T13:58:00Z'),
    });
    await notifyHostsOfCheckIns(deps, NOW);
    const email = await deliveredTo('lucia@harbour.test');
    expect(email.subject).toBe('Vera Visitor ha llegado a Harbour Tower');
    expect(email.text).toContain('Hola, Lucía Host:');
    expect(email.text).toMatch(/Vera Visitor registró su entrada en Harbour Tower a las 09:58/);
    expect(email.text).toContain('Empresa: Acme');
    expect(attachment(email, 'logo').bytes.equals(LOGO_PNG)).toBe(true);
  });

  it('reminds the visitor of the start with the QR code and the cancel and reschedule links', async () => {
    const world = await createWorld(t.database.db);
    const id = await createVisit(t.database.db, world, {
      email: 'reminded@example.test',
      scheduled_at: at(NOW, 3 * HOUR),
      created_at: at(NOW, -72 * HOUR),
    });
    await sendStartReminders(deps, NOW);
    const email = await deliveredTo('reminded@example.test');
    expect(email.subject).toBe('Reminder: your visit to Harbour Tower on Monday 2026-06-15 13:00 EDT');
    expect(email.text).toContain(`${BASE}/cancelVisit/pub-${id}`);
    expect(email.text).toContain(`${BASE}/rescheduleVisit/pub-${id}`);
    expect(decodeQr(attachment(email, 'visit-qr.png').bytes)).toBe(`${BASE}/checkin/${world.qrCodeKey}/pub-${id}`);
  });

  it('reminds the visitor of the end with the links to extend the visit and to check out', async () => {
    const world = await createWorld(t.database.db);
    const id = await createVisit(t.database.db, world, {
      email: 'leaving@example.test',
      locale: 'en',
      checked_in_at: at(NOW, -minutes(57)),
      scheduled_duration: 'PT1H',
    });
    await sendEndReminders(deps, NOW);
    const email = await deliveredTo('leaving@example.test');
    expect(email.subject).toMatch(/^Your visit to Harbour Tower ends at 10:03 /);
    expect(email.text).toContain(`Staying longer on the day? Extend your visit:\n${BASE}/postponeCheckOut/pub-${id}`);
    expect(email.text).toContain(`When you leave, check out:\n${BASE}/checkOut/pub-${id}`);
  });

  it('alerts the host of an overdue visitor, in French', async () => {
    const world = await createWorld(t.database.db, { settings: { meetingAlertEnabled: true } });
    const hostId = await createHost(t.database.db, world, { email: 'alerte@harbour.test', locale: 'fr' });
    await createVisit(t.database.db, world, {
      host_person_id: hostId,
      checked_in_at: at(NOW, -2 * HOUR),
      scheduled_duration: 'PT1H',
    });
    await sendOverdueAlerts(deps, NOW);
    const email = await deliveredTo('alerte@harbour.test');
    expect(email.subject).toBe('Vera Visitor n’a pas enregistré son départ de Harbour Tower');
    expect(email.text).toMatch(/devait quitter Harbour Tower à 09:00 .*et n’a pas enregistré son départ\./);
  });
});
