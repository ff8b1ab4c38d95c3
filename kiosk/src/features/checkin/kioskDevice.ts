import { uuidv7 } from '@vestibule/shared';

const DEVICE_KEY = 'kioskDeviceId';

/** This kiosk's id, made once and kept: the entry log shows which kiosk made a check-in. */
export function kioskDeviceId(): string | null {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known) return known;
    const id = uuidv7();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return null;
  }
}
