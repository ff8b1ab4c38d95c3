import type { ColumnType, Generated } from 'kysely';
import type { AnsweredQuestionnaire, BuildingCheckInForms, BuildingSettings, Role } from '@vestibule/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: Generated<Date>;
}

export interface TenantsTable {
  id: string;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  phone2: string | null;
  fax: string | null;
  country_code: string | null;
  email: string | null;
  active: Generated<boolean>;
  licences_count: Generated<number>;
  building_limit: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  tenant_id: string | null;
  username: string;
  password_hash: string;
  role: Role;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  city: string | null;
  country: string | null;
  user_locale: Generated<'en' | 'fr' | 'es'>;
  date_format: Generated<string>;
  time_format: Generated<string>;
  time_zone: string | null;
  favourite_building_id: string | null;
  verified: Generated<boolean>;
  verification_needed: Generated<boolean>;
  blocked: Generated<boolean>;
  selected_tenant_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  username_key: string;
  failed_at: Timestamp;
}

export interface LoginBlocksTable {
  username_key: string;
  blocked_until: Timestamp;
}

export interface SsoTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  impersonator_id: string | null;
  selected_tenant_id: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginKnownAddressesTable {
  username_key: string;
  address: string;
  last_success_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface BuildingsTable {
  id: string;
  tenant_id: string;
  name: string;
  external_id: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  state: string | null;
  country_code: string | null;
  phone: string | null;
  email: string | null;
  pin_code: string | null;
  qr_code_key: string;
  mobile_token: string | null;
  mobile_token_change_days: Generated<number>;
  mobile_token_next_refresh_at: Timestamp | null;
  check_in_logo_version: Generated<number>;
  devices_limit: Generated<number>;
  devices_ids: Generated<string>;
  devices_success_text: Generated<string>;
  devices_attention_text: Generated<string>;
  settings: ColumnType<BuildingSettings, string, string>;
  check_in_forms: ColumnType<BuildingCheckInForms, string, string>;
  /** Raised by triggers on every change a check-in reads (bigint: read as text). */
  config_version: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuildingLogosTable {
  building_id: string;
  file_name: string;
  content_type: string;
  content: Buffer;
  version: number;
  updated_at: Timestamp;
}

export interface CamerasTable {
  id: string;
  tenant_id: string;
  building_id: string;
  name: string;
  ip_address: string;
  auth_user: string | null;
  auth_password: string | null;
  camera_place: 'ENTRY' | 'EXIT' | 'ENTRY_EXIT';
  active: Generated<boolean>;
  simulated: Generated<boolean>;
  created_at: Timestamp;
}

export interface QuestionnairesTable {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuestionsTable {
  id: string;
  questionnaire_id: string;
  text: string;
  question_type: 'YESNO' | 'YESNONA' | 'FREEFORM';
  alert_answer: string | null;
  warning_answer: string | null;
  previous_question_id: string | null;
  previous_question_answer: string | null;
  sort_order: number;
  created_at: Timestamp;
}

export interface BuildingQuestionnairesTable {
  building_id: string;
  questionnaire_id: string;
  visitor_type: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE';
  kind: 'ENTRY' | 'EXIT';
  sort_order: number;
}

export interface MailOutboxTable {
  id: string;
  tenant_id: string | null;
  to_address: string;
  locale: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface VisitsTable {
  id: string;
  tenant_id: string;
  building_id: string;
  identifier: string;
  public_identifier: string;
  pin: string;
  visitor_type: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT';
  person_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  host: string | null;
  check_in_form: ColumnType<Record<string, string | boolean>, string | undefined, string>;
  scheduled_at: Timestamp | null;
  scheduled_duration: string | null;
  checked_in_at: Timestamp | null;
  checked_out_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  allowed: Generated<boolean>;
  refusal_reason: 'ALERT_ANSWER' | 'TEMPERATURE' | null;
  flagged: Generated<boolean>;
  temp_measure1: number | null;
  temp_measure2: number | null;
  comments: string | null;
  exit_temp_measure1: number | null;
  exit_temp_measure2: number | null;
  exit_comments: string | null;
  questionnaires_answers: ColumnType<AnsweredQuestionnaire[], string | undefined, string>;
  questionnaires_answered_at: Timestamp | null;
  exit_questionnaires_answers: ColumnType<AnsweredQuestionnaire[], string | undefined, string>;
  consent_accepted: Generated<boolean>;
  email_me: string | null;
  locale: Generated<string>;
  source: 'OWN_DEVICE' | 'KIOSK' | 'STAFF';
  device_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KioskDevicesTable {
  device_id: string;
  tenant_id: string;
  building_id: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  last_ip: string | null;
  app_version: string | null;
  config_version: string | null;
  pending_count: Generated<number>;
  clock_skew_ms: Generated<number>;
  clock_skew_flagged: Generated<boolean>;
  channel: Generated<'kiosk' | 'ownDevice'>;
  /** Enrolled kiosks: their name, the hash of their credential, when enrolled and revoked. */
  name: string | null;
  credential_hash: string | null;
  enrolled_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface KioskEnrolmentsTable {
  code_hash: string;
  tenant_id: string;
  building_id: string;
  name: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  device_id: string | null;
}

export interface AppliedMutationsTable {
  mutation_id: string;
  device_id: string;
  tenant_id: string;
  building_id: string;
  seq: number;
  type: 'checkIn' | 'checkOut';
  visit_id: string;
  outcome: 'applied' | 'rejected';
  error_code: string | null;
  payload: ColumnType<unknown, string, string>;
  occurred_at: Timestamp;
  received_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

export interface DeviceAlertsTable {
  id: string;
  device_id: string;
  kind: 'SEQ_GAP' | 'CLOCK_SKEW';
  details: string;
  created_at: Timestamp;
}

export interface Database {
  kiosk_devices: KioskDevicesTable;
  kiosk_enrolments: KioskEnrolmentsTable;
  applied_mutations: AppliedMutationsTable;
  device_alerts: DeviceAlertsTable;
  visits: VisitsTable;
  mail_outbox: MailOutboxTable;
  buildings: BuildingsTable;
  building_logos: BuildingLogosTable;
  cameras: CamerasTable;
  questionnaires: QuestionnairesTable;
  questions: QuestionsTable;
  building_questionnaires: BuildingQuestionnairesTable;
  app_settings: AppSettingsTable;
  tenants: TenantsTable;
  users: UsersTable;
  login_failures: LoginFailuresTable;
  login_blocks: LoginBlocksTable;
  sso_tokens: SsoTokensTable;
  sessions: SessionsTable;
  login_known_addresses: LoginKnownAddressesTable;
  rate_limits: RateLimitsTable;
}
