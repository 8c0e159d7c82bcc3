import { IllegalTransitionError } from '../../../shared/index.js';

/** One state machine's allowed moves. Terminal states have none. */
export class TransitionTable<S extends string> {
  constructor(
    private readonly entity: string,
    private readonly moves: Readonly<Record<S, readonly S[]>>,
  ) {}

  allows(from: S, to: S): boolean {
    return this.moves[from].includes(to);
  }

  /** Throws the domain's 409 unless `from → to` is one of the table's moves. */
  assert(from: S, to: S): void {
    if (!this.allows(from, to)) throw new IllegalTransitionError(this.entity, from, to);
  }

  isTerminal(state: S): boolean {
    return this.moves[state].length === 0;
  }

  /** The shortest chain of moves from `from` to `to` (excluding `from`): [] when already there, null when unreachable. */
  path(from: S, to: S): S[] | null {
    const previous = new Map<S, S>([[from, from]]);
    const queue: S[] = [from];
    while (queue.length > 0) {
      const state = queue.shift()!;
      if (state === to) {
        const chain: S[] = [];
        for (let s = to; s !== from; s = previous.get(s)!) chain.unshift(s);
        return chain;
      }
      for (const next of this.moves[state]) {
        if (!previous.has(next)) {
          previous.set(next, state);
          queue.push(next);
        }
      }
    }
    return null;
  }
}
