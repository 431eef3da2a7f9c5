// Passwords: scrypt (Node's crypto) with a random 16-byte salt per user, compared in constant time.
// Stored as "scrypt$<N>$<r>$<p>$<salt>$<hash>" (base64url) so the cost can be raised later.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A stored hash of no password, compared against when the user does not exist, so that an unknown
 *  username costs the same time as a wrong password. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const [scheme, n, r, p, salt, hash] = (stored ?? (await decoy)).split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: +n, r: +r, p: +p });
  return key.length === expected.length && timingSafeEqual(key, expected) && stored !== null;
}
