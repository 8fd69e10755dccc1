import { MvpPage } from '@/features/mvp/components/mvp-page';

/** /mvp: welcome to early users, with the bug form link (docs/decisions/013-first-run-auto-link.md). */
export function Component() {
  return <MvpPage />;
}
