import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromError, notifications } from '../features/notifications/index.ts';

/**
 * A list row's deletion after a question. `ask` opens the question about an item; the answer
 * "delete" closes it, deletes the item (`remove`), says so and calls `removed` (the list follows);
 * a failure says why. `dialog` is what a ConfirmDialog needs besides its title, labels and text.
 */
export function useDeleteConfirm<T>(remove: (item: T) => Promise<unknown>, removed: () => void) {
  const { t } = useTranslation();
  const [item, setItem] = useState<T | null>(null);

  const confirm = async (target: T) => {
    setItem(null);
    try {
      await remove(target);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      removed();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  return {
    /** The item asked about, while the question is open. */
    item,
    ask: (next: T) => setItem(() => next),
    dialog: {
      opened: item !== null,
      cancelLabel: t('common.cancel'),
      danger: true,
      onConfirm: () => item !== null && void confirm(item),
      onCancel: () => setItem(null),
    },
  };
}
