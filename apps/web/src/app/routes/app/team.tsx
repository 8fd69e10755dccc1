import { TeamPage } from '@/features/team/components/team-page';

/** /equipe: the owner's team (docs/decisions/044-team-roles-and-assignment.md). */
export function Component() {
  return <TeamPage />;
}
