/**
 * Directory sign-in for internal staff (SPEC §1 "authenticated through a directory", ARCHITECTURE
 * §5): an LDAP simple bind as the user with ldapts. The bind DN comes from DIRECTORY_BIND_DN
 * (uid={user},ou=people,…) or, without a template, from a search under DIRECTORY_SEARCH_BASE
 * (anonymous, or as DIRECTORY_SERVICE_DN). One short-lived connection per sign-in.
 */
import {
  BusyError,
  Client,
  escapeFilter,
  InvalidCredentialsError,
  ResultCodeError,
  UnavailableError,
} from 'ldapts';
import type { DirectoryConfig } from '../config';
import { AppError, type ErrorLog } from '../errors';

export interface Directory {
  /** True when the directory accepts the password; false for a wrong password or unknown user. */
  verify(userName: string, password: string): Promise<boolean>;
}

export const DIRECTORY_UNAVAILABLE_TEXT =
  'The company directory could not be reached to check your password. Please try again in a few minutes.';

/** RFC 4514: escape a value for use inside a DN. */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=#]/g, (c) => `\\${c}`)
    .replace(/\0/g, '\\00')
    .replace(/^ /, '\\ ')
    .replace(/ $/, '\\ ');
}

export function createDirectory(config: DirectoryConfig, log: ErrorLog): Directory {
  const client = () =>
    new Client({ url: config.url, timeout: config.timeoutMs, connectTimeout: config.timeoutMs });
  const unavailable = (err: unknown, step: string) => {
    log.error({ err, url: config.url, step }, 'directory sign-in failed');
    return new AppError(502, DIRECTORY_UNAVAILABLE_TEXT, 'DIRECTORY_UNAVAILABLE');
  };

  /** The user's DN, or null when the directory has no such user. Failing here is an outage or a misconfiguration. */
  async function findDn(ldap: Client, userName: string): Promise<string | null> {
    if (config.bindDnTemplate) return config.bindDnTemplate.split('{user}').join(escapeDnValue(userName));
    if (config.serviceDn) await ldap.bind(config.serviceDn, config.servicePassword ?? '');
    const { searchEntries } = await ldap.search(config.searchBase as string, {
      scope: 'sub',
      filter: `(${config.userAttribute}=${escapeFilter`${userName}`})`,
      attributes: ['dn'],
      sizeLimit: 2,
    });
    // Zero or several matches: nobody to bind as (an ambiguous name must not pick one).
    return searchEntries.length === 1 ? (searchEntries[0]?.dn ?? null) : null;
  }

  return {
    async verify(userName, password) {
      // A simple bind with an empty password is an anonymous bind and would "succeed".
      if (!password || !userName.trim()) return false;
      const ldap = client();
      try {
        let dn: string | null;
        try {
          dn = await findDn(ldap, userName.trim());
        } catch (e) {
          throw unavailable(e, 'find user');
        }
        if (!dn) return false;
        try {
          await ldap.bind(dn, password);
          return true;
        } catch (e) {
          // Wrong password or no such entry (49 for both): the same refusal as a local password.
          if (e instanceof InvalidCredentialsError) return false;
          if (e instanceof BusyError || e instanceof UnavailableError || !(e instanceof ResultCodeError)) {
            throw unavailable(e, 'bind');
          }
          return false;
        }
      } finally {
        await ldap.unbind().catch(() => undefined);
      }
    },
  };
}
