import jwt from 'jsonwebtoken';

export interface AccessTokenClaims {
  sub: string;
  email: string;
}

const ISSUER = 'comicshop';
const LIFETIME = '30d';

export function signAccessToken(secret: string, claims: AccessTokenClaims): string {
  return jwt.sign({ email: claims.email }, secret, { subject: claims.sub, issuer: ISSUER, expiresIn: LIFETIME, algorithm: 'HS256' });
}

/** The user id of a valid token, or null (expired, tampered with, or not ours). */
export function verifyAccessToken(secret: string, token: string): AccessTokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, email: String(payload.email ?? '') };
  } catch {
    return null;
  }
}
