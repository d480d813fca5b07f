import { MIN_NEW_PASSWORD_LENGTH, newPasswordRules, type NewPasswordRules } from '@shop/domain/users/passwordRules';

export const MIN_PASSWORD_LENGTH = MIN_NEW_PASSWORD_LENGTH;
export type PasswordRules = NewPasswordRules;

/** Sign-up and reset: at least 8 characters and both fields equal (the server checks the same). */
export const passwordRules = newPasswordRules;
/** The reset screen's name for the same rules. */
export const resetPasswordRules = newPasswordRules;

/** Sign-up's confirm field: non-empty and equal to the password (the spec's rule for marking it invalid). */
export function signUpConfirmValid(password: string, confirm: string): boolean {
  return password.length > 0 && password === confirm;
}
