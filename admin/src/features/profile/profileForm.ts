import type { HostNotice, Locale, Profile, ProfileUpdate } from '@vestibule/shared';
import type { SchemaForm } from '../../form/useSchemaForm.ts';

/** The profile form's values: text fields as typed, no favourite building as ''. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  phone: string;
  userLocale: Locale;
  /** How the user hears of their visitors' arrival, as a host. */
  hostNotice: HostNotice;
  dateFormat: string;
  timeFormat: string;
  favouriteBuildingId: string;
}

export type ProfileForm = SchemaForm<ProfileValues, ProfileUpdate>;

/** The fields the server may refuse, by the path its issues name. */
export const profileFields = [
  'firstName',
  'lastName',
  'phone',
  'userLocale',
  'hostNotice',
  'dateFormat',
  'timeFormat',
  'favouriteBuildingId',
] as const satisfies readonly (keyof ProfileValues)[];
export type ProfileField = (typeof profileFields)[number];

export function profileValues(profile: Profile): ProfileValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
    userLocale: profile.userLocale,
    hostNotice: profile.hostNotice,
    dateFormat: profile.dateFormat,
    timeFormat: profile.timeFormat,
    favouriteBuildingId: profile.favouriteBuildingId ?? '',
  };
}

const blankAsNull = (text: string) => (text.trim() === '' ? null : text);

/** What PATCH /profile takes: an emptied field clears the value. */
export function profileInput(values: ProfileValues): unknown {
  return {
    ...values,
    firstName: blankAsNull(values.firstName),
    lastName: blankAsNull(values.lastName),
    phone: blankAsNull(values.phone),
    favouriteBuildingId: values.favouriteBuildingId === '' ? null : values.favouriteBuildingId,
  };
}
