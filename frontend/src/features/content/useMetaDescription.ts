import { useEffect } from 'react';

/** Sets the page's meta description while it is shown (spec 2 §2 content pages). */
export function useMetaDescription(description: string | null | undefined) {
  useEffect(() => {
    if (!description) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (tag) tag.content = previous;
    };
  }, [description]);
}
