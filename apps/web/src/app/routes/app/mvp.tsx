import { MvpPage } from '@/features/mvp/components/mvp-page';

/** /mvp: welcome to early users, with the bug form link (issue 12). */
export function Component() {
  return <MvpPage />;
}
