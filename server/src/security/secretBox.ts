import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { getOrCreateSetting } from '../db/settings.repo.ts';

// Secrets the server must use again later (a webhook's signing secret) are stored encrypted,
// never in clear (docs/webhooks.md, "Secrets"): AES-256-GCM with a key from SECRETS_KEY, else
// one generated once and kept in the database's settings, so every instance agrees.

const keys = new WeakMap<ServerContext['db'], Promise<Buffer>>();

function keyOf(ctx: Pick<ServerContext, 'db' | 'config'>): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = (
      ctx.config.secretsKey
        ? Promise.resolve(ctx.config.secretsKey)
        : getOrCreateSetting(ctx.db, 'secrets_key', () => randomBytes(32).toString('base64url'))
    ).then((text) => createHash('sha256').update(text).digest());
    keys.set(ctx.db, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export async function sealSecret(ctx: Pick<ServerContext, 'db' | 'config'>, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function openSecret(ctx: Pick<ServerContext, 'db' | 'config'>, sealed: string): Promise<string> {
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || text === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
}
