export {
  AUSTRALIAN_STATES,
  DEFAULT_COUNTRY_CODE,
  addressFieldsSchema,
  checkedAddressFieldsSchema,
  addAddressSchema,
  addressSchema,
  addressKey,
  formatAddress,
  type AustralianState,
  type AddAddressBody,
  type AddressFields,
  type Address,
  type AddressLike,
  type AddressCandidate,
} from './address.ts';
export { POSTCODE_RANGES, postcodeProblem, postcodeRangesText, isPostcodeOfState } from './postcode.ts';
export { collateAddresses } from './collateAddresses.ts';
export {
  emailSchema,
  signUpSchema,
  loginSchema,
  resetRequestSchema,
  resetPasswordSchema,
  MAX_PASSWORD_LENGTH,
  MIN_NEW_PASSWORD_LENGTH,
  newPasswordSchema,
  newPasswordRules,
  type SignUpBody,
  type LoginBody,
  type ResetRequestBody,
  type ResetPasswordBody,
} from './authSchemas.ts';
export { feedbackSchema, guestFeedbackSchema, feedbackSchemaFor, MAX_FEEDBACK_LENGTH, type FeedbackBody } from './feedbackSchema.ts';
export type * from './userEvents.ts';
export type * from './userCommands.ts';
export { userDecider, initialUserState, evolveUser, RESET_TOKEN_TTL_MINUTES, type UserState } from './user.ts';
export { describeUserEvent } from './describeUserEvent.ts';
