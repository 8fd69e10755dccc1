import type { ContactAvatar } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { findConversationOfAccount } from './conversations-repository.ts';

/** Longest wait for the gateway: the list shows the placeholder after 3 s anyway (docs/product/limits.md). */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The contact's picture (docs/product/integrations.md "fetchProfilePictureUrl"), through the gateway on the server so
 * the browser never sees the gateway. Any failure (privacy setting, gateway down, timeout) is
 * `url: null` and the list shows the initials placeholder; it is never an error for the user.
 */
export async function getContactAvatar({
  deps,
  accountId,
  id,
  timeoutMs = LOOKUP_TIMEOUT_MS,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'gateway' | 'avatars'>;
  accountId: string;
  id: string;
  timeoutMs?: number;
}): Promise<ContactAvatar> {
  const conversation = await findConversationOfAccount(deps.db, accountId, id);
  if (!conversation) throw notFound();
  const target =
    conversation.type === 'group' ? conversation.contactJid : (conversation.contactPhone ?? conversation.contactJid);
  const url = await deps.avatars.get(`${conversation.numberInstanceName}|${target}`, () =>
    withTimeout(deps.gateway.profilePictureUrl(conversation.numberInstanceName, target), timeoutMs),
  );
  return { url: isDisplayableUrl(url) ? url : null };
}

/** Only http(s) and same-origin paths reach an <img>; anything else the gateway says is ignored. */
function isDisplayableUrl(url: string | null): url is string {
  if (!url) return false;
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
