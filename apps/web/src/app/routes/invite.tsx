import { InvitePage } from '@/features/team/components/invite-page';

/** /convite?code=…: an invitation to a team (docs/decisions/044-team-roles-and-assignment.md), signed in or out. */
export function Component() {
  return <InvitePage />;
}
