/** Factories and mail readers shared by the account lifecycle API tests. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../helpers/until';

/** Passes the password policy (src/schemas/account.ts). */
export const NEW_PASSWORD = 'Fresh!Pass2468';
export const OTHER_PASSWORD = 'Another#Pass1357';
/** The user factory lives with the others (tests/helpers/factories.ts). */
export { type BuiltUser, buildUser, START_PASSWORD } from '../helpers/factories';

/** A throwaway DATA_DIR, so the outbox of one test file is its own. */
export const tempDataDir = (): string => mkdtempSync(join(tmpdir(), 'brr-account-'));
export const removeDir = (dir: string | undefined): void => {
  if (dir) rmSync(dir, { recursive: true, force: true });
};

/** RFC 2045 quoted-printable, as nodemailer writes long text lines. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The decoded .eml files of the outbox addressed to `to`, oldest first. */
export function outboxMailsTo(dataDir: string, to: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => decodeQuotedPrintable(readFileSync(join(dir, f), 'utf8')))
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(mail));
}

/** Waits until `count` mails to `to` are in the outbox; answers them. */
export function waitForOutbox(dataDir: string, to: string, count = 1): Promise<string[]> {
  return eventually(
    () => {
      const mails = outboxMailsTo(dataDir, to);
      return mails.length >= count ? mails : undefined;
    },
    { what: `${count} mail(s) to ${to} in ${dataDir}/outbox` },
  );
}

/** The reset link's token and returnUrl in a mail's text. */
export function resetLinkIn(mail: string): { link: string; token: string; returnUrl: string } {
  const match = mail.match(/(\S+#\/support\/resetpassword\?token=([A-Za-z0-9_-]+)&returnUrl=(\S+))/);
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return {
    link: match[1] as string,
    token: match[2] as string,
    returnUrl: decodeURIComponent(match[3] as string),
  };
}
