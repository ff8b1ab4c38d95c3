import type { ShownPrivacyNotice } from '@vestibule/shared';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../app/apiClient.ts';

// The markdown renderer comes with the dialog, when a visitor opens it: not with the first screen.
const PrivacyNoticeDialog = lazy(() =>
  import('./PrivacyNoticeDialog.tsx').then((module) => ({ default: module.PrivacyNoticeDialog })),
);

/**
 * The company's privacy notice at the foot of every visitor page (docs/privacy.md, "The privacy
 * notice"): the one a page was given (a kiosk's cached configuration, offline too; null: none),
 * else the building's, asked of the server. Nothing shows when there is none.
 */
export function PrivacyNoticeLink({
  buildingId,
  notice: given,
}: {
  buildingId: string | undefined;
  notice: ShownPrivacyNotice | null | undefined;
}) {
  const { t } = useTranslation('publicVisit');
  const [fetched, setFetched] = useState<ShownPrivacyNotice | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (given !== undefined || buildingId === undefined) return undefined;
    const controller = new AbortController();
    apiClient.call('GET /privacyNotice/:id', { params: { id: buildingId }, signal: controller.signal }).then(
      (answer) => setFetched({ version: answer.version, body: answer.body }),
      () => undefined,
    );
    return () => controller.abort();
  }, [given, buildingId]);
  const notice = given === undefined ? fetched : given;
  if (!notice) return null;
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('privacyNotice.link')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PrivacyNoticeDialog notice={notice} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
