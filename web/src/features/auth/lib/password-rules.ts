export const MIN_PASSWORD_LENGTH = 8;

export interface ResetPasswordRules {
  longEnough: boolean;
  matches: boolean;
}

/** Reset password: at least 8 characters and both fields equal. */
export function resetPasswordRules(password: string, confirm: string): ResetPasswordRules {
  return { longEnough: password.length >= MIN_PASSWORD_LENGTH, matches: password.length > 0 && password === confirm };
}

/** Sign-up: the password must be non-empty and equal to the confirmation. */
export function signUpConfirmValid(password: string, confirm: string): boolean {
  return password.length > 0 && password === confirm;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}
