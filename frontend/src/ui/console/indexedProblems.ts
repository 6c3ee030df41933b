import { ApiError } from '@/lib/api-error';

/**
 * The server's reasons for refusing items of a list in a form (`blocks[2]`,
 * `questions[0].options`), by item index; the first reason per item.
 */
export function indexedProblems(error: unknown, list: string): Record<number, string> {
  if (!(error instanceof ApiError)) return {};
  const pattern = new RegExp(`^${list}\\[(\\d+)\\]`);
  const problems: Record<number, string> = {};
  for (const [key, value] of Object.entries(error.body.messages ?? {})) {
    const match = pattern.exec(key);
    const text = Array.isArray(value) ? value[0] : value;
    if (match && text && problems[Number(match[1])] === undefined) problems[Number(match[1])] = text;
  }
  return problems;
}
