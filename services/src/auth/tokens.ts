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

/** Tokens verified lately, by secret and token, until they expire: a signed-in shopper's every call carries the same one. */
const VERIFIED_KEPT = 10_000;
const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

/**
 * The user id of a valid token, or null (expired, tampered with, or not ours). A token verified
 * before is taken from `verified` while it has not expired (verifying it again would answer the
 * same: its signature and claims cannot change); refusals are not kept.
 */
export function verifyAccessToken(secret: string, token: string): AccessTokenClaims | null {
  const key = `${secret}\n${token}`;
  const kept = verified.get(key);
  if (kept) {
    if (Date.now() < kept.expiresAtMs) return kept.claims;
    verified.delete(key);
  }
  try {
    const payload = jwt.verify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
    const claims = { sub: payload.sub, email: String(payload.email ?? '') };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(key, { claims, expiresAtMs: payload.exp * 1000 });
    }
    return claims;
  } catch {
    return null;
  }
}
