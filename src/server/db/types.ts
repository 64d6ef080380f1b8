/** Kysely's view of the schema created by migrations/. docs/data-model.md explains each table. */
import type { ColumnType, Generated } from 'kysely';
import type {
  AccessRequestTable,
  AccountSettingsTable,
  ApiKeyTable,
  AppSecretTable,
  AuditLogTable,
  MailOutboxTable,
  PasswordResetTokenTable,
  RateLimitBucketTable,
  RateLimitEventTable,
  RevokedTokenTable,
  RolePermissionTable,
  RoleTable,
  SignInFailureTable,
  UserRoleTable,
  UserTable,
  WebhookDeliveryTable,
  WebhookSubscriptionTable,
} from './types-access';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A column added later with no default: optional on insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface MarketTable {
  market_code: string;
  market_name: string;
}

export interface LocationTable {
  location_id: number;
  location_name: string;
  street1: string;
  street2: string | null;
  street3: string | null;
  city: string;
  state_province: string;
  zip_code: string;
  market_code: string;
  operating_hours: string;
  location_type: 'RAIL_RAMP' | 'DEPOT' | 'PORT_BAY';
  is_cgi: boolean;
  is_gobo: boolean;
  pool_booking_allowed: boolean;
  daily_lease_allowed: boolean;
  active: Generated<boolean>;
}

export interface CodeNameTable {
  code: string;
  name: string;
}

/** An order type with the traits SQL reads (migration 0072; written from src/domain/booking-type-facts.ts). */
export interface BookingOrderTypeTable extends CodeNameTable {
  redelivery: Generated<boolean>;
  on_dashboard: Generated<boolean>;
  /** The location flag of the yards its open bookings draw on; null: it draws on no pool (0074). */
  pool_yards: string | null;
}

export interface CustomerTable {
  customer_id: Generated<number>;
  customer_name: string;
  scac: string;
  customer_class: string;
  good_standing: Generated<boolean>;
  active: Generated<boolean>;
  email: string | null;
  phone: string | null;
  created_at: CreatedAt;
  /** Issue 27: whether the customer may make pool bookings (migration 0031). */
  pool_booking_allowed: Generated<boolean>;
}

export interface InventoryOrgTable {
  inventory_org_code: string;
  description: string;
  hierarchy_code: string;
  trac_managed: boolean;
  org_type: 'Pool' | 'Term Lease' | 'Co-op Pool' | 'Private';
  co_op_pool: boolean;
}

export interface InventoryOrgLocationTable {
  inventory_org_code: string;
  location_id: number;
}

export interface EquipmentCategoryTable {
  equipment_category_code: string;
  description: string;
  equipment_type: string;
  equipment_size: string | null;
}

export interface ChassisTable {
  chassis_master_id: Generated<number>;
  chassis_id: string;
  equipment_category_code: string;
  equipment_class_code: string;
  extendable: boolean;
  inventory_org_code: string;
  location_id: number | null;
  on_hire_customer_id: number | null;
  contract_id: number | null;
  status: 'AVAILABLE' | 'ON_HIRE' | 'OUT_OF_SERVICE';
  manufactured_year: number;
  updated_at: Timestamp;
  /** Issue 31 (migration 0060): since when, from which booking and where the chassis went on hire. */
  on_hire_since: Optional<Date | string>;
  on_hire_booking_id: Optional<number>;
  on_hire_location_id: Optional<number>;
  /** The time of its last gate event: an older event is recorded, never applied. */
  last_gate_at: Optional<Date | string>;
}

export interface TermLeaseContractTable {
  contract_id: Generated<number>;
  contract_number: string;
  customer_id: number;
  inventory_org_code: string;
  effective_date: ColumnType<Date, Date | string, Date | string>;
  effective_to: ColumnType<Date, Date | string, Date | string>;
  swaps_allowed: boolean;
  direct_finance_lease: boolean;
  purchase_option: boolean;
  min_quantity: number;
  min_rental_days: number;
  status: 'ACTIVE' | 'EXPIRED' | 'TERMINATED';
}

