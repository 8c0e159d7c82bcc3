export { MESSAGES } from './messages.js';
export { loginSchema, type LoginInput } from './auth.js';
