import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { uuidv7 } from '@vestibule/shared';
import { createBuilding, createTenant, createUser } from '../../../test/helpers/factories.ts';
import { type TestApp, bearer, createTestApp, jsonOf, logInAs } from '../../../test/helpers/test-app.ts';
import { enqueueMail } from './mail.repo.ts';
import { createMailSender } from './mail.sender.ts';

// A real SMTP exchange: an SMTP server on loopback receives what the sender sends.
interface Received {
  to: string[];
  raw: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.test')) callback(new Error('mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail outbox', () => {
  it('sends queued messages over SMTP once, in their language', async () => {
    const id = uuidv7();
    await enqueueMail(t.database.db, id, {
      tenantId: null,
      to: 'visitor@example.test',
      locale: 'fr',
      subject: 'Votre visite',
      text: 'Bonjour et bienvenue',
    });
    const sender = createMailSender(t.database.db, smtpUrl);
    try {
      expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
      expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0 });
    } finally {
      sender.close();
    }
    const message = received.find((m) => m.to.includes('visitor@example.test'));
    expect(message!.raw).toContain('Subject: Votre visite');
    expect(message!.raw).toContain('Bonjour et bienvenue');
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'SENT', attempts: 1 });
  });

  it('retries a refused message later with back-off and keeps it', async () => {
    const id = uuidv7();
    await enqueueMail(t.database.db, id, {
      tenantId: null,
      to: 'nobody@refused.test',
      locale: 'en',
      subject: 'Hello',
      text: 'Body',
    });
    const sender = createMailSender(t.database.db, smtpUrl);
    try {
      expect(await sender.sendDue()).toEqual({ sent: 0, failed: 1 });
    } finally {
      sender.close();
    }
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'next_attempt_at', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('mailbox unavailable');
    const delaySeconds = (new Date(row.next_attempt_at).getTime() - Date.now()) / 1000;
    expect(delaySeconds).toBeGreaterThan(50);
    expect(delaySeconds).toBeLessThan(70);
  });

  it('sends each message once when two senders run at the same time', async () => {
    const ids = Array.from({ length: 6 }, () => uuidv7());
    for (const [i, id] of ids.entries()) {
      await enqueueMail(t.database.db, id, {
        tenantId: null,
        to: `parallel${i}@example.test`,
        locale: 'en',
        subject: `Parallel ${i}`,
        text: 'x',
      });
    }
    const one = createMailSender(t.database.db, smtpUrl);
    const two = createMailSender(t.database.db, smtpUrl);
    try {
      const [a, b] = await Promise.all([one.sendDue(), two.sendDue()]);
      expect(a.sent + b.sent).toBe(6);
    } finally {
      one.close();
      two.close();
    }
    const deliveries = received.filter((m) => m.to.some((to) => to.startsWith('parallel')));
    expect(deliveries).toHaveLength(6);
  });

  it('sends inline images, files and a building logo read at send time', async () => {
    const tenantId = await createTenant(t.database.db);
    const buildingId = await createBuilding(t.database.db, tenantId, 'Logo House');
    const logo = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.database.db
      .insertInto('building_logos')
      .values({ building_id: buildingId, content: logo, content_type: 'image/png', file_name: 'logo.png', version: 1 })
      .execute();
    const qr = Buffer.from('a picture of a code');
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const id = uuidv7();
    await enqueueMail(t.database.db, id, {
      tenantId,
      to: 'files@example.test',
      locale: 'en',
      subject: 'With files',
      text: 'See the pictures',
      html: '<p><img src="cid:logo" alt="Logo House"><img src="cid:qr" alt="QR code"></p>',
      attachments: [
        { fileName: 'logo', contentType: 'application/octet-stream', contentId: 'logo', buildingLogoOf: buildingId },
        { fileName: 'visit-qr.png', contentType: 'image/png', contentId: 'qr', content: qr },
        {
          fileName: 'visit.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: Buffer.from(ics),
        },
      ],
    });
    // The logo is stored once, with the building: the outbox names it.
    const stored = await t.database.db
      .selectFrom('mail_attachments')
      .select(['position', 'content', 'building_logo_of'])
      .where('mail_id', '=', id)
      .orderBy('position')
      .execute();
    expect(stored.map((row) => [row.content === null, row.building_logo_of])).toEqual([
      [true, buildingId],
      [false, null],
      [false, null],
    ]);

    const sender = createMailSender(t.database.db, smtpUrl);
    try {
      expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
    } finally {
      sender.close();
    }
    const raw = received.find((m) => m.to.includes('files@example.test'))!.raw;
    const email = await PostalMime.parse(raw);
    expect(email.text!.trim()).toBe('See the pictures');
    expect(email.html).toContain('cid:qr');
    const byName = new Map(email.attachments.map((a) => [a.filename, a]));
    const bytes = (name: string) => Buffer.from(byName.get(name)!.content as ArrayBuffer);
    expect(bytes('visit-qr.png').equals(qr)).toBe(true);
    expect(byName.get('visit-qr.png')!.contentId).toBe('<qr>');
    expect(byName.get('visit-qr.png')!.disposition).toBe('inline');
    expect(bytes('logo').equals(logo)).toBe(true);
    expect(byName.get('logo')!.mimeType).toBe('image/png');
    expect(byName.get('logo')!.contentId).toBe('<logo>');
    // Sent in base64, every byte kept (the parser gives text parts with plain line ends).
    expect(raw).toMatch(/name=visit\.ics\r?\nContent-Transfer-Encoding: base64/);
    expect(bytes('visit.ics').toString()).toBe(ics.replaceAll('\r\n', '\n'));
    expect(byName.get('visit.ics')!.mimeType).toBe('text/calendar');
    expect(byName.get('visit.ics')!.disposition).toBe('attachment');
  });

  it('leaves out a logo deleted before the message was sent, and sends the rest', async () => {
    const tenantId = await createTenant(t.database.db);
    const buildingId = await createBuilding(t.database.db, tenantId, 'No Logo House');
    const id = uuidv7();
    await enqueueMail(t.database.db, id, {
      tenantId,
      to: 'nologo@example.test',
      locale: 'en',
      subject: 'Without the logo',
      text: 'x',
      attachments: [
        { fileName: 'logo', contentType: 'image/png', contentId: 'logo', buildingLogoOf: buildingId },
        { fileName: 'note.txt', contentType: 'text/plain', content: Buffer.from('kept') },
      ],
    });
    const sender = createMailSender(t.database.db, smtpUrl);
    try {
      expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0 });
    } finally {
      sender.close();
    }
    const email = await PostalMime.parse(received.find((m) => m.to.includes('nologo@example.test'))!.raw);
    expect(email.attachments.map((a) => a.filename)).toEqual(['note.txt']);
  });

  it('shows an admin every message in the mailbox; others may not read it', async () => {
    const tenantId = await createTenant(t.database.db);
    const admin = await createUser(t.database.db, { tenantId, role: 'ROLE_ADMIN' });
    const mailbox = jsonOf<{ docs: { to: string; status: string }[]; totalDocs: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/service/mailbox',
        headers: bearer(await logInAs(t.app, admin.username)),
      }),
    );
    expect(mailbox.totalDocs).toBeGreaterThanOrEqual(8);
    expect(mailbox.docs.find((m) => m.to === 'visitor@example.test')!.status).toBe('SENT');
  });
});
