import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { PRIVACY_EMAIL } from '../constants';

/** Text building blocks for the legal pages, sized for reading on a phone and on a desktop. */

export function P({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('mt-4 text-[15px] leading-7 text-pretty text-slate-700 sm:text-base', className)}>{children}</p>
  );
}

export function H3({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 text-base font-semibold text-slate-900 sm:text-lg">{children}</h3>;
}

export function List({ children, ordered }: { children: ReactNode; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag
      className={cn(
        'mt-4 space-y-2.5 pl-5 text-[15px] leading-7 text-slate-700 marker:text-brand-700 sm:text-base',
        ordered ? 'list-[lower-roman]' : 'list-disc',
      )}
    >
      {children}
    </Tag>
  );
}

/** A list item with a bold lead-in ("Dados da conta: ..."). */
export function Item({ term, children }: { term?: string; children: ReactNode }) {
  return (
    <li className="pl-1">
      {term ? <strong className="font-semibold text-slate-900">{term}: </strong> : null}
      {children}
    </li>
  );
}

export function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900">{children}</strong>;
}

export function EmailLink() {
  return (
    <a
      href={`mailto:${PRIVACY_EMAIL}`}
      className="font-medium break-words text-brand-700 underline underline-offset-4 hover:text-brand-800"
    >
      {PRIVACY_EMAIL}
    </a>
  );
}
