import { type Locale, type VisitorData, newBuildingSettings } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { stateOf } from '../visits/visit.dto.ts';
import { anonymise } from './retention.repo.ts';
import { type VisitorDataRows, findVisitorData } from './visitorData.repo.ts';

// The visitor acts for themselves (docs/privacy.md): from the visit's link, once the visit is over,
// they see what it stores about them, download it (JSON, or a readable page) and erase it. The
// link's public identifier (128 random bits) is the proof; a visit refused at the door, unknown
// or already anonymised has no data to show.

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
/** Bytes (a Buffer from pg, a Uint8Array from PGlite) as a data: URL of their image type. */
const dataUrl = (bytes: Uint8Array) => {
  const buffer = Buffer.from(bytes);
  const type = buffer.subarray(0, 4).equals(PNG) ? 'image/png' : 'image/jpeg';
  return `data:${type};base64,${buffer.toString('base64')}`;
};

/** The visit's rows once it is over; NOT_FOUND or MEETING_NOT_CHECKED_OUT otherwise. */
async function overVisit(ctx: ServerContext, publicIdentifier: string): Promise<VisitorDataRows> {
  const rows = await findVisitorData(ctx.db, { publicIdentifier });
  if (!rows || rows.visit.anonymised_at !== null) throw notFound();
  const state = stateOf(rows.visit);
  if (state === 'REFUSED') throw notFound();
  if (state !== 'OUT' && state !== 'CANCELLED') throw new AppError('MEETING_NOT_CHECKED_OUT');
  return rows;
}

export function toVisitorData({ visit, photo, signatures, emails }: VisitorDataRows): VisitorData {
  const settings = { ...newBuildingSettings(), ...(visit.settings ?? {}) };
  const measured = (...values: (number | null)[]) => values.filter((value) => value !== null);
  return {
    company: visit.company_name_of_tenant,
    building: { name: visit.building_name, timeZoneId: settings.timeZoneId },
    visitorType: visit.visitor_type,
    firstName: visit.first_name,
    lastName: visit.last_name,
    email: visit.email,
    phone: visit.phone,
    companyName: visit.company_name,
    host: visit.host,
    scheduledAt: iso(visit.scheduled_at),
    checkedInAt: iso(visit.checked_in_at),
    checkedOutAt: iso(visit.checked_out_at),
    cancelledAt: iso(visit.cancelled_at),
    comments: visit.comments,
    exitComments: visit.exit_comments,
    form: visit.check_in_form,
    answers: visit.questionnaires_answers,
    exitAnswers: visit.exit_questionnaires_answers,
    temperatures: {
      entry: measured(visit.temp_measure1, visit.temp_measure2),
      exit: measured(visit.exit_temp_measure1, visit.exit_temp_measure2),
    },
    photo: photo ? dataUrl(photo) : null,
    signatures: signatures.map((signature) => ({
      document: signature.title,
      version: signature.version,
      signedAt: signature.signed_at.toISOString(),
      method: signature.method,
      typedName: signature.typed_name,
      image: signature.image ? dataUrl(signature.image) : null,
    })),
    privacyNoticeVersion: visit.privacy_notice_version,
    emails: emails.map((email) => ({ to: email.to_address, subject: email.subject, sentAt: iso(email.sent_at) })),
  };
}

export async function visitorData(ctx: ServerContext, publicIdentifier: string): Promise<VisitorData> {
  return toVisitorData(await overVisit(ctx, publicIdentifier));
}

