// A pushed batch's new visits, held until the batch writes them together (docs/kiosk.md, "The
// push"): the check-ins of a run of entries are judged one after the other as always, and their
// visits, mutation records and audit rows written in a few statements instead of a few each.
import type { MutationResult, VisitCodes } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { type AuditActor, type AuditEntry, auditEach } from '../audit/audit.service.ts';
import type { DeferredVisit, DeferredVisits } from '../checkin/checkin.service.ts';
import { type SamePerson, insertVisitsIfCurrent } from '../visits/openVisits.repo.ts';
import { takenVisitCodes } from '../visits/visits.repo.ts';
import { type MutationRecord, forgetMutation, recordAppliedMutations } from './sync.repo.ts';

/** What an applied entry tells its device besides "applied": a check-in's codes, the watchlist's word. */
export type AppliedEntry = Pick<MutationResult, 'codes' | 'watch'>;

interface PendingEntry {
  record: MutationRecord;
  /** Why the kiosk's photo was dropped, noted on the applied entry. */
  dropped: string | null;
  visit?: DeferredVisit;
  applied?: AppliedEntry;
  answer: (result: MutationResult) => void;
}

/** The ways `has_open_visit` matches a person, as keys: by person, by e-mail, by both names (no case). */
function keysOf(person: SamePerson): string[] {
  const { personId, email, firstName, lastName } = person;
  return [
    ...(personId ? [`p:${personId}`] : []),
    ...(email ? [`e:${email.toLowerCase()}`] : []),
    ...(firstName && lastName ? [`n:${lastName.toLowerCase()}\u0000${firstName.toLowerCase()}`] : []),
  ];
}

export interface PendingVisitsOptions {
  deviceId: string;
  /** The codes the batch's check-ins offer, read as taken or not in one query. */
  offered: readonly VisitCodes[];
  /** An entry whose visit the batch could not write (its person got in first, its building changed): applied alone. */
  applyAlone: (record: MutationRecord) => Promise<MutationResult>;
  /** An entry another delivery recorded first: its recorded outcome. */
  recorded: (record: MutationRecord) => Promise<MutationResult>;
}

export class PendingVisits {
  private entries: PendingEntry[] = [];
  /** The open-visit keys of the visits held (one person twice: the later is already in). */
  private readonly inside = new Set<string>();
  private taken = new Set<string>();

  private readonly db: Db;
  private readonly options: PendingVisitsOptions;

  private constructor(db: Db, options: PendingVisitsOptions) {
    this.db = db;
    this.options = options;
  }

  static async open(db: Db, options: PendingVisitsOptions): Promise<PendingVisits> {
    const pending = new PendingVisits(db, options);
    pending.taken = await takenVisitCodes(
      db,
      options.offered.map((codes) => codes.identifier),
      options.offered.map((codes) => codes.publicIdentifier),
    );
    return pending;
  }

  /**
   * The deferral an entry's check-in writes through, and the entry held until the flush, which
   * answers it. Held when the check-in succeeds (`hold`), dropped when it is refused.
   */
  entry(record: MutationRecord, dropped: string | null, answer: (result: MutationResult) => void) {
    const entry: PendingEntry = { record, dropped, answer };
    const deferred: DeferredVisits = {
      codesTaken: (codes) => this.taken.has(codes.identifier) || this.taken.has(codes.publicIdentifier),
      personIn: (person) => keysOf(person).some((key) => this.inside.has(key)),
      add: (visit) => {
        entry.visit = visit;
        const { row, guard } = visit;
        for (const code of [row.identifier, row.public_identifier]) if (code) this.taken.add(code);
        if (row.checked_in_at != null && row.checked_out_at == null)
          for (const key of keysOf(guard.person)) this.inside.add(key);
      },
    };
    const hold = (applied: AppliedEntry | undefined) => {
      if (applied) entry.applied = applied;
      this.entries.push(entry);
    };
    return { deferred, hold };
  }

  /**
   * Writes what is held: the mutation records (one another delivery recorded first answers its
   * outcome), the visits that still hold a check-in's rules, what goes with each, and the audit
   * rows; an entry whose visit did not hold is taken back and applied alone, judged again.
   */
  async flush(): Promise<void> {
    const entries = this.entries;
    this.entries = [];
    this.inside.clear();
    if (entries.length === 0) return;
    const mine = await recordAppliedMutations(
      this.db,
      entries.map(({ record, dropped }) => ({ record, errorCode: dropped })),
    );
    const visits = entries.flatMap(({ record, visit }) => (visit && mine.has(record.mutationId) ? [visit] : []));
    const written = await insertVisitsIfCurrent(this.db, visits);
    const audits: { actor: AuditActor; entry: AuditEntry }[] = [];
    for (const { record, visit, applied, answer } of entries) {
      if (!mine.has(record.mutationId)) answer(await this.options.recorded(record));
      else if (visit && !written.has(visit.row.id)) {
        await forgetMutation(this.db, this.options.deviceId, record.mutationId);
        answer(await this.options.applyAlone(record));
      } else {
        if (visit) await visit.alongside(this.db);
        if (visit?.audit) audits.push(visit.audit);
        answer({ mutationId: record.mutationId, status: 'applied', outcome: 'applied', ...applied });
      }
    }
    await auditEach(this.db, audits);
  }
}
