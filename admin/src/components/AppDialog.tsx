import { Modal, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize | number;
  /** false for dialogs the user cannot dismiss (the loading dialog). */
  dismissible?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A modal dialog labelled by its title. Mantine draws the title bar as a <header>, which
 * assistive technologies (and axe) take for a second page banner: role="none" keeps the
 * page's toolbar the only banner.
 */
export function AppDialog({
  opened,
  onClose,
  title,
  size = 'md',
  dismissible = true,
  children,
  ...rest
}: AppDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      data-testid={rest['data-testid']}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          {dismissible && <Modal.CloseButton aria-label={t('common.close')} />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
