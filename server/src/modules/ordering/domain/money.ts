import { BigIntType } from '@mikro-orm/core';

/** Options of a whole-won bigint column that leaves the API as a JSON number (the global BigInt.toJSON), not MikroORM's string. */
export const money = (options: { default?: number } = {}) => ({ type: new BigIntType('bigint'), serializer: (value: bigint) => value, ...options });
