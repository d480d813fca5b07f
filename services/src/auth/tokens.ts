import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface AccessTokenClaims {
  sub: string;
  email: string;
}

const ISSUER = 'comicshop';
const LIFETIME = '30d';

/**
 * Given a string, jsonwebtoken first tries it as a PEM public key (createPublicKey, which throws)
 * on every call: a third of a millisecond per signed-in request. The secret as a KeyObject, made once,
 * skips that.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, claims: AccessTokenClaims): string {
  return jwt.sign({ email: claims.email }, keyOf(secret), { subject: claims.sub, issuer: ISSUER, expiresIn: LIFETIME, algorithm: 'HS256' });
}

/** The user id of a valid token, or null (expired, tampered with, or not ours). */
export function verifyAccessToken(secret: string, token: string): AccessTokenClaims | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, email: String(payload.email ?? '') };
  } catch {
    return null;
  }
}
