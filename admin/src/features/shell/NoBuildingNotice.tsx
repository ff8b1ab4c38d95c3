import { Alert } from '@mantine/core';
import { isTech, seesWholeCompany } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/index.ts';

/**
 * The notice for a user who sees only assigned buildings and has none: every list of
 * building data is empty for them (the server enforces it), so the reason is said on every page.
 */
export function NoBuildingNotice() {
  const { t } = useTranslation();
  const role = useSession((state) => state.user?.role);
  const noBuilding = useSession(
    (state) => state.tenant !== null && !state.tenantLoading && state.buildings.length === 0,
  );
  if (!role || seesWholeCompany(role) || isTech(role) || !noBuilding) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" role="status" data-testid="no-building-notice">
      {t('shell.noBuildingAssigned')}
    </Alert>
  );
}
