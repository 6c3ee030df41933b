/**
 * How hard a new password is to guess (issue 49 §1), estimated in the browser by zxcvbn with
 * its common-password and English dictionaries: nothing is sent anywhere. Loaded only when a
 * member types a new password (its dictionaries are large); the server refuses the common
 * passwords of its own list whatever this says.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';

export interface Strength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** What makes it weak, when something does. */
  warning: string | null;
  /** How to make it stronger. */
  suggestions: string[];
}

/** The common passwords and first names, not English's word, surname and Wikipedia lists:
 * those would treble what a member choosing a password downloads, for words a passphrase
 * of several is strong with anyway. */
const estimator = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...common, 'firstnames-en': firstnames },
});

/** Each input whole and word by word: zxcvbn matches a dictionary's entries whole, and a
 * password is more often "ada1815" than "Ada Lovelace". */
function guessable(inputs: string[]): string[] {
  return inputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]).filter((word) => word.length > 2);
}

/** The strength of `password`; `userInputs` (the member's name, e-mail) count as guessable. */
export function strengthOf(password: string, userInputs: string[] = []): Strength {
  const result = estimator.check(password, guessable(userInputs));
  return {
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
