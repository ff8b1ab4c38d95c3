import type { RollCallReason, RollCallStatus } from '@vestibule/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { type KioskRollCall, commitRollCall, kioskRollCall, refreshRollCall } from '../../offline/rollCall.ts';
import type { SyncRunner } from '../../offline/runtime.ts';

// The building's roll call on the staff screen (docs/kiosk.md, "The roll call on a kiosk"): what
// the device knows (the server's roll call as last read, with this kiosk's own marks over it),
// drawn again as either changes. While the screen is shown and the kiosk online, every warden's
// marks are read every few seconds; a warden's action here is committed on the device first,
// then pushed.

/** How often the other wardens' marks are read while the screen is shown. */
const READ_EVERY_MS = 4000;

export interface KioskRollCallActions {
  view: KioskRollCall | undefined;
  start: (reason: RollCallReason) => Promise<void>;
  mark: (visitId: string, status: RollCallStatus | null) => Promise<void>;
  end: () => Promise<void>;
}

export function useKioskRollCall(runner: SyncRunner, online: boolean): KioskRollCallActions {
  const { db, qrCodeKey } = runner;
  const view = useLiveQuery(() => kioskRollCall(db, qrCodeKey), [db, qrCodeKey]);

  useEffect(() => {
    if (!online) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      // Unreachable for a moment: the screen goes on with what the device knows.
      await refreshRollCall(db, qrCodeKey, runner.client).catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void read(), READ_EVERY_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [db, qrCodeKey, runner, online]);

  /** Commits on the device (the screen follows at once), pushes, then reads every warden's marks. */
  const act = async (action: Parameters<typeof commitRollCall>[2]) => {
    await commitRollCall(db, qrCodeKey, action);
    await runner.request();
    if (runner.getSnapshot().failures === 0) await refreshRollCall(db, qrCodeKey, runner.client).catch(() => undefined);
  };

  const running = view?.running ?? null;
  return {
    view,
    start: (reason) => act({ action: 'start', reason }),
    mark: async (visitId, status) => {
      if (running) await act({ action: 'mark', rollCallId: running.id, visitId, status });
    },
    end: async () => {
      if (running) await act({ action: 'end', rollCallId: running.id });
    },
  };
}
