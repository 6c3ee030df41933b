import type { ApiError } from '@/lib/api-error';

/** The links a report gives, one per line, blank lines left out. */
export function linkLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What is wrong with `links`, as the server would say it (with the line), if anything. */
export function linkProblem(links: string[], max: number): string | null {
  if (links.length > max) return `Give at most ${max} links.`;
  const bad = links.findIndex((link) => !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(link));
  return bad >= 0 ? `Line ${bad + 1}: Enter a valid URL.` : null;
}

/** The server's texts for the lines of list field `field` it refused (`field[i]`), each with
 * its line; or its text for the whole list. */
export function lineErrors(error: ApiError, field: string): string | null {
  const pattern = new RegExp(`^${field}\\[(\\d+)\\]$`);
  const said = Object.keys(error.body.messages ?? {})
    .map((key) => ({ key, line: pattern.exec(key)?.[1] }))
    .filter(({ line }) => line !== undefined)
    .map(({ key, line }) => `Line ${Number(line) + 1}: ${error.fieldErrors(key)[0] ?? ''}`);
  return said.length > 0 ? said.join(' ') : (error.fieldErrors(field)[0] ?? null);
}
