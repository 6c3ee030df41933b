/**
 * Reading the server's sanitised rich text (kernel `rich_text` policy) without a DOM, so the
 * server renders excerpts and headings as the browser does (src/entry-server.tsx). The
 * sanitiser writes only well-formed tags and the entities below; nothing else can be in it.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with its character references replaced by the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    }
    return NAMED[name.toLowerCase()] ?? reference;
  });
}

/** The text of rich text (its tags left out), for excerpts: runs of spaces made one. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
