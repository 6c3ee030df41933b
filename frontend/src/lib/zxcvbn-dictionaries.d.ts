/** One of zxcvbn's English word lists, imported alone so the others stay out of the bundle
 * (src/lib/password-strength.ts). */
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
