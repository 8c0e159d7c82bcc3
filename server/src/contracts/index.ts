export { MESSAGES } from './messages.js';
export { loginSchema, type LoginInput } from './auth.js';
export * from './charge.js';
export * from './content.js';
