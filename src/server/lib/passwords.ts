import { hash, verify } from '@node-rs/argon2';

// Shared by auth (login, reset), users (admin creation) and the seed; kept out of both modules so
// neither has to import the other for it.

// @node-rs/argon2 defaults are argon2id, m=19456 KiB, t=2, p=1: the OWASP recommendation (STACK.md).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, never a 500
  }
}

/** A real hash of a random password, verified against when the e-mail is unknown: same timing either way. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(`dummy-${Math.random()}`);
  return dummyHash;
}
