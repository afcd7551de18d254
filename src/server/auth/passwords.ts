// Passwords are hashed with argon2id (OWASP's first choice), parameters per OWASP's minimum.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id: the enum is a const enum, which isolated modules cannot read.
const argon2id = 2 as Algorithm;
const argonOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

// A real hash of a random password, checked when the email is unknown so that an unknown email
// and a wrong password take the same time to answer.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
