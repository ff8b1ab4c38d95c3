// What a kiosk caches to work offline (docs/kiosk.md): the wizard's configuration (its hosts
// included) with a version for If-None-Match, the day's present and expected visits, and the staff screen's PIN check.
import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { STAFF_PIN_ITERATIONS, dayInZone, staffPinSalt, wizardVisitorTypes } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { KeyedBuilding } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { type CheckInChannel, buildingForChannel } from '../checkin/channel.ts';
import { checkInBuilding, checkInData, visitFormValues } from '../checkin/checkInLink.service.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { buildingHosts } from '../visits/hosts.service.ts';
import { kioskWatchlist } from '../watchlist/watchlist.service.ts';
import { kioskPeople, openAndExpectedVisits } from './sync.repo.ts';

type KioskConfig = Awaited<ReturnType<typeof buildKioskConfig>>;

/**
 * Kiosk configurations as made, per building: each for the building's configuration version
 * (raised by every change a kiosk reads: the building, its questionnaires, cameras, people and
 * the users who host there)
 * and its day (people whose validity ended drop out). A kiosk polling an unchanged building
 * costs the building's read, not the whole configuration again.
 */
const madeConfigs = new Map<string, { made: string; config: Promise<KioskConfig> }>();
const MADE_CONFIGS_MAX = 500;

/** Everything a kiosk caches to run the wizard offline, with a version for If-None-Match. */
export async function kioskConfig(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const day = dayInZone(new Date(), settingsOf(building).timeZoneId);
  const made = `${building.qr_code_key}|${building.config_version}|${day}`;
  const kept = madeConfigs.get(building.id);
  if (kept?.made === made) return kept.config;
  const config = buildKioskConfig(ctx, building, qrCodeKey, channel, day);
  madeConfigs.delete(building.id);
  if (madeConfigs.size >= MADE_CONFIGS_MAX) {
    const oldest = madeConfigs.keys().next().value;
    if (oldest !== undefined) madeConfigs.delete(oldest);
  }
  const entry = { made, config };
  madeConfigs.set(building.id, entry);
  config.catch(() => {
    if (madeConfigs.get(building.id) === entry) madeConfigs.delete(building.id);
  });
  return config;
}

async function buildKioskConfig(
  ctx: ServerContext,
  building: KeyedBuilding,
  qrCodeKey: string,
  channel: CheckInChannel,
  day: string,
) {
  const settings = settingsOf(building);
  const directory = settings.employeeCheckIn !== 'IDENTIFIED';
  const config = {
    building: await checkInBuilding(ctx, qrCodeKey, channel, null),
    checkInData: Object.fromEntries(
      await Promise.all(
        wizardVisitorTypes.map(async (type) => [type, await checkInData(ctx, qrCodeKey, type, channel, null)] as const),
      ),
    ),
    exitQuestionnaires: Object.fromEntries(
      await Promise.all(
        wizardVisitorTypes.map(
          async (type) => [type, await linkedQuestionnaires(ctx.db, building.id, 'EXIT', type)] as const,
        ),
      ),
    ),
    timeZoneId: settings.timeZoneId,
    pinIdentificationMethod: settings.pinIdentificationMethodType,
    // The passes that open the door, without personal PIN hashes: a 4 to 8 digit PIN behind any
    // hash on a tablet is found by trying them all, so PIN identification needs the server.
    // Employees' whole names and departments only where they may find their name on a kiosk.
    people: (await kioskPeople(ctx.db, building, day)).map((row) => ({
      personId: row.id,
      passIdentifier: row.pass_identifier,
      firstName: row.first_name,
      lastInitial: Array.from(row.last_name)[0]?.toUpperCase() ?? '',
      visitorType: row.visitor_type,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      ...(directory && row.visitor_type === 'EMPLOYEE' ? { lastName: row.last_name, department: row.department } : {}),
    })),
    // The building's hosts (names, departments and links only): the host field searches them
    // offline, so a check-in synced later is still linked to its host.
    hosts: await buildingHosts(ctx, building),
    // The company's watchlist as keyed hashes: a listed visitor is told to wait at once, offline too.
    watchlist: await kioskWatchlist(ctx, building.tenant_id),
  };
  // Only an enrolled kiosk reaches this point: it checks the staff PIN itself, offline too.
  const staffPinCheck = building.pin_code ? ('device' as const) : ('none' as const);
  const staffPinHash = building.pin_code ? await staffPinHashOf(building.id, building.pin_code) : null;
  const version = createHash('sha256')
    .update(JSON.stringify({ ...config, staffPinHash, staffPinCheck }))
    .digest('base64url')
    .slice(0, 27);
  return { version, ...config, staffPinHash, staffPinCheck };
}

/** The staff screen's PIN, checked by the server for a building whose kiosks are not listed. */
export async function checkStaffPin(ctx: ServerContext, qrCodeKey: string, pin: string, channel: CheckInChannel) {
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  if (!staffPinMatches(building, pin)) throw new AppError('PIN_IDENTIFICATION_INVALID_PIN_BUILDING');
  return { ok: true as const };
}

/** Whether `pin` is the building's staff PIN (a building without one has none to match). */
export function staffPinMatches(building: Pick<KeyedBuilding, 'pin_code'>, pin: string): boolean {
  const expected = Buffer.from(building.pin_code ?? '');
  const given = Buffer.from(pin);
  return expected.length > 0 && expected.length === given.length && timingSafeEqual(expected, given);
}

/** PBKDF2 is slow on purpose: computed once per building and PIN, not on every request. */
const pinHashes = new Map<string, Promise<string>>();
function staffPinHashOf(buildingId: string, pin: string): Promise<string> {
  const key = `${buildingId}|${pin}`;
  let hash = pinHashes.get(key);
  if (!hash) {
    if (pinHashes.size >= 1000) pinHashes.clear();
    hash = pbkdf2Async(pin, staffPinSalt(buildingId), STAFF_PIN_ITERATIONS, 32, 'sha256').then((bytes) =>
      bytes.toString('base64url'),
    );
    pinHashes.set(key, hash);
  }
  return hash;
}

const pbkdf2Async = promisify(pbkdf2);

export async function kioskVisits(ctx: ServerContext, qrCodeKey: string, channel: CheckInChannel) {
  // Names, codes and visit ids that check out: for an enrolled kiosk of the building only.
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null);
  const rows = await openAndExpectedVisits(ctx.db, building.id);
  return rows.map((row) => {
    // An expected visit (an invitation) checks in at the kiosk: the visitor is shown its PIN and
    // the form starts from what the visit holds. A visit already in needs neither on the tablet.
    const held = row.watch_hold === 'HELD';
    const expected = row.checked_in_at === null && !held;
    return {
      id: row.id,
      identifier: row.identifier,
      publicIdentifier: row.public_identifier,
      firstName: row.first_name,
      lastName: row.last_name,
      visitorType: row.visitor_type,
      checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
      scheduledAt: row.scheduled_at ? new Date(row.scheduled_at).toISOString() : null,
      scheduledDuration: row.scheduled_duration,
      // The evacuation list on the staff screen names each person's host and company, offline too.
      host: row.host,
      companyName: row.company_name,
      pin: expected ? row.pin : null,
      checkInForm: expected ? visitFormValues(row) : null,
      held,
    };
  });
}
