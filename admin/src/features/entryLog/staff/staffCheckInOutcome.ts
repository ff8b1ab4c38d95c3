import { ApiError } from '@vestibule/shared/api';
import { messageFromError, notifications } from '../../notifications/index.ts';

/**
 * What staff see once a check-in they made at the door is sent (a visit's or a walk-in's): let in,
 * or refused with the building's failure text (kept on screen), and the dialog closes; 208
 * CHECKEDIN (the person is in already, on another visit) closes it too. Any other refusal is
 * returned for the wizard, which stays open so the answers can be corrected.
 */
export async function sendStaffCheckIn(
  send: () => Promise<{ allowed: boolean; message: string }>,
  name: string,
  close: (changed: boolean) => void,
): Promise<unknown> {
  try {
    const answer = await send();
    if (answer.allowed) {
      notifications.showSuccess({ key: 'entryLog.actions.CHECK_IN_SUCCESS', params: { name } });
    } else {
      notifications.showError({ key: 'entryLog.actions.CHECK_IN_REFUSED', params: { name, reason: answer.message } });
    }
    close(true);
    return null;
  } catch (failure) {
    if (failure instanceof ApiError && failure.status >= 200 && failure.status < 300) {
      notifications.showError(messageFromError(failure));
      close(true);
      return null;
    }
    return failure;
  }
}
