import { PRODUCT_NAME } from '@vendai/contracts/brand';
import { cn } from '@/lib/cn';

export function Logo({ className, inverted }: { className?: string; inverted?: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-lg font-bold tracking-tight',
        inverted ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#059669" />
        <path d="M9 10h3.2l3.8 9.4L19.8 10H23l-5.6 13h-2.8z" fill="#fff" />
      </svg>
      {PRODUCT_NAME}
    </span>
  );
}
