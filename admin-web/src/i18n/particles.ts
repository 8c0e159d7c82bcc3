/** react-admin's Korean messages write both particles (`%{name}이(가)`): the right one once the name is in. */
const PAIR = /(\S)(이\(가\)|을\(를\)|은\(는\)|과\(와\))/g;

/** The first form after a syllable with a final consonant (받침), the second after a vowel or a non-Hangul letter. */
const pick = (last: string, pair: string) => {
  const code = last.charCodeAt(0) - 0xac00;
  const consonant = code >= 0 && code < 11172 && code % 28 !== 0;
  return consonant ? pair.slice(0, 1) : pair.slice(2, 3);
};

/** "회원 등급이(가) 아직 없습니다" → "회원 등급이 아직 없습니다". */
export const withParticles = (text: string): string =>
  text.replace(PAIR, (_, last: string, pair: string) => last + pick(last, pair));
