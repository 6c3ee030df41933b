import { plainText } from '@/lib/html-text';

export interface Heading {
  id: string;
  text: string;
  level: 2 | 3;
}

/**
 * Gives the h2 and h3 headings of sanitised HTML sequential ids (`section-1`, `section-2`,
 * …) for the table of contents (spec 2 §2), and lists them in order.
 */
export function withHeadingIds(html: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const marked = html.replace(/<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi, (_whole, level: string, attributes: string | undefined, inner: string) => {
    const id = `section-${headings.length + 1}`;
    headings.push({ id, text: plainText(inner), level: level === '2' ? 2 : 3 });
    const kept = (attributes ?? '').replace(/\s+id="[^"]*"/gi, '');
    return `<h${level}${kept} id="${id}">${inner}</h${level}>`;
  });
  return { html: marked, headings };
}
