/**
 * Indexes for the bookings dashboard (issue 4): a page of rows comes newest first from bookings'
 * own creation time, a customer sees the orders of every party they play (customer, responsible
 * party, motor carrier), and a booking number is searched by its beginning.
 */
export const statements: readonly string[] = [
  `create index bookings_created_idx on bookings (created_at desc, booking_id desc)`,
  `create index bookings_status_created_idx on bookings (status_code, created_at desc, booking_id desc)`,
  `create index bookings_location_created_idx on bookings (location_id, created_at desc, booking_id desc)`,
  `create index bookings_code_prefix_idx on bookings (booking_code text_pattern_ops)`,
  `create index booking_orders_responsible_idx on booking_orders (responsible_party_id, created_at desc)
     where responsible_party_id is not null`,
  `create index booking_orders_carrier_idx on booking_orders (motor_carrier_id, created_at desc)
     where motor_carrier_id is not null`,
  `create index booking_orders_updated_idx on booking_orders (updated_at desc)`,
  `create index booking_chassis_chassis_idx on booking_chassis (chassis_master_id)`,
];
