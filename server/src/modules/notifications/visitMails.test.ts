import { describe, expect, it } from 'vitest';
import { htmlBody, textBody } from './html.ts';
import { publicBase, visitLinks } from './links.ts';
import { type NoticeBuilding, type NoticeVisit, dateTime, senderAddresses, timeOfDay } from './visitLetter.ts';
import { hostCheckedInMail, overdueAlertMails } from './visitMails.ts';

const building: NoticeBuilding = {
  id: 'b1',
  tenantId: 't1',
  name: 'Tower <script>alert(1)</script> & "Co"',
  qrCodeKey: 'key',
  address: null,
  timeZoneId: 'America/Toronto',
  senderEmail: 'desk@example.test; ,security@example.test not-an-address',
  defaultLocale: 'fr',
  hasLogo: true,
  hostNoticeWaitText: '',
  appendQrCode: true,
  senderPhone: '',
  formats: { dateFormat: 'yyyy-MM-dd', timeFormat: 'hh:mm a' },
};
const visit: NoticeVisit = {
  id: 'v1',
  publicIdentifier: 'pub',
  identifier: 'ABCD2345',
  pin: '1234',
  firstName: '<b>Eve</b>',
  lastName: null,
  email: null,
  companyName: null,
  visitorType: 'VISITOR',
  locale: 'en',
  scheduledAt: null,
  scheduledDuration: 'PT1H',
  checkedInAt: new Date('2026-01-15T14:00:00Z'),
  invitationSequence: 0,
  invitationSentBefore: false,
  hostName: null,
};

describe('lifecycle e-mails', () => {
  it('escapes names in the HTML body and keeps them as typed in the text body', () => {
    const mail = hostCheckedInMail(
      building,
      { ...visit, checkedInAt: visit.checkedInAt! },
      {
        name: 'Hal',
        email: 'hal@example.test',
        locale: 'en',
      },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain(
      '&lt;b&gt;Eve&lt;/b&gt; checked in at Tower &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;',
    );
    expect(mail.html).toContain('alt="Tower &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; logo"');
    expect(mail.text).toContain('<b>Eve</b> checked in at Tower <script>alert(1)</script> & "Co" at 09:00 AM EST.');
    expect(mail.attachments).toEqual([
      { fileName: 'logo', contentType: 'image/png', contentId: 'logo', buildingLogoOf: 'b1' },
    ]);
    expect(mail.replyTo).toBe('desk@example.test');
  });

  it("writes moments on the building's clock in its date and time formats, the weekday in the reader's words", () => {
    const instant = new Date('2026-06-16T13:30:05Z');
    const formats = (dateFormat: string, timeFormat: string) => ({ ...building, formats: { dateFormat, timeFormat } });
    expect(dateTime('en', formats('yyyy-MM-dd', 'HH:mm'), instant)).toBe('Tuesday 2026-06-16 09:30 EDT');
    expect(dateTime('fr', formats('dd/MM/yyyy', 'HH:mm:ss'), instant)).toBe('mardi 16/06/2026 09:30:05 UTC−4');
    expect(dateTime('es', formats('dd.MM.yyyy', 'hh:mm a'), instant)).toMatch(/^martes 16\.06\.2026 09:30 a\.\sm\. /);
    expect(timeOfDay('en', formats('MM/dd/yyyy', 'hh:mm:ss a'), new Date('2026-01-15T23:05:00Z'))).toBe(
      '06:05:00 PM EST',
    );
    // A zone the runtime does not know reads as UTC: the message is still written.
    expect(timeOfDay('en', { ...building, timeZoneId: 'Mars/Olympus' }, instant)).toBe('01:30 PM UTC');
  });

  it("adds the building's phone for questions when it has one", () => {
    const host = { name: 'Hal', email: 'hal@example.test', locale: 'en' };
    const checkedIn = { ...visit, checkedInAt: visit.checkedInAt! };
    const withPhone = hostCheckedInMail({ ...building, senderPhone: '+14165550100' }, checkedIn, host);
    expect(withPhone.text).toContain('A question? Call +14165550100.');
    expect(withPhone.html).toContain('A question? Call +14165550100.');
    expect(hostCheckedInMail(building, checkedIn, host).text).not.toContain('A question?');
  });

  it("reads the building's sender addresses from a list separated by commas, semicolons or spaces", () => {
    expect(senderAddresses(building)).toEqual(['desk@example.test', 'security@example.test']);
    const alerts = overdueAlertMails(building, { ...visit, checkedInAt: visit.checkedInAt! }, null);
    expect(alerts.map((mail) => [mail.to, mail.locale])).toEqual([
      ['desk@example.test', 'fr'],
      ['security@example.test', 'fr'],
    ]);
  });

  it('writes a link shown as its own address once, and a sentence with its link on two lines', () => {
    const body = {
      locale: 'en',
      title: 'T',
      logoAlt: null,
      blocks: [
        { kind: 'link' as const, text: 'https://x.test/a', href: 'https://x.test/a' },
        { kind: 'link' as const, text: 'Cancel', href: 'https://x.test/b?c=1&d=2' },
      ],
      footer: 'F',
    };
    expect(textBody(body)).toBe('https://x.test/a\n\nCancel:\nhttps://x.test/b?c=1&d=2\n\nF');
    expect(htmlBody(body)).toContain('<a href="https://x.test/b?c=1&amp;d=2"');
    expect(htmlBody(body)).not.toContain('cid:logo');
  });

  it("builds a visit's public links from PUBLIC_URL, its identifiers encoded", () => {
    const base = publicBase({ publicUrl: 'https://visits.example.test/', port: 3000 });
    expect(base).toBe('https://visits.example.test');
    expect(publicBase({ publicUrl: undefined, port: 8080 })).toBe('http://localhost:8080');
    expect(visitLinks(base, 'k/ey', 'p id')).toEqual({
      checkIn: 'https://visits.example.test/checkin/k%2Fey/p%20id',
      cancel: 'https://visits.example.test/cancelVisit/p%20id',
      postpone: 'https://visits.example.test/postponeCheckOut/p%20id',
      reschedule: 'https://visits.example.test/rescheduleVisit/p%20id',
      checkOut: 'https://visits.example.test/checkOut/p%20id',
    });
  });
});
