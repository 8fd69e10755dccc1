import {
  BarChart3,
  BellRing,
  BookOpen,
  CalendarDays,
  Bot,
  ClipboardCheck,
  CreditCard,
  FlaskConical,
  Gauge,
  Lightbulb,
  Megaphone,
  MessagesSquare,
  Package,
  PlayCircle,
  QrCode,
  Settings,
  Smartphone,
  Users,
  SquareKanban,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  end?: boolean;
  /** Attendants see it too (docs/decisions/044-team-roles-and-assignment.md); every other entry is the owner's. */
  team?: true;
  /** One of the phone's bottom bar (the places used every day); the rest is in the menu. */
  daily?: true;
}

/**
 * The side navigation in groups (docs/decisions/056-navigation-in-groups.md): every entry of
 * docs/product/screens.md with its name, grouped by what the owner is doing — the day's work, selling,
 * the AI, the business, help. 'Pix' opens its section of Configurações.
 */
export const NAV_GROUPS: { id: string; label: string; items: NavItem[] }[] = [
  {
    id: 'dia-a-dia',
    label: 'Dia a dia',
    items: [
      {
        label: 'Conversas',
        href: paths.conversations.getHref(),
        icon: MessagesSquare,
        end: true,
        team: true,
        daily: true,
      },
      { label: 'Funil de vendas', href: paths.funnel.getHref(), icon: SquareKanban, team: true, daily: true },
      { label: 'Agenda', href: paths.agenda.getHref(), icon: CalendarDays, team: true },
      { label: 'Avisos', href: paths.ownerChannel.getHref(), icon: BellRing, daily: true },
    ],
  },
  {
    id: 'vendas',
    label: 'Vendas',
    items: [
      { label: 'Catálogo', href: paths.catalogue.getHref(), icon: Package },
      { label: 'Pix', href: `${paths.settings.getHref()}#pagamentos-pix`, icon: QrCode },
      { label: 'Campanhas', href: paths.campaigns.getHref(), icon: Megaphone },
      { label: 'Resultados', href: paths.results.getHref(), icon: BarChart3, daily: true },
    ],
  },
  {
    id: 'ia',
    label: 'Inteligência artificial',
    items: [
      { label: 'IA Treinamento', href: paths.agents.getHref(), icon: Bot },
      { label: 'Conhecimento', href: paths.knowledge.getHref(), icon: BookOpen },
      { label: 'Testes do assistente', href: paths.agentTests.getHref(), icon: ClipboardCheck },
      { label: 'Playground', href: paths.playground.getHref(), icon: FlaskConical },
    ],
  },
  {
    id: 'negocio',
    label: 'Seu negócio',
    items: [
      { label: "WhatsApp's", href: paths.numbers.getHref(), icon: Smartphone },
      { label: 'Equipe', href: paths.team.getHref(), icon: Users },
      { label: 'Configurações', href: paths.settings.getHref(), icon: Settings },
      { label: 'Planos', href: paths.pricing.getHref(), icon: CreditCard },
      { label: 'Uso do plano', href: paths.usage.getHref(), icon: Gauge },
    ],
  },
  {
    id: 'ajuda',
    label: 'Ajuda',
    items: [
      { label: 'Tutorial', href: paths.tutorial.getHref(), icon: PlayCircle, team: true },
      { label: 'Ajude A Melhorar', href: paths.feedback.getHref(), icon: Lightbulb },
    ],
  },
];

const visibleTo = (role: 'owner' | 'attendant') => (item: NavItem) => role === 'owner' || item.team === true;

/** The groups a person sees: all for the owner, the team's entries for an attendant (empty groups left out). */
export const navGroupsFor = (role: 'owner' | 'attendant') =>
  NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(visibleTo(role)) })).filter((g) => g.items.length > 0);

/** The entries a person sees, in order. */
export const navItemsFor = (role: 'owner' | 'attendant') => navGroupsFor(role).flatMap((g) => g.items);

/** Entries that point at a section of a page (their href has '#'), when the location shows that section. */
export const navItemsForHash = (hash: string) =>
  hash ? NAV_GROUPS.flatMap((g) => g.items).filter((item) => item.href.endsWith(hash)) : [];

/** The phone's bottom bar: the daily places a person sees (the rest is behind 'Menu'). */
export const dailyItemsFor = (role: 'owner' | 'attendant') =>
  navItemsFor(role).filter((item) => item.daily || (role === 'attendant' && item.team));

/**
 * An attendant may open these pages (the inbox and its conversations, the tutorial, their own
 * notifications); others send them to the inbox.
 */
export function isTeamPath(pathname: string): boolean {
  // 'Ajude A Melhorar' lives under /dashboard but is the owner's.
  if (pathname.startsWith(paths.feedback.path)) return false;
  // Each member's own notifications (the user menu's entry).
  if (pathname === paths.notifications.path) return true;
  return navItemsFor('attendant').some((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
}
