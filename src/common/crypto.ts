import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

// The hub's few cryptographic primitives, in one place:
// - secrets it must read back later (webhook secrets, connection credentials) are sealed with AES-256-GCM under
//   the configured ENCRYPTION_KEY;
// - secrets it only has to recognise are hashed: client secrets (high-entropy, generated here) with SHA-256,
//   passwords (chosen by people) with scrypt;
// - generated secrets come from the CSPRNG with 256 bits of entropy.

const SEALED_VERSION = 'v1';

/** Seals and opens strings with AES-256-GCM; the output is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.#key = Buffer.from(key);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      SEALED_VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== SEALED_VERSION || iv === undefined || tag === undefined || body === undefined)
      throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** A key for another purpose (cookie signing, ...), derived with HKDF so the encryption key is never reused. */
  derive(purpose: string, length = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), `order-hub:${purpose}`, length));
  }
}

let processBox: SecretBox | undefined;

/**
 * The hub's SecretBox, set once at boot from the configuration (hub.ts). Module-level so that code running
 * outside a request, such as the delivery worker reading a webhook secret, can open sealed values.
 */
export function configureSecretBox(key: Buffer): SecretBox {
  processBox = new SecretBox(key);
  return processBox;
}

export function secretBox(): SecretBox {
  if (!processBox) throw new Error('the secret box is not configured: startHub() configures it at boot');
  return processBox;
}

/** A new random secret: `prefix` + 32 random bytes in base64url (256 bits). */
export function generateSecret(prefix = '', bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** SHA-256 in hex, for high-entropy secrets that are only ever compared (client secrets). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored SHA-256 hex digest. */
export function matchesSha256(presented: string, storedHex: string): boolean {
  const given = createHash('sha256').update(presented, 'utf8').digest();
  const stored = Buffer.from(storedHex, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

// scrypt with N=2^15, r=8, p=1 by default (OWASP's recommended minimum is 2^17 with r=8,p=1 or equivalent cost;
// 2^15 keeps a login near 50-100 ms on the 2-core reference machine). Parameters travel with the hash so they can
// be raised later (PASSWORD_HASH_COST) without invalidating stored passwords. Tests lower it (never production):
// a test suite hashes and checks about a thousand passwords.
export const DEFAULT_PASSWORD_HASH_COST = 15;
const SCRYPT = { N: 2 ** DEFAULT_PASSWORD_HASH_COST, r: 8, p: 1, keylen: 32 };

/** The cost (log2 of scrypt's N) of passwords hashed from now on in this process; startHub sets it from config. */
export function configurePasswordHashing(cost: number): void {
  SCRYPT.N = 2 ** cost;
  dummyHash = undefined;
}

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(key, expected);
}

/** Spends the time of one password check, so an unknown e-mail answers as slowly as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyNoPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('order-hub timing equaliser');
  await verifyPassword(password, await dummyHash);
  return false;
}
