// A mobile number a text message can be sent to (docs/host-notifications.md, "SMS"): the
// international form, E.164: a plus, the country code, then the number, 8 to 15 digits in all.
// Spaces, dots, dashes and brackets people type between the digits are allowed and dropped.

/** The separators allowed between a number's digits. */
const separators = /[\s.\-()]/g;

/** The number in E.164 (`+33612345678`), or null when it is not one. */
export function normalisedPhoneNumber(text: string): string | null {
  const compact = text.trim().replace(separators, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** Whether a text is a mobile number an SMS can be sent to. */
export function isPhoneNumber(text: string): boolean {
  return normalisedPhoneNumber(text) !== null;
}

/**
 * What is wrong with a host's choice of SMS (docs/host-notifications.md): no mobile number, or one
 * not in the international form; null when fine or when they chose another channel.
 */
export function smsChoiceProblem(
  hostNotice: string | null | undefined,
  phone: string | null | undefined,
): 'PHONE_NUMBER_REQUIRED' | 'PHONE_NUMBER_INVALID' | null {
  if (hostNotice !== 'SMS') return null;
  const number = phone?.trim() ?? '';
  if (number === '') return 'PHONE_NUMBER_REQUIRED';
  return isPhoneNumber(number) ? null : 'PHONE_NUMBER_INVALID';
}
