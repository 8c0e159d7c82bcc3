import { IllegalTransitionError } from './domain-error.js';

/**
 * What a refused move says, in the words an operator or member reads: one message for every move out of
 * a state (`CANCELED: '이미 취소된 주문입니다.'`), or messages by target state
 * (`COMPLETED: { CANCELED: '완료된 주문은 취소할 수 없습니다.', '*': '이미 완료된 주문입니다.' }`, `'*'` for the
 * other targets). A move with none is explained from the labels and the table ("접수 상태의 주문은 대기 또는
 * 취소로만 바꿀 수 있습니다.").
 */
export type Refusals<S extends string> = { readonly [F in S]?: string | { readonly [T in S | '*']?: string } };

export interface StateMachine<S extends string> {
  /** The entity's name in code and logs (`Order`). */
  entity: string;
  /** What a person calls it (`주문`). */
  noun: string;
  /** Every state's Korean name, as the screens show it. */
  labels: Readonly<Record<S, string>>;
  /** For each state, the states it may move to. Terminal states have none. */
  moves: Readonly<Record<S, readonly S[]>>;
  refusals?: Refusals<S>;
}

/** One state machine: its allowed moves and, for every move it refuses, a Korean reason (a 409). */
export class TransitionTable<S extends string> {
  readonly entity: string;
  readonly moves: Readonly<Record<S, readonly S[]>>;

  constructor(private readonly machine: StateMachine<S>) {
    this.entity = machine.entity;
    this.moves = machine.moves;
  }

  get states(): S[] {
    return Object.keys(this.moves) as S[];
  }

  /** The state's Korean name. */
  label(state: S): string {
    return this.machine.labels[state];
  }

  allows(from: S, to: S): boolean {
    return this.moves[from].includes(to);
  }

  /** Throws the domain's 409, with the Korean reason, unless `from → to` is one of the table's moves. */
  assert(from: S, to: S): void {
    if (!this.allows(from, to))
      throw new IllegalTransitionError(this.refusal(from, to), { entity: this.entity, from, to });
  }

  /** Why `from → to` is refused (also for moves the table allows: what it would say if it did not). */
  refusal(from: S, to: S): string {
    const given = this.machine.refusals?.[from];
    if (typeof given === 'string') return given;
    const byTarget = given?.[to] ?? given?.['*'];
    if (byTarget) return byTarget;
    const { noun, labels } = this.machine;
    const subject = `${labels[from]} 상태의 ${withParticle(noun, '은', '는')}`;
    if (from === to) return `이미 ${labels[from]} 상태인 ${noun}입니다.`;
    const allowed = this.moves[from];
    if (allowed.length === 0) return `${subject} 더 이상 바꿀 수 없습니다.`;
    return `${subject} ${withParticle(allowed.map((s) => labels[s]).join(' 또는 '), '으로', '로')}만 바꿀 수 있습니다.`;
  }

  /** The states that may move to `to` (what a statement moving many rows at once selects). */
  sources(to: S): S[] {
    return this.states.filter((from) => this.allows(from, to));
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

/**
 * A Korean particle after `word`: the first form after a final consonant (받침), the second after a vowel;
 * for 으로/로 a final ㄹ takes 로 too. A word not ending in Hangul takes the vowel form.
 */
export function withParticle(word: string, afterConsonant: string, afterVowel: string): string {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  const final = code >= 0 && code < 11172 ? code % 28 : 0;
  const consonant = final !== 0 && !(afterConsonant === '으로' && final === 8);
  return word + (consonant ? afterConsonant : afterVowel);
}
