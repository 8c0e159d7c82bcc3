export { MESSAGES } from './messages.js';
export { loginSchema, type LoginInput } from './auth.js';
export * from './register.js';
export * from './account.js';
export * from './order-rules.js';
export * from './order.js';
export * from './charge.js';
export * from './catalog.js';
