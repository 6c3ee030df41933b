import type { Block } from '@/api/model';

export type BlockType = Block['type'];

/** The block types staff can add to a landing page, with what each one shows. */
export const BLOCK_KINDS: { type: BlockType; label: string; help: string }[] = [
  { type: 'carousel', label: 'Carousel', help: 'Slides with a picture or embedded page, a text and a button.' },
  { type: 'multiple_articles_pages', label: 'Articles', help: 'Cards linking to articles or pages.' },
  {
    type: 'multiple_articles_pages_pagination',
    label: 'Articles with pages',
    help: 'Cards linking to articles or pages, a page at a time.',
  },
  { type: 'iframe', label: 'Embedded page', help: 'Another page shown 480 high (https, or a path of this site).' },
  { type: 'html', label: 'HTML', help: 'Free HTML (sanitised; scripts are refused).' },
];

/** A new, empty block of a type. */
export function emptyBlock(type: BlockType): Block {
  switch (type) {
    case 'carousel':
      return { type, value: { slides: [] } };
    case 'multiple_articles_pages':
    case 'multiple_articles_pages_pagination':
      return { type, value: { articles: [], articles_in_line: 3, first_alone: false } };
    case 'iframe':
    case 'html':
      return { type, value: '' };
  }
}