/** Erases the visitor's data at once (the visit is anonymised as by retention), audited without it. */
export async function eraseVisitorData(
  ctx: ServerContext,
  actor: AuditActor,
  publicIdentifier: string,
  now: Date,
): Promise<void> {
  const { visit } = await overVisit(ctx, publicIdentifier);
  await ctx.db.transaction().execute(async (trx) => {
    await anonymise(trx, [visit.id], now);
    await audit(trx, actor, {
      tenantId: visit.tenant_id,
      action: 'VISITOR_DATA_ERASED',
      entity: 'visit',
      entityId: visit.id,
    });
  });
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A question's markdown as plain words for the readable copy: emphasis marks dropped, links as "text (url)". */
const plainText = (markdown: string) =>
  markdown
    .replace(/!?\[([^\]]*)\]\(([^)]*)\)/g, '$1 ($2)')
    .replace(/^#+\s*/gm, '')
    .replace(/(\*\*|__|\*|`|~~)/g, '');

const myDataText = (locale: Locale) => (key: string, params?: Record<string, string | number>) =>
  escapeHtml(translate(locale, `publicVisit.myData.${key}`, params));

const dateTimeIn = (locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });

/** The visit's sections (visit, visitor, form, answers, …) in `locale`, headings at `level`. */
export function visitSectionsHtml(data: VisitorData, locale: Locale, level: number): string {
  const t = myDataText(locale);
  const when = dateTimeIn(locale, data.building.timeZoneId);
  const time = (value: string | null) => (value === null ? '' : escapeHtml(when.format(new Date(value))));
  const rows = (pairs: [string, string][]) => {
    const kept = pairs.filter(([, value]) => value !== '');
    if (kept.length === 0) return `<p>${t('none')}</p>`;
    return `<dl>${kept.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
  };
  const text = (value: string | null) => escapeHtml(value ?? '');
  const section = (title: string, body: string) => `<section><h${level}>${title}</h${level}>${body}</section>`;
  const answers = (questionnaires: VisitorData['answers']) =>
    rows(
      questionnaires.flatMap((questionnaire) =>
        questionnaire.items.map((item): [string, string] => [
          escapeHtml(plainText(item.question)),
          escapeHtml(
            item.questionType === 'FREEFORM' ? item.answer : translate(locale, `wizard.answers.${item.answer}`),
          ),
        ]),
      ),
    );
  const formValue = (value: string | boolean) =>
    typeof value === 'boolean' ? t(value ? 'yes' : 'no') : escapeHtml(value);
  return [
    section(
      t('sections.visit'),
      rows([
        [t('fields.company'), text(data.company)],
        [t('fields.building'), text(data.building.name)],
        [t('fields.visitorType'), t(`types.${data.visitorType}`)],
        [t('fields.host'), text(data.host)],
        [t('fields.scheduledAt'), time(data.scheduledAt)],
        [t('fields.checkedInAt'), time(data.checkedInAt)],
        [t('fields.checkedOutAt'), time(data.checkedOutAt)],
        [t('fields.cancelledAt'), time(data.cancelledAt)],
        [
          t('fields.privacyNotice'),
          data.privacyNoticeVersion === null
            ? ''
            : escapeHtml(
                translate(locale, 'publicVisit.privacyNotice.version', { version: data.privacyNoticeVersion }),
              ),
        ],
      ]),
    ),
    section(
      t('sections.you'),
      rows([
        [t('fields.firstName'), text(data.firstName)],
        [t('fields.lastName'), text(data.lastName)],
        [t('fields.email'), text(data.email)],
        [t('fields.phone'), text(data.phone)],
        [t('fields.companyName'), text(data.companyName)],
        [t('fields.comments'), text(data.comments)],
        [t('fields.exitComments'), text(data.exitComments)],
      ]),
    ),
    section(
      t('sections.form'),
      rows(Object.entries(data.form).map(([field, value]): [string, string] => [escapeHtml(field), formValue(value)])),
    ),
    section(t('sections.answers'), answers(data.answers)),
    section(t('sections.exitAnswers'), answers(data.exitAnswers)),
    section(
      t('sections.temperatures'),
      rows([
        [t('fields.entry'), data.temperatures.entry.join(' · ')],
        [t('fields.exit'), data.temperatures.exit.join(' · ')],
      ]),
    ),
    section(
      t('sections.photo'),
      data.photo ? `<img src="${escapeHtml(data.photo)}" alt="${t('photoAlt')}" width="240">` : `<p>${t('none')}</p>`,
    ),
    section(
      t('sections.signatures'),
      data.signatures.length === 0
        ? `<p>${t('none')}</p>`
        : data.signatures
            .map((signature) => {
              const name = t('version', { document: signature.document, version: signature.version });
              const drawn = signature.image
                ? `<img src="${escapeHtml(signature.image)}" alt="${t('signatureAlt', { document: signature.document })}" width="240">`
                : '';
              return `<h${level + 1}>${name}</h${level + 1}>${rows([
                [t('fields.signedAt'), time(signature.signedAt)],
                [t('fields.typedName'), text(signature.typedName)],
              ])}${drawn}`;
            })
            .join(''),
    ),
    section(
      t('sections.emails'),
      data.emails.length === 0
        ? `<p>${t('none')}</p>`
        : `<table><thead><tr><th scope="col">${t('fields.to')}</th><th scope="col">${t('fields.subject')}</th><th scope="col">${t('fields.sentAt')}</th></tr></thead><tbody>${data.emails
            .map(
              (email) =>
                `<tr><td>${text(email.to)}</td><td>${text(email.subject)}</td><td>${email.sentAt ? time(email.sentAt) : t('notSent')}</td></tr>`,
            )
            .join('')}</tbody></table>`,
    ),
  ].join('\n');
}

/** A page of its own, to keep or print: plain, readable, every value escaped by its caller. */
export function htmlPage(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.75rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; }
dl { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #ddd; }
img { border: 1px solid #ccc; max-width: 100%; height: auto; }
article { border-top: 3px solid #1a1a1a; margin-top: 2.5rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The visitor's data as a page of its own, to keep or print: every value escaped, the photo and
 * the drawn signatures inline, times on the building's clock, words in the visitor's language.
 */
export async function visitorDataHtml(
  ctx: ServerContext,
  publicIdentifier: string,
  locale: Locale,
  now: Date,
): Promise<string> {
  const data = await visitorData(ctx, publicIdentifier);
  const t = myDataText(locale);
  const when = dateTimeIn(locale, data.building.timeZoneId);
  const title = t('title');
  return htmlPage(
    locale,
    `${title} · ${escapeHtml(data.building.name)}`,
    `<h1>${title}</h1>
<p>${t('intro', { company: data.company, building: data.building.name })}</p>
<p>${t('zoneNote', { zone: data.building.timeZoneId })} ${t('copyMade', { date: when.format(now) })}</p>
${visitSectionsHtml(data, locale, 2)}`,
  );
}
