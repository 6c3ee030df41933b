/** How each identifier scheme reads on a badge. */
import type { IdentifierKind } from '@/api/model';

export const identifierKindLabels: Record<IdentifierKind, string> = {
  nct: 'ClinicalTrials.gov',
  isrctn: 'ISRCTN',
  doi: 'DOI',
  pmid: 'PubMed',
};
