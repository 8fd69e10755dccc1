/**
 * The conversation row's type and the realtime publisher's reads, under the name the conversation engine
 * imports them by; they live in conversation-repository.ts, where new code imports them from.
 */
export type { ConversationParties, ConversationRow } from './conversation-repository.ts';
export { findConversationParties, findConversationsWithOwnerPhone } from './conversation-repository.ts';
