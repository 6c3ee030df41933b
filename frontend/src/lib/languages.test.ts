import { describe, expect, it } from 'vitest';
import { languageName, preferredLanguage } from './languages';

describe('languageName', () => {
  it('names a language in itself', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('fr')).toBe('Français');
    expect(languageName('de')).toBe('Deutsch');
  });
});

describe('preferredLanguage', () => {
  it("takes the reader's first language that is offered, by its primary tag", () => {
    expect(preferredLanguage(['en', 'fr'], ['fr-CA', 'en'])).toBe('fr');
    expect(preferredLanguage(['de', 'en', 'fr'], ['it', 'de-AT'])).toBe('de');
  });

  it('falls back to English, then to the first track', () => {
    expect(preferredLanguage(['en', 'fr'], ['ja'])).toBe('en');
    expect(preferredLanguage(['fr', 'es'], ['ja'])).toBe('fr');
    expect(preferredLanguage([], ['ja'])).toBeUndefined();
  });
});
