import { TutorialPage } from '@/features/tutorial/components/tutorial-page';

/** /tutorial: the three mini lessons (docs/decisions/008-tutorial-links-and-business-authorization.md). */
export function Component() {
  return <TutorialPage />;
}
