import {
  type HostOption,
  type Locale,
  type VisitDurationChoice,
  type VisitorType,
  linkOf,
  visitInviteSchema,
} from '@vestibule/shared';
import { momentOnClock, onClockOf } from '../../../format/dateTime.ts';
import type { FieldIssue, Validator } from '../../../form/validationMessages.ts';
import type { InviteBody } from '../entryLogApi.ts';

// The new invitation's form (POST /meeting): its values as typed, and what the shared schema
// reads from them. The visitor is a person of the directory or typed in (first and last name then
// required); the host one of the building's hosts (a person of the directory or a user), required;
// the time a day and an hour on the building's clock (its time zone), whatever the browser's.

export type VisitorSource = 'directory' | 'new';

export interface InviteValues {
  buildingId: string;
  visitorType: VisitorType;
  source: VisitorSource;
  personId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  /** The host chosen (its link is sent as hostPersonId or hostUserId), or null. */
  host: HostOption | null;
  /** yyyy-MM-dd and HH:mm on the building's clock, as the date and time fields give them. */
  date: string;
  time: string;
  /** The building's time zone (the viewer's when unknown). */
  timeZoneId: string | undefined;
  scheduledDuration: VisitDurationChoice;
  comments: string;
  /** '' for the default (the person's language, else the building's). */
  locale: Locale | '';
}

/** The form's fields, and the body's names the messages are placed by (the host's link: `hostPersonId`). */
export type InviteField = Exclude<keyof InviteValues, 'host'> | 'hostPersonId' | 'scheduledAt';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A new invitation: today on the building's clock, at its next quarter of an hour, for an hour. */
export function newInviteValues(buildingId: string, timeZoneId: string | undefined, now = new Date()): InviteValues {
  const start = onClockOf(now, timeZoneId);
  start.setMinutes(Math.ceil((start.getMinutes() + 1) / 15) * 15, 0, 0);
  return {
    buildingId,
    visitorType: 'VISITOR',
    source: 'new',
    personId: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    companyName: '',
    host: null,
    date: `${start.getFullYear()}-${twoDigits(start.getMonth() + 1)}-${twoDigits(start.getDate())}`,
    time: `${twoDigits(start.getHours())}:${twoDigits(start.getMinutes())}`,
    timeZoneId,
    scheduledDuration: 'PT1H',
    comments: '',
    locale: '',
  };
}

/** The moment of a day and an hour on a zone's clock, or '' when either is missing. */
export function scheduledAtOf(date: string, time: string, timeZoneId: string | undefined): string {
  return momentOnClock(date, time, timeZoneId)?.toISOString() ?? '';
}

/** What the shared schema reads from the form: the visitor by the chosen source only. */
export function inviteInput(values: InviteValues): Record<string, unknown> {
  const fromDirectory = values.source === 'directory';
  return {
    buildingId: values.buildingId,
    visitorType: values.visitorType,
    // '' while no person is chosen: the schema refuses it on the person's field.
    personId: fromDirectory ? values.personId : null,
    ...(fromDirectory
      ? {}
      : {
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          phone: values.phone,
          companyName: values.companyName,
        }),
    ...linkOf(values.host),
    scheduledAt: scheduledAtOf(values.date, values.time, values.timeZoneId),
    scheduledDuration: values.scheduledDuration,
    comments: values.comments.trim() || null,
    locale: values.locale || undefined,
  };
}

/**
 * The shared invitation schema, with what it leaves to the server said on the fields at once: a
 * typed visitor's first and last name, and the host.
 */
export const inviteValidator: Validator<InviteBody> = {
  safeParse(value) {
    const parsed = visitInviteSchema.safeParse(value);
    const input = value as Partial<
      Record<'personId' | 'firstName' | 'lastName' | 'hostPersonId' | 'hostUserId', unknown>
    >;
    // A person of the directory (chosen or still to choose) brings their own names.
    const typed = input.personId === null;
    const missing: ('firstName' | 'lastName' | 'hostPersonId')[] = typed
      ? (['firstName', 'lastName'] as const).filter((field) => {
          const text = input[field];
          return typeof text !== 'string' || text.trim() === '';
        })
      : [];
    // A host is required: a person of the directory or a user (the message goes on the host's field).
    if (!input.hostPersonId && !input.hostUserId) missing.push('hostPersonId');
    if (parsed.success && missing.length === 0) return { success: true, data: parsed.data };
    const issues: FieldIssue[] = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...missing.map((field) => ({
        code: 'custom',
        path: [field],
        message: 'MISSING',
        params: { errorCode: 'MISSING' },
      })),
    ];
    return { success: false, error: { issues } };
  },
};
