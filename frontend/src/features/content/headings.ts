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
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const headings: Heading[] = [];
  doc.body.querySelectorAll('h2, h3').forEach((element, index) => {
    const id = `section-${index + 1}`;
    element.id = id;
    headings.push({ id, text: element.textContent?.trim() ?? '', level: element.tagName === 'H2' ? 2 : 3 });
  });
  return { html: doc.body.innerHTML, headings };
}
