import {
  ATTENDANT_PERMISSION_TEXTS,
  ATTENDANT_PERMISSIONS,
  type AttendantPermission,
  type AttendantPermissions,
} from '@vendai/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@vendai/contracts';
import { ShieldCheck } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api-client';
import { meQueryOptions, useMe } from '@/lib/auth';
import { cn } from '@/lib/cn';

/** PUT /api/team/permissions: the answer is the account's whole list, written into /me at once. */
function useSavePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<AttendantPermissions>) =>
      api.put<AttendantPermissions>('/api/team/permissions', change),
    onSuccess: (permissions) =>
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) =>
        me ? { ...me, team: { ...me.team, permissions } } : me,
      ),
  });
}

/**
 * 'O que atendentes podem fazer' on Equipe (docs/decisions/052-attendant-permissions-and-number-claims.md):
 * five switches, all off until the owner turns one on; each saves at once.
 */
export function AttendantPermissionsCard() {
  const permissions = useMe().data?.team.permissions;
  const save = useSavePermission();
  const id = useId();
  if (!permissions) return null;
  const valueOf = (p: AttendantPermission) =>
    save.isPending && save.variables?.[p] !== undefined ? save.variables[p] : permissions[p];
  const toggle = (p: AttendantPermission, on: boolean) =>
    save.mutate(
      { [p]: on },
      {
        onSuccess: () =>
          toast.success(`${ATTENDANT_PERMISSION_TEXTS[p].title}: ${on ? 'liberado para atendentes' : 'só você'}.`),
        onError: (err) =>
          toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Não foi possível salvar.'),
      },
    );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="attendant-permissions"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 px-5 pt-4 text-base font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden /> O que atendentes podem fazer
      </h2>
      <p className="px-5 pt-1 text-sm text-slate-600">
        Atendentes sempre respondem, marcam etiquetas, usam respostas rápidas, aprovam sugestões da IA e cobram com Pix.
        O que está abaixo fica só com você até você liberar.
      </p>
      <ul className="mt-2 divide-y divide-slate-100">
        {ATTENDANT_PERMISSIONS.map((p) => {
          const on = valueOf(p);
          const switchId = `${id}-${p}`;
          return (
            <li key={p} className="flex items-start gap-4 px-5 py-3">
              <div className="min-w-0 flex-1">
                <label htmlFor={switchId} className="text-sm font-semibold text-slate-900">
                  {ATTENDANT_PERMISSION_TEXTS[p].title}
                </label>
                <p id={`${switchId}-detail`} className="text-xs text-slate-600">
                  {ATTENDANT_PERMISSION_TEXTS[p].detail}
                </p>
              </div>
              <span className="mt-0.5 w-16 shrink-0 text-right text-xs font-medium text-slate-600" aria-hidden>
                {on ? 'Liberado' : 'Só você'}
              </span>
              <Switch.Root
                id={switchId}
                checked={on}
                disabled={save.isPending}
                onCheckedChange={(checked) => toggle(p, checked)}
                aria-describedby={`${switchId}-detail`}
                className={cn(
                  'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-wait disabled:opacity-60',
                  on ? 'bg-brand-700' : 'bg-slate-300',
                )}
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
