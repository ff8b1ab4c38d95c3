import type { BadgeContent, BadgeLayout } from '@vestibule/shared';
import type { badge as badgeCatalogue } from '@vestibule/shared/i18n/en/badge';
import { badgeCss } from './badgeStyles.ts';
import { QrCode } from './QrCode.tsx';

/** The badge's words in one language (the `badge` catalogue). */
export type BadgeTexts = typeof badgeCatalogue;

/** A name part longer than this prints smaller, so that it keeps to the label's width. */
const LONG_NAME = 12;

export interface BadgeProps {
  content: BadgeContent;
  layout: BadgeLayout;
  texts: BadgeTexts;
  /** The language of dates and times (a BCP 47 tag: en, fr, es). */
  locale: string;
  /** The building's logo and the person's photo, as addresses an <img> loads; null: none. */
  logoSrc: string | null;
  photoSrc: string | null;
}

/** The badge's styles, once per document whatever the number of badges (React hoists and dedupes them). */
export function BadgeStyles() {
  return (
    <style href="vestibule-badge" precedence="default">
      {badgeCss}
    </style>
  );
}

/**
 * One visitor badge at its label's size (docs/badges.md): the building and its logo, the person
 * type as a coloured band with its word, the name large, the company, the host, the day and the
 * time it is valid until (on the building's clock), the photo and the visit code's QR code, each
 * part as the building's layout says.
 */
export function Badge({ content, layout, texts, locale, logoSrc, photoSrc }: BadgeProps) {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: content.timeZoneId });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: content.timeZoneId,
  });
  const until = layout.validUntil ? content.validUntil : null;
  const long = content.firstName.length > LONG_NAME || content.lastName.length > LONG_NAME;
  const name = `${content.firstName} ${content.lastName}`.trim();
  const photo = layout.photo ? photoSrc : null;
  const qr = layout.qrCode ? content.visitCode : null;
  return (
    <article
      className="vb-badge"
      lang={locale}
      data-size={layout.size}
      data-type={content.visitorType}
      aria-label={`${texts.types[content.visitorType]}: ${name}`}
      data-testid="badge"
    >
      <BadgeStyles />
      <div className="vb-badge-head">
        {layout.logo && logoSrc && <img className="vb-badge-logo" src={logoSrc} alt={texts.logo} />}
        <span className="vb-badge-building">{content.buildingName}</span>
      </div>
      <div className="vb-badge-band">{texts.types[content.visitorType]}</div>
      <div className="vb-badge-main">
        <div className="vb-badge-who">
          <p className="vb-badge-name" data-long={long ? '' : undefined}>
            <span>{content.firstName}</span> <span>{content.lastName}</span>
          </p>
          {layout.company && content.companyName && <p className="vb-badge-company">{content.companyName}</p>}
          <dl className="vb-badge-facts">
            {layout.host && content.host && (
              <div>
                <dt>{texts.host}</dt>
                <dd>{content.host}</dd>
              </div>
            )}
            {until && (
              <div>
                <dt>{texts.validUntil}</dt>
                <dd>{dateTime.format(new Date(until))}</dd>
              </div>
            )}
          </dl>
          {!until && <p className="vb-badge-date">{date.format(new Date(content.validFrom))}</p>}
        </div>
        {photo && <img className="vb-badge-photo" src={photo} alt={texts.photo} />}
        {qr && (
          <div className="vb-badge-qr">
            <QrCode text={qr} label={`${texts.qrCode}: ${qr}`} />
            <span className="vb-badge-code">{qr}</span>
          </div>
        )}
      </div>
    </article>
  );
}
