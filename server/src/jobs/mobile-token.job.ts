import type { Db } from '../db/database.ts';
import { rotateDueMobileTokens } from '../modules/buildings/buildings.repo.ts';

/** Job: mobile tokens whose refresh is due get a new value (see rotateDueMobileTokens). */
export function refreshDueMobileTokens(db: Db): Promise<number> {
  return rotateDueMobileTokens(db);
}
