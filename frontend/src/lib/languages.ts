/** A language's name as its speakers write it ("English", "Français"), from the browser's own data. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** The language a reader most likely wants of `available`: the first of theirs that is there
 * (by primary language: `fr-CA` takes `fr`), else English, else the first. */
export function preferredLanguage<T extends string>(available: readonly T[], wanted: readonly string[] = navigator.languages): T | undefined {
  for (const language of wanted) {
    const primary = language.toLowerCase().split('-')[0];
    const found = available.find((code) => code === primary);
    if (found) return found;
  }
  return available.find((code) => code === 'en') ?? available[0];
}
