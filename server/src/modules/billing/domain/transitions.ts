import { IllegalTransitionError } from '../../../shared/index.js';

/** A state machine's one transition table: for each state, the states it may move to. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Refuses (409) a move the table does not list. */
export function assertTransition<S extends string>(entity: string, table: TransitionTable<S>, from: S, to: S): void {
  if (!table[from].includes(to)) throw new IllegalTransitionError(entity, from, to);
}

/**
 * The key a depositor name is compared by: bank statements and forms differ in spacing, letter case
 * and Unicode composition (한글 typed on different keyboards), never in the letters themselves.
 */
export function depositorKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, '').toLowerCase();
}
