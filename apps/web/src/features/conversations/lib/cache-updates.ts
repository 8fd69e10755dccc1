import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationDto, ConversationPage, MessageDto, MessageInsightDto, MessagePage } from '@vendai/contracts';

/**
 * Pure updates of the inbox's cached pages, one per realtime event (chatwoot style: each event maps
 * to a query-cache change). Pages are keyset pages, so moving a conversation between pages never
 * breaks the next page's cursor; the list is sorted and de-duplicated when rendered.
 */
export type ConversationPages = InfiniteData<ConversationPage>;
export type MessagePages = InfiniteData<MessagePage>;

/** Newer first, then the larger id (the server's order: last_message desc, id desc). */
export function compareConversations(a: ConversationDto, b: ConversationDto): number {
  const byTime = Date.parse(b.lastMessage) - Date.parse(a.lastMessage);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Every loaded conversation once, in list order. */
export function flattenConversations(data: ConversationPages | undefined): ConversationDto[] {
  if (!data) return [];
  const byId = new Map<string, ConversationDto>();
  for (const page of data.pages) {
    for (const c of page.items) {
      const known = byId.get(c.id);
      if (!known || Date.parse(c.lastMessage) >= Date.parse(known.lastMessage)) byId.set(c.id, c);
    }
  }
  return [...byId.values()].sort(compareConversations);
}

/**
 * A created or updated conversation. It replaces the stored copy; it joins the first page when it
 * belongs among the loaded rows (or every page is loaded). One older than everything loaded, with
 * more pages to come, is left for the page that will bring it.
 */
export function upsertConversation(
  data: ConversationPages | undefined,
  dto: ConversationDto,
): ConversationPages | undefined {
  if (!data || !data.pages.length) return data;
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== dto.id) }));
  const loaded = pages.flatMap((p) => p.items);
  const hasMore = pages.at(-1)!.nextCursor !== null;
  const oldestLoaded = loaded.reduce<ConversationDto | undefined>(
    (old, c) => (!old || compareConversations(c, old) > 0 ? c : old),
    undefined,
  );
  const belongs = !hasMore || !oldestLoaded || compareConversations(dto, oldestLoaded) < 0;
  if (belongs) pages[0] = { ...pages[0]!, items: [dto, ...pages[0]!.items] };
  return { ...data, pages };
}

/** A filtered list only takes changes to the rows it has (what belongs in it is the server's call). */
export function replaceConversation(
  data: ConversationPages | undefined,
  dto: ConversationDto,
): ConversationPages | undefined {
  if (!data || !data.pages.some((p) => p.items.some((c) => c.id === dto.id))) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((c) => (c.id === dto.id ? dto : c)) })) };
}

/**
 * A changed conversation in a filtered list: replaced in place; with an assignment filter ('Minhas',
 * 'Sem responsável', decision 044) it joins the list when it now belongs there and leaves when not.
 */
export function placeInFilteredList(
  data: ConversationPages | undefined,
  dto: ConversationDto,
  filter: { labelId?: string; assignment?: 'mine' | 'unassigned'; personId?: string },
): ConversationPages | undefined {
  if (!filter.assignment || dto.assignedUserId === undefined) return replaceConversation(data, dto);
  const belongs = filter.assignment === 'mine' ? dto.assignedUserId === filter.personId : dto.assignedUserId === null;
  if (!belongs) return removeConversation(data, dto.id);
  return filter.labelId ? replaceConversation(data, dto) : upsertConversation(data, dto);
}

export function removeConversation(data: ConversationPages | undefined, id: string): ConversationPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) };
}

export function findConversation(data: ConversationPages | undefined, id: string): ConversationDto | undefined {
  return data?.pages.flatMap((p) => p.items).find((c) => c.id === id);
}

/** The chat's messages top to bottom: the oldest page first, each page oldest first, once each. */
export function flattenMessages(data: MessagePages | undefined): MessageDto[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: MessageDto[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.items) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/**
 * A new message at the bottom of the newest page. A stored copy of a message this tab is still
 * sending (same text, typed in the app) replaces its optimistic bubble instead of doubling it.
 */
export function appendMessage(data: MessagePages | undefined, message: MessageDto): MessagePages | undefined {
  if (!data || !data.pages.length) return data;
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return replaceMessage(data, message);
  const [newest, ...older] = data.pages;
  let items = newest!.items;
  const pendingTwin =
    message.author === 'owner_app'
      ? items.findIndex((m) => isOptimisticId(m.id) && m.status === 'pending' && m.content === message.content)
      : -1;
  if (pendingTwin >= 0) items = items.filter((_, i) => i !== pendingTwin);
  items = [...items, message].sort(
    (a, b) =>
      Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
      (isOptimisticId(a.id) ? 1 : 0) - (isOptimisticId(b.id) ? 1 : 0),
  );
  return { ...data, pages: [{ ...newest!, items }, ...older] };
}

/** A status change (delivered, read, failed) of a loaded message. */
export function replaceMessage(data: MessagePages | undefined, message: MessageDto): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      // A status or reaction update carries no insight: the transcript already shown stays.
      items: p.items.map((m) => (m.id === message.id ? { ...message, insight: message.insight ?? m.insight } : m)),
    })),
  };
}

/** A voice note's transcript or an image's description arrived (message.insight). */
export function setInsight(data: MessagePages | undefined, insight: MessageInsightDto): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.map((m) => (m.id === insight.messageId ? { ...m, insight } : m)),
    })),
  };
}

/** The optimistic bubble is swapped for the stored message (or dropped when realtime brought it first). */
export function settleOptimistic(
  data: MessagePages | undefined,
  tempId: string,
  stored: MessageDto | null,
): MessagePages | undefined {
  if (!data) return data;
  const already = stored ? data.pages.some((p) => p.items.some((m) => m.id === stored.id)) : false;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.flatMap((m) => (m.id !== tempId ? [m] : stored && !already ? [stored] : [])),
    })),
  };
}

export const OPTIMISTIC_PREFIX = 'enviando-';
export function isOptimisticId(id: string): boolean {
  return id.startsWith(OPTIMISTIC_PREFIX);
}
