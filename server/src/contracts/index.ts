export { MESSAGES } from './messages.js';
export { loginSchema, API_KEY_FIELDS, type LoginInput } from './auth.js';
export { IDENTITY_MESSAGES } from './identity-messages.js';
export {
  loginIdField,
  newPasswordField,
  emailField,
  phoneField,
  registerWhereField,
  sendEmailSchema,
  sendPhoneSchema,
  registerSchema,
  socialRegisterSchema,
  registerFormSchema,
  socialRegisterFormSchema,
  PASSWORD_LENGTH,
  PASSWORD_PLACEHOLDER,
  TERMS_VERSION,
  verificationIssue,
  verificationProblem,
  type SendEmailInput,
  type SendPhoneInput,
  type RegisterInput,
  type SocialRegisterInput,
  type SignUpSwitches,
} from './register.js';
export {
  changePasswordSchema,
  changePasswordFormSchema,
  findAccountSchema,
  resetPasswordSchema,
  resetPasswordFormSchema,
  naverLoginSchema,
  kakaoLoginSchema,
  type ChangePasswordInput,
  type FindAccountInput,
  type ResetPasswordInput,
  refreshSchema,
  type RefreshInput,
  type SessionRow,
  UNKNOWN_DEVICE,
} from './account.js';
export * from './order.js';
export * from './catalog.js';
export * from './charge.js';
export * from './content.js';
export * from './toss.js';
export * from './refill.js';
export * from './order-actions.js';
export * from './brand.js';
export * from './subscription.js';
export * from './statuses.js';
export * from './settings.js';
export * from './commands.js';
export * from './views.js';
export * from './operators.js';
export * from './approvals.js';
export * from './pricing.js';
export * from './mass-order.js';
export * from './support.js';
export * from './delivery.js';
export * from './delivery-wording.js';
export * from './reports.js';
export * from './error-codes.js';
export * from './second-factor.js';
export * from './receipts.js';
export * from './charge-bonus.js';
export * from './maintenance.js';
export * from './service-changes.js';
export * from './coupons.js';
export * from './service-speed.js';
