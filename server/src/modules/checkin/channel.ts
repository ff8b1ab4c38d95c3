// Who calls a public check-in route (a phone or an enrolled kiosk) and the building it may see.
import {
  type CheckInForm,
  type Locale,
  type WizardVisitorType,
  newBuildingCheckInForms,
  withFormRules,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type KeyedBuilding, findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { type EnrolledKiosk, enrolledKioskOfBuilding } from '../kiosks/kiosks.service.ts';

/** Where the call comes from: the visitor's own device (/checkin) or a kiosk (/checkinKiosk). */
export interface CheckInChannel {
  fromKiosk: boolean;
  /** The `x-kiosk-credential` header as sent: a kiosk call needs an enrolled device's credential. */
  credential?: string | undefined;
  /**
   * The enrolled kiosk already checked for this request (a sync batch checks it once, and
   * decides per entry what a revoked kiosk may still deliver).
   */
  verifiedKiosk?: EnrolledKiosk | undefined;
  clientIp: string;
  locale: Locale;
  /** Origin of links in e-mails when PUBLIC_URL is not set. */
  origin: string;
  /**
   * Signed-in staff at the desk (the staff channel, staffCheckIn.service.ts): the route already
   * checked the user's company and buildings, so no kiosk credential or mobile token applies, a
   * person of the directory needs no pass, and the visit's source is STAFF.
   */
  staff?: boolean;
}

/** A person type's check-in form, as the product's rules hold it (locked switches included). */
export function formOf(building: KeyedBuilding, visitorType: WizardVisitorType): CheckInForm {
  const forms = building.check_in_forms ?? newBuildingCheckInForms();
  const key = {
    VISITOR: 'visitorCheckInForm',
    CONTRACTOR: 'contractorCheckInForm',
    EMPLOYEE: 'employeeCheckInForm',
  } as const;
  return withFormRules(forms[key[visitorType]]);
}

/**
 * The building of a public link. Own-device links must carry the building's current mobile
 * token when it has one (an old printed QR code stops working after rotation); kiosk calls
 * need an enrolled device of the building (and one of its addresses when it lists some).
 */
export async function buildingForChannel(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  options: ChannelOptions = {},
): Promise<KeyedBuilding> {
  return checkChannel(ctx, await findBuildingByKey(ctx.db, qrCodeKey), channel, mt, options);
}

export interface ChannelOptions {
  ignoreMobileToken?: boolean;
}

/** The building as this channel may see it: a kiosk enrolled for it, a link with its current token. */
export async function checkChannel(
  ctx: ServerContext,
  building: KeyedBuilding | undefined,
  channel: CheckInChannel,
  mt: string | null,
  options: ChannelOptions = {},
): Promise<KeyedBuilding> {
  if (!building) throw new AppError('NOT_FOUND');
  if (channel.staff) return building;
  if (channel.fromKiosk) {
    const kiosk = channel.verifiedKiosk ?? (await enrolledKioskOf(ctx, building, channel));
    if (kiosk.buildingId !== building.id) throw new AppError('KIOSK_DEVICE_NOT_ALLOWED');
  } else if (building.mobile_token && !options.ignoreMobileToken && mt !== building.mobile_token) {
    throw new AppError('CHECKIN_LINK_EXPIRED');
  }
  return building;
}

/** The enrolled kiosk behind a kiosk call (kiosks.service.ts, `enrolledKioskOfBuilding`). */
export function enrolledKioskOf(
  ctx: ServerContext,
  building: KeyedBuilding,
  channel: CheckInChannel,
  options: { revokedAllowed?: boolean } = {},
): Promise<EnrolledKiosk> {
  return enrolledKioskOfBuilding(ctx, building, channel, options);
}
