import type { BuildingReport } from '@vestibule/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/apiClient.ts';
import type { ReportFilters } from '../useReportFilters.ts';

export type BuildingReportState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; report: BuildingReport };

interface Answered {
  /** The question answered: buildings, period and attempt. */
  asked: string;
  state: Extract<BuildingReportState, { kind: 'failed' | 'ready' }>;
}

/**
 * The report of the chosen buildings and period, asked again when either changes or `reload` is
 * called; an answer to an earlier question is never shown for a later one. A period that cannot
 * be asked for (backwards, too long) asks nothing.
 */
export function useBuildingReport(filters: ReportFilters): { state: BuildingReportState; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const buildingIds = filters.buildingIds.join(',');
  const { from, to } = filters.period;
  const askable = buildingIds !== '' && filters.periodProblem === null;
  const asked = askable ? `${buildingIds}|${from}|${to}|${attempt}` : null;
  useEffect(() => {
    if (asked === null) return;
    let current = true;
    api.call('GET /reports/building', { query: { buildingIds, from, to } }).then(
      (report) => current && setAnswered({ asked, state: { kind: 'ready', report } }),
      (error: unknown) => current && setAnswered({ asked, state: { kind: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [asked, buildingIds, from, to]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const state: BuildingReportState =
    asked === null ? { kind: 'idle' } : answered?.asked === asked ? answered.state : { kind: 'loading' };
  return { state, reload };
}
