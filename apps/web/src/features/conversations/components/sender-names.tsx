import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useMe } from '@/lib/auth';
import { useTeamPeople } from '@/lib/api/get-team';

/** Who typed an inbox message, by person id; empty when the account has only its owner (no names needed). */
const SenderNamesContext = createContext<{ names: Map<string, string>; me: string | null; attendant: boolean }>({
  names: new Map(),
  me: null,
  attendant: false,
});

/** Names the senders of the inbox's typed messages when the account has a team (decision 044). */
export function SenderNamesProvider({ children }: { children: ReactNode }) {
  const people = useTeamPeople();
  const data = useMe().data;
  const me = data?.user.id ?? null;
  const attendant = data?.team.role === 'attendant';
  const value = useMemo(
    () => ({ names: new Map((people ?? []).map((p) => [p.id, p.name])), me, attendant }),
    [people, me, attendant],
  );
  return <SenderNamesContext.Provider value={value}>{children}</SenderNamesContext.Provider>;
}

/** 'Você' for one's own messages, the person's name for a teammate's; null without a team. */
export function useSenderName(personId: string | null | undefined): string | null {
  const { names, me } = useContext(SenderNamesContext);
  if (!personId || names.size < 2) return null;
  if (personId === me) return 'Você';
  return names.get(personId) ?? 'Ex-membro da equipe';
}

/**
 * A person named in a sentence ('Editado por …', 'Enviado por …'): 'você' for oneself, a teammate's name,
 * and 'ex-membro da equipe' for someone no longer on the team; null without an id. Also without a team.
 */
export function usePersonName(personId: string | null | undefined): string | null {
  const { names, me } = useContext(SenderNamesContext);
  if (!personId) return null;
  if (personId === me) return 'você';
  return names.get(personId) ?? 'ex-membro da equipe';
}

/** The person signed in is an attendant: the owner's tools (the agent's tests) are not offered. */
export function useIsAttendant(): boolean {
  return useContext(SenderNamesContext).attendant;
}
