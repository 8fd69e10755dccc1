import { expandQuickReply, type QuickReplyDto } from '@vendai/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { findConversation } from '../lib/cache-updates';
import { useQuickReplies } from './quick-replies-api';
import { QuickReplyMenu } from './quick-reply-menu';

/** `/atalho` at the end of the text, at its start or after a space. */
const TOKEN = /(^|\s)\/([a-z0-9_-]*)$/i;

/**
 * The composer's quick replies: typing `/` and part of a shortcut offers the matching saved texts
 * (arrows choose, Enter or Tab expands, Esc closes); `{nome}` becomes the customer's first name.
 */
export function useQuickReplyPicker({
  convId,
  text,
  setText,
}: {
  convId: string;
  text: string;
  setText: (text: string) => void;
}) {
  const replies = useQuickReplies();
  const list = useConversations();
  const single = useConversation(convId, { enabled: false });
  const contactName = (findConversation(list.data, convId) ?? single.data)?.contactName ?? null;
  const [active, setActive] = useState(0);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const match = TOKEN.exec(text);
  const typed = match?.[2]?.toLowerCase() ?? '';
  const items = match ? (replies.data ?? []).filter((r) => r.shortcut.startsWith(typed)) : [];
  const open = Boolean(match) && closedFor !== text;
  const index = Math.min(active, Math.max(0, items.length - 1));

  const choose = (reply: QuickReplyDto) => {
    setText(text.slice(0, match!.index + match![1]!.length) + expandQuickReply(reply.text, contactName));
    setActive(0);
  };

  /** Handles the key when the menu is open; answers whether it did. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (e.key === 'Escape') setClosedFor(text);
    else if (e.key === 'ArrowDown' && items.length) setActive((index + 1) % items.length);
    else if (e.key === 'ArrowUp' && items.length) setActive((index - 1 + items.length) % items.length);
    else if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && items[index]) choose(items[index]);
    else return false;
    e.preventDefault();
    return true;
  };

  const menu = open ? (
    <QuickReplyMenu
      items={items}
      active={index}
      typed={typed}
      loading={replies.isPending}
      onChoose={choose}
      onHover={setActive}
    />
  ) : null;
  return { onKeyDown, menu, expanded: open };
}
