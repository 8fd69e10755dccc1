import { TIMING } from '@vendai/contracts';
import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { useContactAvatar } from '../api/get-contact-avatar';
import { initials } from '../lib/display-names';

const COLORS = [
  'bg-emerald-100 text-emerald-800',
  'bg-sky-100 text-sky-800',
  'bg-amber-100 text-amber-900',
  'bg-violet-100 text-violet-800',
  'bg-rose-100 text-rose-800',
  'bg-teal-100 text-teal-800',
];

/** Conversations whose placeholder already showed: coming back to them shows it at once. */
const settled = new Set<string>();

function colorFor(id: string) {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

/**
 * The contact's picture through the server; while it is looked up a neutral circle shows, and the
 * initials placeholder appears after 3 s when the lookup failed or found nothing (docs/product/rules.md#states-and-transitions, docs/product/limits.md).
 */
export function ContactAvatar({
  convId,
  name,
  isGroup,
  size = 'md',
}: {
  convId: string;
  name: string;
  isGroup: boolean;
  size?: 'md' | 'sm';
}) {
  const avatar = useContactAvatar(convId);
  const [loaded, setLoaded] = useState(false);
  const [broken, setBroken] = useState(false);
  const [waited, setWaited] = useState(() => settled.has(convId));
  useEffect(() => {
    if (waited) return;
    const timer = setTimeout(() => {
      settled.add(convId);
      setWaited(true);
    }, TIMING.avatarPlaceholderMs);
    return () => clearTimeout(timer);
  }, [convId, waited]);

  const url = avatar.data?.url ?? null;
  const showImage = !!url && !broken;
  const showPlaceholder = !loaded && waited;
  const box = size === 'md' ? 'size-11 text-sm' : 'size-9 text-xs';

  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
        box,
        !loaded && !showPlaceholder && 'animate-pulse bg-slate-200',
        showPlaceholder && colorFor(convId),
      )}
      aria-hidden
    >
      {showPlaceholder ? (
        isGroup ? (
          <Users className="size-5" />
        ) : (
          <span className="font-semibold">{initials(name)}</span>
        )
      ) : null}
      {showImage ? (
        <img
          src={url}
          alt=""
          referrerPolicy="no-referrer"
          className={cn('absolute inset-0 size-full object-cover', loaded ? 'opacity-100' : 'opacity-0')}
          onLoad={() => setLoaded(true)}
          onError={() => setBroken(true)}
        />
      ) : null}
    </span>
  );
}
