/**
 * The rules of a password chosen now (sign-up and reset), without zod so the web app can show them
 * beside the fields at no cost to its bundle. The server enforces the same through `authSchemas.ts`.
 */
export const MIN_NEW_PASSWORD_LENGTH = 8;

export interface NewPasswordRules {
  /** At least MIN_NEW_PASSWORD_LENGTH characters. */
  longEnough: boolean;
  /** Non-empty and equal to the confirmation. */
  matches: boolean;
}

/** Each rule the indicators show, true when met. */
export function newPasswordRules(password: string, confirm: string): NewPasswordRules {
  return { longEnough: password.length >= MIN_NEW_PASSWORD_LENGTH, matches: password.length > 0 && password === confirm };
}
