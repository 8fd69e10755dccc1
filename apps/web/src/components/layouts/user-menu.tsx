import { DropdownMenu } from 'radix-ui';
import { BellRing, ChevronDown, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Me } from '@vendai/contracts';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth';
import { AccountPortalDialog } from './account-portal-dialog';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

/**
 * User menu (docs/product/screens.md): Manage Account (payment portal, the owner), 'Notificações no celular'
 * (everyone's own, decision 067) and Sair (sign out, back to '/').
 */
export function UserMenu({ me }: { me: Me }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [portalOpen, setPortalOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex items-center gap-2 rounded-lg p-1.5 pr-2 hover:bg-slate-100"
          aria-label="Menu do usuário"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
            {initials(me.user.name)}
          </span>
          <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 sm:block">{me.user.name}</span>
          <ChevronDown className="size-4 text-slate-500" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <div className="px-2.5 py-2">
              <p className="truncate text-sm font-semibold text-slate-900">{me.user.name}</p>
              <p className="truncate text-xs text-slate-500">{me.user.email}</p>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            {me.team.role === 'owner' ? (
              <DropdownMenu.Item
                onSelect={() => setPortalOpen(true)}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
              >
                <Settings className="size-4" aria-hidden /> Gerenciar assinatura
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              onSelect={() => void navigate(paths.notifications.getHref())}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
            >
              <BellRing className="size-4" aria-hidden /> Notificações no celular
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={async () => {
                await signOut();
                void navigate(paths.home.getHref(), { replace: true });
              }}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-red-600 outline-none data-[highlighted]:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden /> Sair
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AccountPortalDialog me={me} open={portalOpen} onOpenChange={setPortalOpen} />
    </>
  );
}
