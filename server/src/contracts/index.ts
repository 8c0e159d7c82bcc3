export { MESSAGES } from './messages.js';
export { loginSchema, type LoginInput } from './auth.js';
export * from './order.js';
export * from './catalog.js';