export interface TermLeaseContractLineTable {
  equipment_line_id: Generated<number>;
  contract_id: number;
  equipment_category_code: string;
  equipment_class_code: string;
  extendable: boolean;
  market_code: string;
  quantity: number;
  daily_rate: number;
  additional_on_hire_allowed: boolean;
}

export interface BookingOrderTable {
  booking_order_id: Generated<number>;
  booking_order_type_code: string;
  customer_id: number;
  responsible_party_id: number | null;
  motor_carrier_id: number | null;
  market_code: string | null;
  contract_id: number | null;
  status_code: string | null;
  contact_name: string | null;
  email_addresses: string | null;
  send_external_notification: Generated<boolean>;
  booking_comment: string | null;
  idempotency_key: string | null;
  /** sha256 of the request that booked the order: a key replays only the same request (migration 0010). */
  request_fingerprint: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_by: number | null;
  updated_at: Timestamp;
  /** Compare-and-set of edits: bumped by every change of the order (migration 0005). */
  version: Generated<number>;
  /** The order type's own header fields (reposition: origin, org, reason…), as the order document's Details. */
  details: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface BookingTable {
  booking_id: Generated<number>;
  booking_order_id: number;
  /** Null while the booking is pending: numbers are given when staff accept it (migration 0002). */
  booking_code: string | null;
  location_id: number;
  to_location_id: number | null;
  equipment_category_code: string;
  equipment_class_code: string | null;
  extendable: Generated<boolean>;
  units_requested_count: number;
  units_fulfilled_count: Generated<number>;
  status_code: string;
  rail_terminal_release_number: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Reposition: the motor carrier that moves this destination's units (migration 0005). */
  motor_carrier_id: Generated<number | null>;
  booking_comment: Generated<string | null>;
  with_redelivery: Generated<boolean>;
  redelivery_requested_count: Generated<number>;
  /** Term lease: the contract line the booking draws on (migration 0008). */
  equipment_line_id: Generated<number | null>;
}

/**
 * The dashboard's read model (migrations 0016, 0022): a booking of a dashboard order, once
 * for each party that may see it (0: staff), kept by triggers on bookings and booking_orders. Read only.
 */
export interface DashboardRowTable {
  party_id: number;
  booking_id: number;
  booking_order_id: number;
  booking_order_type_code: string;
  /** As the dashboard shows it: null while the order is New. */
  status_code: string | null;
  customer_id: number;
  market_code: string | null;
  location_id: number;
  equipment_category_code: string;
  created_at: Date;
  updated_at: Date;
  /** What a row shows of its booking, and what the edit rule reads of its order (migration 0022). */
  booking_code: string | null;
  units_requested_count: number;
  order_status_code: string | null;
  booking_statuses: string[];
}

export interface BookingChassisTable {
  booking_id: number;
  chassis_master_id: number;
}

export interface FeeTable {
  fee_id: Generated<number>;
  fee_code: string;
  description: string;
  amount: number;
  location_id: number | null;
  booking_order_type_code: string | null;
}

export interface BookingOrderFeeTable {
  long_term_order_fee_id: Generated<number>;
  booking_order_id: number;
  fee_id: number;
  location_id: number | null;
  fee_amount: number;
  cancelled: Generated<boolean>;
  locked_for_edit: Generated<boolean>;
}

export interface InternalReservationTable {
  reservation_id: Generated<number>;
  inventory_org_code: string;
  location_id: number;
  equipment_category_code: string;
  equipment_class_code: string;
  extendable: boolean;
  reserved_quantity: number;
  customer_bookings_allowed: boolean;
  reason_code: string | null;
  reservation_comment: string | null;
  comment_user: string | null;
  comment_date: Date | null;
  modified_by: string | null;
  last_modified: Timestamp;
}

/** A yard count staff recorded (manual inventory, migration 0007); the unit lists are chassis IDs. */
export interface ManualInventoryOrderTable {
  mi_order_id: Generated<number>;
  inventory_org_code: string;
  location_id: number;
  equipment_category_code: string;
  equipment_class_code: string;
  system_count: number;
  counted_count: number;
  reason_code: string;
  comment: string | null;
  units_out_of_service: ColumnType<string[], string, string>;
  units_returned: ColumnType<string[], string, string>;
  units_added: ColumnType<string[], string, string>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface PendingRequestTable {
  pending_request_id: Generated<number>;
  booking_order_id: number;
  request_type_code: string;
  pending_reason_code: string;
  status: 'PENDING' | 'VALIDATED' | 'ACCEPTED' | 'REJECTED';
  failure_code: string | null;
  validated_by: number | null;
  validated_at: Date | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: CreatedAt;
  // Optional: rows written before migration 0006 (the seed's) carry neither.
  /** The checks of the last validation, each with its verdict and message (migration 0006). */
  validation_checks?: unknown;
  /** Why staff rejected the request; the customer is told (migration 0006). */
  decision_reason?: string | null;
}

export interface ReasonTable {
  reason_code: string;
  reason_kind: 'REPOSITION' | 'PENDING' | 'POOL_REDELIVERY' | 'INTERNAL_RESERVATION';
  description: string;
}

export interface WeeklyThresholdTable {
  threshold_id: Generated<number>;
  customer_id: number;
  market_code: string | null;
  equipment_category_code: string | null;
  weekly_limit: number;
  modified_by: number | null;
  modified_at: Timestamp;
}

/** Issue 31: a gate event received from a terminal or depot (migration 0060). */
export interface GateEventTable {
  gate_event_id: Generated<number>;
  chassis_id: string;
  kind: 'OUT' | 'IN';
  location_id: number;
  event_time: Timestamp;
  booking_code: string | null;
  scac: string | null;
  chassis_master_id: number | null;
  outcome: 'APPLIED' | 'STALE' | 'EXCEPTION';
  reason: string | null;
  booking_id: number | null;
  api_key_id: number | null;
  received_at: CreatedAt;
  /** Set when staff must look at it: OPEN until resolved or dismissed. */
  review_status: 'OPEN' | 'RESOLVED' | 'DISMISSED' | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  review_note: string | null;
}

// The people, access, webhook and mail tables are declared there; callers import them from here.
export type * from './types-access';

export interface Database {
  mail_outbox: MailOutboxTable;
  markets: MarketTable;
  locations: LocationTable;
  customer_classes: CodeNameTable;
  customers: CustomerTable;
  inventory_orgs: InventoryOrgTable;
  inventory_org_locations: InventoryOrgLocationTable;
  equipment_categories: EquipmentCategoryTable;
  equipment_classes: CodeNameTable;
  chassis: ChassisTable;
  term_lease_contracts: TermLeaseContractTable;
  term_lease_contract_lines: TermLeaseContractLineTable;
  booking_statuses: CodeNameTable;
  booking_order_types: BookingOrderTypeTable;
  booking_orders: BookingOrderTable;
  bookings: BookingTable;
  dashboard_rows: DashboardRowTable;
  booking_chassis: BookingChassisTable;
  fees: FeeTable;
  booking_order_fees: BookingOrderFeeTable;
  internal_reservations: InternalReservationTable;
  manual_inventory_orders: ManualInventoryOrderTable;
  pending_request_types: CodeNameTable;
  pending_request_failures: CodeNameTable;
  pending_requests: PendingRequestTable;
  reasons: ReasonTable;
  weekly_thresholds: WeeklyThresholdTable;
  users: UserTable;
  roles: RoleTable;
  role_permissions: RolePermissionTable;
  user_roles: UserRoleTable;
  revoked_tokens: RevokedTokenTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeyTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  gate_events: GateEventTable;
  app_secrets: AppSecretTable;
  access_requests: AccessRequestTable;
  password_reset_tokens: PasswordResetTokenTable;
  account_settings: AccountSettingsTable;
  rate_limit_events: RateLimitEventTable;
  rate_limit_buckets: RateLimitBucketTable;
  sign_in_failures: SignInFailureTable;
}
