import { Dialog as D } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Me } from '@vendai/contracts';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BillingNotices } from './billing-notices';
import { EmailVerificationBanner } from './email-verification-banner';
import { dailyItemsFor, navGroupsFor, type NavItem, navItemsForHash } from './nav-items';
import { UserMenu } from './user-menu';

/** An entry is current for its page; one pointing at a section ('Pix' → Configurações#…) only with that section. */
function isCurrent(item: NavItem, location: { pathname: string; hash: string }): boolean {
  const [path, hash] = item.href.split('#');
  const onPage = item.end
    ? location.pathname === path
    : location.pathname === path || location.pathname.startsWith(`${path}/`);
  if (!onPage) return false;
  if (hash) return location.hash === `#${hash}`;
  // The page's own entry is not current while one of its sections' entries is.
  return !navItemsForHash(location.hash).some((other) => other.href.startsWith(`${path}#`));
}

function Nav({ role, onNavigate }: { role: Me['team']['role']; onNavigate?: () => void }) {
  const location = useLocation();
  // The sidebar and the drawer can both be in the page: each labels its groups with its own ids.
  const idPrefix = `nav${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <nav aria-label="Navegação principal" className="flex flex-col gap-4">
      {navGroupsFor(role).map((group) => (
        <div key={group.label} role="group" aria-labelledby={`${idPrefix}-${group.id}`}>
          <p
            id={`${idPrefix}-${group.id}`}
            className="mb-1 px-3 text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
          >
            {group.label}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const current = isCurrent(item, location);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    onClick={onNavigate}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      current ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The phone's bottom bar: the daily places, and 'Menu' for the rest (below the lg breakpoint only). */
function BottomBar({ role, onMenu }: { role: Me['team']['role']; onMenu: () => void }) {
  const location = useLocation();
  return (
    <nav
      aria-label="Atalhos"
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      {dailyItemsFor(role).map((item) => {
        const current = isCurrent(item, location);
        const Icon = item.icon;
        return (
          <Link
            key={item.href}
            to={item.href}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-medium',
              current ? 'text-brand-700' : 'text-slate-600',
            )}
          >
            <Icon className="size-5" aria-hidden />
            <span className="max-w-full truncate">{item.label === 'Funil de vendas' ? 'Funil' : item.label}</span>
          </Link>
        );
      })}
      <button
        type="button"
        onClick={onMenu}
        className="flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-medium text-slate-600"
      >
        <Menu className="size-5" aria-hidden />
        Menu
      </button>
    </nav>
  );
}

/** One shell for every signed-in page: sidebar (drawer on phones), header with plan label and user menu. */
export function AppShell({ me, children }: { me: Me; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // An open conversation on a phone is a screen of its own, as in WhatsApp: its back arrow leads to the
  // list, and the bottom bar gives its room to the message box (docs/decisions/063-chat-header-in-one-row.md).
  const inChat = new URLSearchParams(useLocation().search).has('conversa');
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white px-3 py-5 lg:flex">
        <Link to={paths.conversations.getHref()} className="mb-6 px-3" aria-label="Início do painel">
          <Logo />
        </Link>
        <Nav role={me.team.role} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <D.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <D.Trigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden" aria-label="Abrir menu">
              <Menu className="size-5" />
            </D.Trigger>
            <D.Portal>
              <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden" />
              <D.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white px-3 py-5 shadow-xl lg:hidden">
                <D.Title className="sr-only">Menu</D.Title>
                <D.Description className="sr-only">Navegação do painel</D.Description>
                <div className="mb-6 flex items-center justify-between px-3">
                  <Logo />
                  <D.Close className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label="Fechar menu">
                    <X className="size-5" />
                  </D.Close>
                </div>
                <Nav role={me.team.role} onNavigate={() => setDrawerOpen(false)} />
              </D.Content>
            </D.Portal>
          </D.Root>
          <Link to={paths.conversations.getHref()} className="lg:hidden" aria-label="Início do painel">
            <Logo className="text-base" />
          </Link>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            {me.team.role === 'owner' ? (
              <Link
                to={paths.pricing.getHref()}
                className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-100"
                title="Seu plano atual"
              >
                {me.planLabel}
              </Link>
            ) : (
              <span
                className="hidden max-w-44 truncate rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-xs font-semibold text-slate-700 sm:inline-block"
                title="Você atende pela equipe desta conta"
              >
                Equipe de {me.team.accountName}
              </span>
            )}
            <UserMenu me={me} />
          </div>
        </header>
        {me.team.role === 'owner' ? <BillingNotices me={me} /> : null}
        <EmailVerificationBanner me={me} />
        {/* On phones the bottom bar covers the last 4rem: pages end above it. */}
        <main className={cn('min-w-0 flex-1 lg:pb-0', inChat ? 'pb-0' : 'pb-16')}>{children}</main>
      </div>
      {inChat ? null : <BottomBar role={me.team.role} onMenu={() => setDrawerOpen(true)} />}
    </div>
  );
}
