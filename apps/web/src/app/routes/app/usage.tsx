import { UsagePage } from '@/features/usage/components/usage-page';

/** /usage: 'Uso do plano' (docs/decisions/050-upload-and-model-call-limits.md). */
export function Component() {
  return <UsagePage />;
}
