import { BigIntType } from '@mikro-orm/core';

/**
 * Whole won: `bigint` in the database and in TypeScript, a plain JSON number when an entity is
 * serialised (MikroORM's BigIntType would answer a string), like every other amount on the wire.
 */
export class WonType extends BigIntType {
  constructor() {
    super('bigint');
  }

  override toJSON(value: bigint | null | undefined): bigint | null | undefined {
    // MikroORM types the JSON form as the JS type; a number is what goes on the wire.
    return (value == null ? value : Number(value)) as unknown as bigint;
  }
}
