import { hash, verify } from '@node-rs/argon2';

// OWASP's floor for argon2id: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Parameters<typeof hash>[1];

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummy: Promise<string> | null = null;

/** Verifies; for an unknown account verifies against a dummy hash so timing matches. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash?.startsWith('$argon2')) {
    dummy ??= hashPassword('dummy-password-for-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
