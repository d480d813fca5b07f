import { z } from 'zod';
import { addAddressSchema } from '../users/address.ts';
import { loginSchema, resetPasswordSchema, resetRequestSchema, signUpSchema } from '../users/authSchemas.ts';
import { feedbackSchema } from '../users/feedbackSchema.ts';
import { idParams, messageAnswer, refusals } from './shared.ts';

/** A saved address as the API answers it. */
export const addressView = z.object({
  _id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  addressLine1: z.string(),
  suburb: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});
export type AddressView = z.infer<typeof addressView>;

/** "User": never a password hash or reset token. */
export const userView = z.object({
  _id: z.string(),
  admin: z.boolean(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  localPickup: z.boolean(),
  addresses: z.array(addressView),
  showCollateAddresses: z.boolean(),
});
export type UserView = z.infer<typeof userView>;

/** Sign-up and login: the user, their bearer token, and what happened to a guest order they held. */
export const loginAnswer = z.object({
  user: userView,
  authorisationKey: z.string(),
  message: z.string(),
  messages: z.array(z.string()),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const userAnswer = z.object({ user: userView });
export type UserAnswer = z.infer<typeof userAnswer>;

export const accountCalls = {
  signUp: { body: signUpSchema, response: { 201: loginAnswer, ...refusals } },
  login: { body: loginSchema, response: { 200: loginAnswer, ...refusals } },
  resetRequest: { body: resetRequestSchema, response: { 200: messageAnswer, ...refusals } },
  resetPassword: { body: resetPasswordSchema, response: { 200: messageAnswer, ...refusals } },
  /** A guest must also give a valid email (checked once the caller is known). */
  addFeedback: { body: feedbackSchema, response: { 201: messageAnswer, ...refusals } },
  addAddress: { body: addAddressSchema, response: { 200: userAnswer, ...refusals } },
  deleteAddress: { params: idParams, response: { 200: userAnswer, ...refusals } },
  collateAddresses: { response: { 200: userAnswer, ...refusals } },
} as const;
