// A visitor registers ahead for a building: the building's registration page (its
// QR code's link, /registration/{qrCodeKey}) asks the building's check-in form of the person's
// type, the day, time and duration; the visit is recorded as an invitation (source
// REGISTRATION), and the lifecycle job e-mails it like any other invitation (QR code, calendar
// file, links to cancel, postpone and reschedule). The visitor's answer carries no code: the
// invitation reaches only the address typed, so nobody gets a pass for someone else's address.
import {
  type CheckInField,
  type CheckInForm,
  type Locale,
  type RegistrationPage,
  type RegistrationVisitorType,
  type registrationRequestSchema,
  enabledFields,
  fieldError,
  newBuildingCheckInForms,
  newBuildingSettings,
  newVisitCodes,
  registrationVisitorTypes,
  uuidv7,
  visitDurationChoices,
  withFormRules,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { AppError } from '../../errors.ts';
import { insertVisit, visitCodesTaken } from '../visits/visits.repo.ts';
import { type RegistrationBuilding, employeesNamed, findBuildingForRegistration } from './publicVisit.repo.ts';
import { scheduleRefusal } from './publicVisit.service.ts';

type RegistrationBody = z.output<typeof registrationRequestSchema>;

async function buildingOf(ctx: ServerContext, qrCodeKey: string): Promise<RegistrationBuilding> {
  const building = await findBuildingForRegistration(ctx.db, qrCodeKey);
  if (!building) throw new AppError('NOT_FOUND');
  return building;
}

function settingsOf(building: RegistrationBuilding) {
  return { ...newBuildingSettings(), ...(building.settings ?? {}) };
}

const formKeys = { VISITOR: 'visitorCheckInForm', CONTRACTOR: 'contractorCheckInForm' } as const;

/**
 * The building's check-in form of a person type, as registration asks it: the e-mail always,
 * since the invitation goes there.
 */
export function registrationForm(building: RegistrationBuilding, visitorType: RegistrationVisitorType): CheckInForm {
  const form = withFormRules((building.check_in_forms ?? newBuildingCheckInForms())[formKeys[visitorType]]);
  const email: CheckInField = { ...form.email, enabled: true, mandatory: true };
  return { ...form, email };
}

/** The building's default duration when it is one of the choices, else one hour. */
function defaultDuration(building: RegistrationBuilding): (typeof visitDurationChoices)[number] {
  const preferred = settingsOf(building).defaultMeetingDuration;
  return visitDurationChoices.find((choice) => choice === preferred) ?? 'PT1H';
}

export async function registrationPage(
  ctx: ServerContext,
  qrCodeKey: string,
  visitorType: RegistrationVisitorType | undefined,
): Promise<RegistrationPage> {
  const building = await buildingOf(ctx, qrCodeKey);
  const settings = settingsOf(building);
  return {
    qrCodeKey,
    building: {
      id: building.id,
      name: building.name,
      logoVersion: building.check_in_logo_version,
      defaultLocale: settings.defaultLocale,
      timeZoneId: settings.timeZoneId,
    },
    visitorTypes: [...registrationVisitorTypes],
    visitorType: visitorType ?? null,
    checkInForm: visitorType ? registrationForm(building, visitorType) : null,
    durationChoices: [...visitDurationChoices],
    defaultDuration: defaultDuration(building),
    consentClauseActive: settings.consentClauseEnabled,
    consentClauseText: settings.consentClauseEnabled ? settings.consentText : '',
  };
}

const text = (values: Record<string, string | boolean>, key: string): string | null => {
  const value = values[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The form's enabled fields, each checked by its settings (the check-in's rule), trimmed. */
function checkedForm(form: CheckInForm, submitted: Record<string, string | boolean>) {
  const values: Record<string, string | boolean> = {};
  for (const [key, field] of enabledFields(form)) {
    const value = submitted[key];
    const error = fieldError(key, field, value);
    if (error) {
      const code = error === 'required' ? 'MISSING' : error === 'email' ? 'EMAIL_IS_NOT_VALID' : 'VALIDATION_FAILED';
      throw new AppError(code, { field: key });
    }
    if (value !== undefined) values[key] = typeof value === 'string' ? value.trim() : value;
  }
  return values;
}

/** The host typed, as an employee of the building's directory when exactly one has that name. */
async function hostOf(ctx: ServerContext, buildingId: string, host: string | null) {
  if (!host) return { host: null, hostPersonId: null };
  const found = await employeesNamed(ctx.db, buildingId, host);
  const [only] = found;
  return { host, hostPersonId: found.length === 1 && only ? only.id : null };
}

/** New codes for the visit (a clash is unlikely: drawn again). */
async function freshCodes(ctx: ServerContext) {
  for (;;) {
    const codes = newVisitCodes();
    if (!(await visitCodesTaken(ctx.db, codes.identifier, codes.publicIdentifier))) return codes;
  }
}

export async function register(ctx: ServerContext, actor: AuditActor, body: RegistrationBody, locale: Locale) {
  const building = await buildingOf(ctx, body.qrCodeKey);
  const settings = settingsOf(building);
  const values = checkedForm(registrationForm(building, body.visitorType), body.checkInForm);
  if (settings.consentClauseEnabled && !body.consentAccepted) {
    throw new AppError('MISSING', { field: 'consentAccepted' });
  }
  const at = new Date(body.scheduledAt);
  const refusal = scheduleRefusal(at, body.scheduledDuration, new Date());
  if (refusal) throw new AppError(refusal, refusal === 'VALIDATION_FAILED' ? { field: 'scheduledAt' } : undefined);
  const email = text(values, 'email');
  if (!email) throw new AppError('MISSING', { field: 'email' });
  const host = await hostOf(ctx, building.id, text(values, 'host'));
  const codes = await freshCodes(ctx);
  const id = uuidv7();
  const row = {
    id,
    tenant_id: building.tenant_id,
    building_id: building.id,
    identifier: codes.identifier,
    public_identifier: codes.publicIdentifier,
    pin: codes.pin,
    visitor_type: body.visitorType,
    first_name: text(values, 'firstName'),
    last_name: text(values, 'lastName'),
    email,
    phone: text(values, 'phone'),
    company_name: text(values, 'companyName') ?? text(values, 'contractorCompanyName'),
    host: host.host,
    host_person_id: host.hostPersonId,
    check_in_form: JSON.stringify(values),
    scheduled_at: at,
    scheduled_duration: body.scheduledDuration,
    consent_accepted: settings.consentClauseEnabled && body.consentAccepted,
    locale,
    source: 'REGISTRATION' as const,
    is_invitation: true,
  };
  // Recorded with its audit row, the visitor's own device as the actor.
  await ctx.db.transaction().execute(async (trx) => {
    await insertVisit(trx, row);
    await audit(trx, actor, {
      tenantId: building.tenant_id,
      action: 'MEETING_REGISTERED',
      entity: 'visit',
      entityId: id,
      after: {
        buildingId: building.id,
        visitorType: row.visitor_type,
        firstName: row.first_name,
        lastName: row.last_name,
        email,
        host: row.host,
        scheduledAt: at.toISOString(),
        scheduledDuration: row.scheduled_duration,
      },
    });
  });
  return { email, scheduledAt: at.toISOString(), scheduledDuration: body.scheduledDuration };
}
