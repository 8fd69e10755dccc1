import { TutorialPage } from '@/features/tutorial/components/tutorial-page';

/** /tutorial: the three mini lessons (issue 12). */
export function Component() {
  return <TutorialPage />;
}
