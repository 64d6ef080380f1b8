/**
 * Directory sign-in against a real LDAP server: Debian's slapd, started here with a throwaway
 * configuration (mdb backend, one base DN, staff loaded with slapadd) on a free loopback port,
 * and stopped afterwards. CI installs slapd (.ci/run); without it the suite is skipped, saying so.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN_TEXT } from '../../src/domain/messages';
import { ENTITIES } from '../../src/domain/permissions';
import { DIRECTORY_UNAVAILABLE_TEXT } from '../../src/server/auth/directory';
import { DIRECTORY_PASSWORD_TEXT } from '../../src/server/domain/password-change';
import { databaseKinds } from '../helpers/database';
import { bearer, DEMO_PASSWORD, decodeClaims, startTestApp, type TestApp } from '../helpers/test-app';
import { until } from '../helpers/until';
import { outboxMailsTo, removeDir, tempDataDir, waitForOutbox } from './account-helpers';

const SLAPD = ['/usr/sbin/slapd', '/usr/local/sbin/slapd'].find((p) => existsSync(p));
const SLAPADD = SLAPD ? join(SLAPD, '..', 'slapadd') : undefined;
const SKIP_REASON = SLAPD
  ? ''
  : ' (skipped: Debian slapd is not installed; apt-get install slapd ldap-utils)';

const BASE = 'dc=example,dc=com';
const PEOPLE = `ou=people,${BASE}`;
const STAFF_PASSWORD = 'Directory!Staff42';
const READONLY_PASSWORD = 'Directory!Read42';

/** {SSHA}: SHA-1 of password + salt, then the salt, base64 (what slappasswd writes). */
function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  return until(
    async () => {
      if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}:\n${log()}`);
      return new Promise<boolean>((resolve) => {
        const socket = createConnection({ host: '127.0.0.1', port }, () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    },
    { what: () => `slapd to listen on ${port}:\n${log()}`, timeoutMs: 10_000 },
  );
}

interface Slapd {
  url: string;
  stop(): Promise<void>;
}

/** slapd with a slapd.conf (-f) in a temp dir: core, cosine and inetOrgPerson schemas, one mdb database. */
async function startSlapd(): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'brr-slapd-'));
  mkdirSync(join(dir, 'db'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      `suffix "${BASE}"`,
      `rootdn "cn=admin,${BASE}"`,
      `directory ${join(dir, 'db')}`,
      'maxsize 10485760',
      // Passwords only for binding; everything else readable, so the search mode works anonymously.
      'access to attrs=userPassword by anonymous auth by self write by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const person = (uid: string, ou: string, cn: string, sn: string, password: string) =>
    [
      `dn: uid=${uid},${ou}`,
      'objectClass: inetOrgPerson',
      `uid: ${uid}`,
      `cn: ${cn}`,
      `sn: ${sn}`,
      `userPassword: ${ssha(password)}`,
      '',
    ].join('\n');
  const ldif = join(dir, 'data.ldif');
  writeFileSync(
    ldif,
    [
      [
        `dn: ${BASE}`,
        'objectClass: dcObject',
        'objectClass: organization',
        'o: Example',
        'dc: example',
        '',
      ].join('\n'),
      [`dn: ${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people', ''].join('\n'),
      [`dn: ou=readers,${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: readers', ''].join('\n'),
      person('demo.staff', PEOPLE, 'Dana Staff', 'Staff', STAFF_PASSWORD),
      // Deeper than the bind DN template reaches: only the search mode finds this one.
      person('demo.readonly', `ou=readers,${PEOPLE}`, 'Riley Readonly', 'Readonly', READONLY_PASSWORD),
    ].join('\n'),
  );
  execFileSync(SLAPADD as string, ['-f', conf, '-l', ldif], { stdio: 'pipe' });
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0 keeps slapd in the foreground, so it is our child and stops with us.
  const child = spawn(SLAPD as string, ['-f', conf, '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForPort(port, child, () => output);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Skip reason: Debian's slapd is not installed (its name then says so); .ci/run installs it.
describe.skipIf(!SLAPD)(`directory sign-in with a real slapd${SKIP_REASON}`, () => {
  let slapd: Slapd;
  beforeAll(async () => {
    slapd = await startSlapd();
  });
  afterAll(() => slapd?.stop());

  describe.each(databaseKinds)('on %s', (kind) => {
    let t: TestApp;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = tempDataDir();
      t = await startTestApp(kind, {
        DATA_DIR: dataDir,
        DIRECTORY_URL: slapd.url,
        DIRECTORY_BIND_DN: `uid={user},${PEOPLE}`,
        DIRECTORY_SEARCH_BASE: PEOPLE,
      });
    });
    afterAll(async () => {
      await t.close();
      removeDir(dataDir);
    });

    it('signs staff in with the directory password, as the directory provider with staff claims', async () => {
      const res = await t.login('demo.staff', STAFF_PASSWORD);
      expect(res.statusCode).toBe(200);
      const claims = decodeClaims(res.json().token);
      expect(claims).toMatchObject({
        sub: 'demo.staff',
        UserFullName: 'Dana Staff',
        AuthProvider: 'Directory',
        ResetPassword: false,
      });
      for (const entity of ENTITIES) expect(claims[entity]).toBe(15);
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/users/${claims.UserId}`,
        headers: bearer(res.json().token),
      });
      expect(details.json()).toMatchObject({ IsInternal: true, AuthProvider: 'Directory' });
    });

    it('refuses a wrong directory password, and the local demo password, with the invalid-attempt text', async () => {
      const customerWrong = await t.login('demo.customer', 'not the password');
      for (const password of ['not the password', DEMO_PASSWORD, ' ']) {
        const res = await t.login('demo.staff', password);
        expect(res.statusCode, password).toBe(401);
        expect(res.json().error).toBe(customerWrong.json().error);
        expect(res.json().error).toContain(INVALID_LOGIN_TEXT);
      }
      // A user the template points at but the directory lacks.
      await t.handle.db
        .updateTable('users')
        .set({ auth_provider: 'Directory' })
        .where('user_name', '=', 'demo.ssl')
        .execute();
      expect((await t.login('demo.ssl', DEMO_PASSWORD)).json().error).toContain(INVALID_LOGIN_TEXT);
      // Local users keep their local passwords.
      expect((await t.login('demo.customer')).statusCode).toBe(200);
    });

    it('leaves the password of directory users to the directory', async () => {
      const token = (await t.login('demo.staff', STAFF_PASSWORD)).json().token as string;
      const account = await t.app.inject({
        method: 'GET',
        url: '/api/users/me/account',
        headers: bearer(token),
      });
      expect(account.json()).toMatchObject({ IsInternal: true, CanChangePassword: false });
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/auth/changepassword',
        headers: bearer(token),
        payload: { CurrentPassword: STAFF_PASSWORD, NewPassword: 'Another!Pass1234' },
      });
      expect(change.statusCode).toBe(400);
      expect(change.json().error).toBe(DIRECTORY_PASSWORD_TEXT);
      const staffEmail = (
        await t.handle.db
          .selectFrom('users')
          .select('email')
          .where('user_name', '=', 'demo.staff')
          .executeTakeFirstOrThrow()
      ).email;
      const recover = await t.app.inject({
        method: 'POST',
        url: '/api/auth/recoverpassword',
        payload: { UserNameOrEmail: 'demo.staff' },
        remoteAddress: '10.3.0.1',
      });
      expect(recover.statusCode).toBe(202);
      const [mail] = await waitForOutbox(dataDir, staffEmail);
      expect(mail).toContain('company directory');
      expect(mail).not.toContain('resetpassword?token=');
      expect(outboxMailsTo(dataDir, staffEmail)).toHaveLength(1);
    });
  });

  // Each app starts in a hook: building one can take long on a loaded machine, the checks do not.
  describe('without a bind DN template', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite', { DIRECTORY_URL: slapd.url, DIRECTORY_SEARCH_BASE: PEOPLE });
    });
    afterAll(() => t.close());

    it('finds the user by a search under DIRECTORY_SEARCH_BASE', async () => {
      const res = await t.login('demo.readonly', READONLY_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(decodeClaims(res.json().token)).toMatchObject({
        sub: 'demo.readonly',
        AuthProvider: 'Directory',
      });
      expect((await t.login('demo.readonly', STAFF_PASSWORD)).json().error).toContain(INVALID_LOGIN_TEXT);
      expect((await t.login('demo.staff', STAFF_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('with the directory down', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite', {
        DIRECTORY_URL: `ldap://127.0.0.1:${await freePort()}`,
        DIRECTORY_BIND_DN: `uid={user},${PEOPLE}`,
        DIRECTORY_TIMEOUT_MS: '2000',
      });
    });
    afterAll(() => t.close());

    it('says the directory cannot be reached, without counting it as a wrong password', async () => {
      const res = await t.login('demo.staff', STAFF_PASSWORD);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe(DIRECTORY_UNAVAILABLE_TEXT);
      const failures = await t.handle.db
        .selectFrom('sign_in_failures')
        .innerJoin('users', 'users.user_id', 'sign_in_failures.user_id')
        .select('sign_in_failures.failed_at')
        .where('users.user_name', '=', 'demo.staff')
        .execute();
      expect(failures).toHaveLength(0);
    });
  });
});
