// Passwords: scrypt (Node's crypto) with a random 16-byte salt per user, compared in constant time.
// Stored as "scrypt$<N>$<r>$<p>$<salt>$<hash>" (base64url), so a hash made at an older cost still verifies
// and is remade at the configured cost on the next successful sign-in (`needsRehash`).
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's scrypt cost (N = 2^17, r = 8, p = 1). Tests lower N through `ServerConfig.scryptN` only. */
export const SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const N = options.N ?? SCRYPT_N;
    const r = options.r ?? R;
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128 * N * r bytes.
      { ...options, maxmem: 2 * 128 * N * r },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });

export interface Passwords {
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; with no stored hash (an unknown user) a decoy is compared, so
   *  an unknown username costs the same time as a wrong password. */
  verify(password: string, stored: string | null): Promise<boolean>;
  /** True when `stored` was made at another cost than this one (remake it after a successful sign-in). */
  needsRehash(stored: string): boolean;
}

export function passwords(N: number = SCRYPT_N): Passwords {
  const cost = { N, r: R, p: P };
  let decoy: Promise<string> | null = null;
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }
  return {
    hash,
    async verify(password, stored) {
      decoy ??= hash(randomBytes(16).toString('hex'));
      const [scheme, n, r, p, salt, expected] = (stored ?? (await decoy)).split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expected) return false;
      const want = Buffer.from(expected, 'base64url');
      const key = await derive(password, Buffer.from(salt, 'base64url'), { N: +n, r: +r, p: +p });
      return key.length === want.length && timingSafeEqual(key, want) && stored !== null;
    },
    needsRehash(stored) {
      const [, n, r, p] = stored.split('$');
      return Number(n) !== cost.N || Number(r) !== cost.r || Number(p) !== cost.p;
    },
  };
}
