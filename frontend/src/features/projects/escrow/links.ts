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
