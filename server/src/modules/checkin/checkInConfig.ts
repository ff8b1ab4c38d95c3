// What a check-in reads of its building, kept in memory: the building's row by its link key and
// its entry questionnaires per person type, as of the building's configuration version. Nothing
// tells an instance when another one (or a job, or SQL typed by hand) changes a building: the
// visit is written only while the version it was judged by is still the building's, in the same
// statement (`insertVisitIfCurrent`), and a refused write drops the entry and reads again. So a
// stale entry costs one retry, never a visit judged by an old questionnaire.
import type { WizardDocument, WizardQuestionnaire, WizardVisitorType } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';
import { type KeyedBuilding, configVersionOf, findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { documentsToSign } from '../documents/signatures.service.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';

type EntryType = 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT';

interface Entry {
  building: Promise<KeyedBuilding | undefined>;
  questionnaires: Map<EntryType, Promise<WizardQuestionnaire[]>>;
  /** The documents each person type signs (docs/check-in.md, "Signed documents"). */
  documents: Map<WizardVisitorType, Promise<WizardDocument[]>>;
}

/** Buildings kept at most (the least recently used is dropped first). */
const DEFAULT_LIMIT = 5_000;

export class CheckInConfigCache {
  readonly #entries = new Map<string, Entry>();
  readonly #limit: number;

  constructor(limit = DEFAULT_LIMIT) {
    this.#limit = limit;
  }

  /** The building of a link key (an unknown key is not kept: it would let anyone fill memory). */
  building(db: Db, qrCodeKey: string): Promise<KeyedBuilding | undefined> {
    return this.#entry(db, qrCodeKey).building;
  }

  /** The building's entry questionnaires for a person type, read with the building's version. */
  entryQuestionnaires(db: Db, building: KeyedBuilding, visitorType: EntryType): Promise<WizardQuestionnaire[]> {
    const entry = this.#entries.get(building.qr_code_key);
    const load = () => linkedQuestionnaires(db, building.id, 'ENTRY', visitorType);
    if (!entry) return load();
    let questionnaires = entry.questionnaires.get(visitorType);
    if (!questionnaires) {
      questionnaires = load();
      entry.questionnaires.set(visitorType, questionnaires);
      questionnaires.catch(() => entry.questionnaires.delete(visitorType));
    }
    return questionnaires;
  }

  /**
   * The documents a person type signs at the building, read with the building's version (a change
   * to a document or a new version raises it, so a stale list costs one retry like a questionnaire).
   */
  documents(db: Db, building: KeyedBuilding, visitorType: WizardVisitorType): Promise<WizardDocument[]> {
    const entry = this.#entries.get(building.qr_code_key);
    const load = () => documentsToSign(db, building.id, visitorType);
    if (!entry) return load();
    let documents = entry.documents.get(visitorType);
    if (!documents) {
      documents = load();
      entry.documents.set(visitorType, documents);
      documents.catch(() => entry.documents.delete(visitorType));
    }
    return documents;
  }

  /** Whether the building kept for a link key has changed in the database since it was read. */
  async isStale(db: Db, qrCodeKey: string): Promise<boolean> {
    const kept = await this.#entries.get(qrCodeKey)?.building.catch(() => undefined);
    if (!kept) return false;
    return (await configVersionOf(db, kept.id)) !== kept.config_version;
  }

  /** Forgets a building (its configuration changed since it was read). */
  drop(qrCodeKey: string): void {
    this.#entries.delete(qrCodeKey);
  }

  #entry(db: Db, qrCodeKey: string): Entry {
    const kept = this.#entries.get(qrCodeKey);
    if (kept) {
      // Most recently used last: the first key is the one to drop when full.
      this.#entries.delete(qrCodeKey);
      this.#entries.set(qrCodeKey, kept);
      return kept;
    }
    const entry: Entry = {
      building: findBuildingByKey(db, qrCodeKey),
      questionnaires: new Map(),
      documents: new Map(),
    };
    this.#entries.set(qrCodeKey, entry);
    entry.building.then(
      (building) => {
        if (!building && this.#entries.get(qrCodeKey) === entry) this.#entries.delete(qrCodeKey);
      },
      () => {
        if (this.#entries.get(qrCodeKey) === entry) this.#entries.delete(qrCodeKey);
      },
    );
    if (this.#entries.size > this.#limit) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry;
  }
}
