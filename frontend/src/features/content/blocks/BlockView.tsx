import type { Block } from '@/api/model';
import { RichText } from '@/ui/RichText';
import { ArticlesBlock } from './ArticlesBlock';
import { CarouselBlock } from './CarouselBlock';
import { IframeBlock } from './IframeBlock';

/** One typed block of a landing page (spec 2 §2): anything unknown arrives as HTML. */
export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'carousel':
      return <CarouselBlock carousel={block.value} />;
    case 'multiple_articles_pages_pagination':
      return <ArticlesBlock articles={block.value} paginated />;
    case 'multiple_articles_pages':
      return <ArticlesBlock articles={block.value} />;
    case 'iframe':
      return <IframeBlock url={block.value} />;
    case 'html':
      return <RichText html={block.value} />;
  }
}
