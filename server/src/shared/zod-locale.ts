import { z } from 'zod';

/**
 * zod's own messages (a rule without a message of ours: "expected number, received string") in Korean,
 * so no refusal reaches an operator or a customer in English. The contracts' own messages are unchanged.
 */
export function useKoreanZodMessages(): void {
  z.config(z.locales.ko());
}
