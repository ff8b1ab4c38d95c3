import type { BuildingReport } from '@vestibule/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/apiClient.ts';
import type { ReportFilters } from '../useReportFilters.ts';

export type BuildingReportState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; report: BuildingReport };

/**
 * The report of the chosen buildings and period, asked again when either changes; an older answer
 * never replaces a newer one. A period that cannot be asked for (backwards, too long) asks nothing.
 */
export function useBuildingReport(filters: ReportFilters): { state: BuildingReportState; reload: () => void } {
  const [state, setState] = useState<BuildingReportState>({ kind: 'idle' });
  const latest = useRef(0);
  const buildingIds = filters.buildingIds.join(',');
  const { from, to } = filters.period;
  const askable = buildingIds !== '' && filters.periodProblem === null;
  const reload = useCallback(() => {
    const request = ++latest.current;
    if (!askable) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'loading' });
    api.call('GET /reports/building', { query: { buildingIds, from, to } }).then(
      (report) => {
        if (request === latest.current) setState({ kind: 'ready', report });
      },
      (error: unknown) => {
        if (request === latest.current) setState({ kind: 'failed', error });
      },
    );
  }, [askable, buildingIds, from, to]);
  useEffect(reload, [reload]);
  return { state, reload };
}
