import { type Building, newBuildingCheckInForms, newBuildingSettings, withFormRules } from '@vestibule/shared';
import type {
  BuildingRow,
  LinkedVisitorType,
  QuestionnaireKind,
  listBuildingQuestionnaireLinks,
} from './buildings.repo.ts';

type Link = Awaited<ReturnType<typeof listBuildingQuestionnaireLinks>>[number];

export function questionnaireLists(
  links: readonly Link[],
  kind: QuestionnaireKind,
): Record<LinkedVisitorType, string[]> {
  const lists: Record<LinkedVisitorType, string[]> = { VISITOR: [], CONTRACTOR: [], EMPLOYEE: [] };
  for (const link of [...links].filter((l) => l.kind === kind).sort((a, b) => a.sort_order - b.sort_order)) {
    lists[link.visitor_type].push(link.questionnaire_id);
  }
  return lists;
}

/** The entry or the exit lists of a building, in the one shape both calls answer. */
export function questionnaireListsDto(links: readonly Link[], kind: QuestionnaireKind) {
  const lists = questionnaireLists(links, kind);
  return {
    visitorQuestionnaires: lists.VISITOR,
    contractorQuestionnaires: lists.CONTRACTOR,
    employeeQuestionnaires: lists.EMPLOYEE,
  };
}

/** The building's own fields: the entry lists and the exit lists side by side. */
function buildingListsDto(links: readonly Link[]) {
  const exit = questionnaireLists(links, 'EXIT');
  return {
    ...questionnaireListsDto(links, 'ENTRY'),
    visitorExitQuestionnaires: exit.VISITOR,
    contractorExitQuestionnaires: exit.CONTRACTOR,
    employeeExitQuestionnaires: exit.EMPLOYEE,
  };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The API shape of a building. Settings and forms fall back to the defaults when absent. */
export function toBuilding(row: BuildingRow, links: readonly Link[]): Building {
  const forms = row.check_in_forms ?? newBuildingCheckInForms();
  return {
    id: row.id,
    createdAt: iso(row.created_at) ?? '',
    updatedAt: iso(row.updated_at) ?? '',
    tenant: { id: row.tenant_id, name: row.tenant_name },
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    state: row.state,
    countryCode: row.country_code,
    phone: row.phone,
    email: row.email,
    externalId: row.external_id,
    pinCode: row.pin_code,
    qrCodeKey: row.qr_code_key,
    mobileToken: row.mobile_token,
    mobileTokenChangeDays: row.mobile_token_change_days,
    mobileTokenNextRefreshAt: iso(row.mobile_token_next_refresh_at),
    checkInLogoFileName: row.logo_file_name,
    checkInLogoVersion: row.check_in_logo_version,
    devicesLimit: row.devices_limit,
    devicesIds: row.devices_ids,
    devicesSuccessText: row.devices_success_text,
    devicesAttentionText: row.devices_attention_text,
    // As the product's rules hold them (a form stored before a lock existed shows the lock).
    visitorCheckInForm: withFormRules(forms.visitorCheckInForm),
    contractorCheckInForm: withFormRules(forms.contractorCheckInForm),
    employeeCheckInForm: withFormRules(forms.employeeCheckInForm),
    ...buildingListsDto(links),
    ...newBuildingSettings(),
    ...(row.settings ?? {}),
  };
}
