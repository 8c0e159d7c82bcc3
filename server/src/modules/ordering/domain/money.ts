import { WonType } from '../../../shared/index.js';

/** Options of a whole-won bigint column that leaves the API as a JSON number. */
export const money = (options: { default?: number } = {}) => ({ type: new WonType(), ...options });
