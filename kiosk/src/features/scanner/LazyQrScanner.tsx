import { Suspense, lazy } from 'react';
import { Loading } from '../../ui/Status.tsx';
import type { QrScannerProps } from './QrScanner.tsx';

// The scanner and @zxing/browser are a chunk of their own, loaded when a page shows the
// scanner (or earlier with preloadQrScanner): never in the first screen's JS.
const loadQrScanner = () => import('./QrScanner.tsx');
const QrScanner = lazy(() => loadQrScanner().then((module) => ({ default: module.QrScanner })));

/** Starts loading the scanner's code, e.g. when the screen that offers it appears. */
export function preloadQrScanner(): void {
  void loadQrScanner().catch(() => undefined);
}

/** `<QrScanner>` loaded on demand; a spinner while its code arrives. */
export function LazyQrScanner(props: QrScannerProps) {
  return (
    <Suspense fallback={<Loading />}>
      <QrScanner {...props} />
    </Suspense>
  );
}
