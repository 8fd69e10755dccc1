import { CataloguePage } from '@/features/catalogue/components/catalogue-page';

/** /catalogo: 'Catálogo', the products and services the AI quotes from (docs/decisions/025-catalogue-and-price-guard.md). */
export function Component() {
  return <CataloguePage />;
}
