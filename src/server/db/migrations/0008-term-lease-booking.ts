/**
 * Term lease booking (issue 16): a term lease booking names the contract line it draws on, so the
 * line's booked quantity is a sum over its bookings (docs/decisions.md "Term lease booking (issue
 * 16)"). Bookings written before this column (the seed's TL orders) are matched to their line by the
 * order's contract and the booking's size, class and Extendable.
 */
export const statements: readonly string[] = [
  `alter table bookings add column equipment_line_id integer references term_lease_contract_lines`,
  `create index bookings_equipment_line_idx on bookings (equipment_line_id) where equipment_line_id is not null`,
];
