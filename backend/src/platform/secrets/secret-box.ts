import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Names the format, so a later algorithm or key rotation can tell old values apart. */
const VERSION = 'v1';

/** A stored secret that cannot be opened: altered, cut, or sealed with another key or for another owner. */
export class SecretUnreadableError extends Error {
  constructor() {
    super('The stored secret cannot be decrypted (altered, or sealed with another key).');
  }
}

/**
 * Secrets at rest (access tokens, app secrets of the companies' integrations): AES-256-GCM with a
 * fresh random IV per value. `context` (e.g. the company id and the field) is bound as additional
 * authenticated data, so a value copied into another company's row, or another field, no longer opens.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string, context = ''): string {
    const [version, payload] = sealed.split(':');
    if (version !== VERSION || !payload) throw new SecretUnreadableError();
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError();
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError();
    }
  }
}
