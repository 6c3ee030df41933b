import { useEffect } from 'react';

export const PRODUCT_NAME = 'Cohort';

/** Titles carry the product name: "Cohort | <page>". */
export function pageTitle(page: string): string {
  return `${PRODUCT_NAME} | ${page}`;
}

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

/** The title of the 404 screen, also where a page's own item is not found. */
export const NOT_FOUND_TITLE = 'Page not found';

/**
 * The title of a page that shows one item: the item's title once loaded, the 404's when
 * there is no such item, `whileLoading` until then.
 */
export function useItemPageTitle(query: { isError: boolean; error: unknown }, title: string | undefined, whileLoading: string): void {
  const notFound = query.isError && (query.error as { status?: number } | null)?.status === 404;
  usePageTitle(notFound ? NOT_FOUND_TITLE : (title ?? whileLoading));
}
