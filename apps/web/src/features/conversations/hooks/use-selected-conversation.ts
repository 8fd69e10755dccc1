import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'conversa';

/** The open conversation lives in the address (?conversa=id): reload, back and share keep it. */
export function useSelectedConversation() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(PARAM);
  const select = useCallback(
    (id: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(PARAM, id);
          else next.delete(PARAM);
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return { selectedId, select };
}

export function conversationSearch(id: string): string {
  return `?${new URLSearchParams({ [PARAM]: id }).toString()}`;
}
