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
