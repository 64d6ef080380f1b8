/** The five demo users (ARCHITECTURE §6), a few staff users and a few dozen customer users. */
import { DIRECTORY_AUTH_PROVIDER, LOCAL_AUTH_PROVIDER } from '../../../domain/constants';
import type { UserRoleTable, UserTable } from '../types';
import type { CustomerRow } from './customers';
import { iso, type Rng, randomInstant } from './random';
import { ROLE_ID } from './roles';

export const DEMO_PASSWORD = 'Demo!2345';

export type UserRow = Omit<
  UserTable,
  'user_id' | 'created_at' | 'active' | 'reset_password' | 'locked_until' | 'last_login_at'
> & {
  user_id: number;
  created_at: string;
  last_login_at: Date | null;
};

interface DemoUser {
  user_name: string;
  first_name: string;
  last_name: string;
  auth_provider: string;
  customer_id: number | null;
  role_id: number;
}

/** ARCHITECTURE §6: tests outside the project sign in as these. Customers 1–3 are the demo customers. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    user_name: 'demo.customer',
    first_name: 'Casey',
    last_name: 'Customer',
    auth_provider: LOCAL_AUTH_PROVIDER,
    customer_id: 1,
    role_id: ROLE_ID.customerFull,
  },
  {
    user_name: 'demo.ssl',
    first_name: 'Sam',
    last_name: 'Shipping',
    auth_provider: LOCAL_AUTH_PROVIDER,
    customer_id: 2,
    role_id: ROLE_ID.steamshipLine,
  },
  {
    user_name: 'demo.staff',
    first_name: 'Dana',
    last_name: 'Staff',
    auth_provider: DIRECTORY_AUTH_PROVIDER,
    customer_id: null,
    role_id: ROLE_ID.staffAdmin,
  },
  {
    user_name: 'demo.readonly',
    first_name: 'Riley',
    last_name: 'Readonly',
    auth_provider: DIRECTORY_AUTH_PROVIDER,
    customer_id: null,
    role_id: ROLE_ID.staffReadOnly,
  },
  {
    user_name: 'demo.suspended',
    first_name: 'Sol',
    last_name: 'Suspended',
    auth_provider: LOCAL_AUTH_PROVIDER,
    customer_id: 3,
    role_id: ROLE_ID.customerFull,
  },
];
export const DEMO_STAFF_USER_ID = 3;

const FIRST = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Jamie',
  'Chris',
  'Pat',
  'Robin',
  'Drew',
  'Avery',
  'Quinn',
  'Reese',
  'Cameron',
  'Logan',
  'Hayden',
  'Parker',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Johnson',
  'Kowalski',
  'Okafor',
  'Rossi',
  'Murphy',
  'Chen',
  'Silva',
  'Brooks',
  'Hughes',
  'Ramirez',
  'Fischer',
  'Lindqvist',
  'Dubois',
];

export function buildUsers(
  rng: Rng,
  customers: readonly CustomerRow[],
  passwordHash: string,
): { users: UserRow[]; userRoles: UserRoleTable[] } {
  const users: UserRow[] = [];
  const userRoles: UserRoleTable[] = [];
  const names = new Set<string>();
  const add = (u: Omit<DemoUser, 'role_id'>, roleId: number, hash: string | null, domain: string) => {
    const user_id = users.length + 1;
    names.add(u.user_name);
    users.push({
      user_id,
      ...u,
      email: `${u.user_name}@${domain}`,
      phone: null,
      password_hash: hash,
      module_id_owned: 1,
      created_at: iso(randomInstant(rng, 400, 900)),
      last_login_at: hash ? null : randomInstant(rng, 0, 120),
    });
    userRoles.push({ user_id, role_id: roleId });
  };
  for (const { role_id, ...u } of DEMO_USERS) add(u, role_id, passwordHash, 'example.com');

  const staffNames = rng.sample(FIRST, 4);
  staffNames.forEach((first, i) => {
    const last = rng.pick(LAST);
    const user_name = `${first}.${last}`.toLowerCase();
    const u = {
      user_name,
      first_name: first,
      last_name: last,
      auth_provider: DIRECTORY_AUTH_PROVIDER,
      customer_id: null,
    };
    add(u, i < 2 ? ROLE_ID.staffAdmin : ROLE_ID.staffReadOnly, null, 'provider.example.com');
  });

  const withUsers = rng.sample(
    customers.filter((c) => c.customer_id > 3 && c.active),
    36,
  );
  for (const customer of withUsers) {
    let first = '';
    let last = '';
    let user_name = '';
    do {
      first = rng.pick(FIRST);
      last = rng.pick(LAST);
      user_name = `${first[0]}${last}.${customer.scac}`.toLowerCase();
    } while (names.has(user_name));
    const role = customer.customer_class === 'SSL' ? ROLE_ID.steamshipLine : ROLE_ID.customerFull;
    const domain = customer.email?.split('@')[1] ?? 'example.com';
    add(
      {
        user_name,
        first_name: first,
        last_name: last,
        auth_provider: LOCAL_AUTH_PROVIDER,
        customer_id: customer.customer_id,
      },
      role,
      null,
      domain,
    );
  }
  return { users, userRoles };
}
