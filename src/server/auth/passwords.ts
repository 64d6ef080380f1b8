/** Passwords are stored as argon2id hashes (@node-rs/argon2 defaults: m=19456, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
