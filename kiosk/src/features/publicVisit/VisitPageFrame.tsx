import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Loading } from '../../ui/Status.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import type { Loaded } from '../../ui/useLoad.ts';
import { useBuildingLanguage } from '../checkin/index.ts';
import type { PublicVisit } from './publicVisit.api.ts';
import { Unavailable } from './Unavailable.tsx';
import { VisitDetails } from './VisitDetails.tsx';
import './visitPage.css';

interface VisitPageFrameProps<T extends PublicVisit> {
  title: string;
  /** The error modal's header when the visit cannot be shown. */
  unavailableTitle: string;
  page: Loaded<T> & { retry: () => void };
  children: (visit: T) => ReactNode;
}

/** A visit page: the building's frame, the page's heading, the visit, then the page's own part. */
export function VisitPageFrame<T extends PublicVisit>({
  title,
  unavailableTitle,
  page,
  children,
}: VisitPageFrameProps<T>) {
  const { t } = useTranslation('publicVisit');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const visit = page.status === 'ready' ? page.data : null;
  // A visitor's own phone: their saved or browser language first, else the building's.
  useBuildingLanguage(visit?.building.defaultLocale ?? null, false);
  return (
    <PageFrame building={visit?.building} title={title}>
      <section className="screen" aria-labelledby="visit-page-heading" aria-busy={page.status === 'loading'}>
        <h1 id="visit-page-heading" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {page.status === 'loading' && <Loading label={t('loading')} />}
        {page.status === 'error' && <Unavailable title={unavailableTitle} error={page.error} onRetry={page.retry} />}
        {visit && (
          <>
            <VisitDetails visit={visit} />
            {children(visit)}
          </>
        )}
      </section>
    </PageFrame>
  );
}
