import {
  BarChart3,
  BellRing,
  BookOpen,
  Bot,
  ClipboardCheck,
  CreditCard,
  FlaskConical,
  Gauge,
  Lightbulb,
  MessagesSquare,
  Package,
  PlayCircle,
  Settings,
  Smartphone,
  Users,
  SquareKanban,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

/** Side navigation of docs/product/screens.md, in the spec's order and wording, with Resultados (docs/decisions/017-results-figures.md) and 'Funil de vendas' (decision 043) after Conversas. */
export const NAV_ITEMS: {
  label: string;
  href: string;
  icon: LucideIcon;
  end?: boolean;
  /** Attendants see it too (docs/decisions/044-team-roles-and-assignment.md); every other entry is the owner's. */
  team?: true;
}[] = [
  { label: 'Conversas', href: paths.conversations.getHref(), icon: MessagesSquare, end: true, team: true },
  { label: 'Avisos', href: paths.ownerChannel.getHref(), icon: BellRing },
  { label: 'Resultados', href: paths.results.getHref(), icon: BarChart3 },
  { label: 'Funil de vendas', href: paths.funnel.getHref(), icon: SquareKanban, team: true },
  { label: "WhatsApp's", href: paths.numbers.getHref(), icon: Smartphone },
  { label: 'IA Treinamento', href: paths.agents.getHref(), icon: Bot },
  { label: 'Catálogo', href: paths.catalogue.getHref(), icon: Package },
  { label: 'Conhecimento', href: paths.knowledge.getHref(), icon: BookOpen },
  { label: 'Testes do assistente', href: paths.agentTests.getHref(), icon: ClipboardCheck },
  { label: 'Planos', href: paths.pricing.getHref(), icon: CreditCard },
  { label: 'Uso do plano', href: paths.usage.getHref(), icon: Gauge },
  { label: 'Tutorial', href: paths.tutorial.getHref(), icon: PlayCircle, team: true },
  { label: 'Ajude A Melhorar', href: paths.feedback.getHref(), icon: Lightbulb },
  { label: 'Playground', href: paths.playground.getHref(), icon: FlaskConical },
  { label: 'Equipe', href: paths.team.getHref(), icon: Users },
  { label: 'Configurações', href: paths.settings.getHref(), icon: Settings },
];

/** The entries a person sees: all for the owner, the team's for an attendant. */
export const navItemsFor = (role: 'owner' | 'attendant') =>
  role === 'owner' ? NAV_ITEMS : NAV_ITEMS.filter((item) => item.team);

/** An attendant may open these pages (the inbox and its conversations, the tutorial); others send them to the inbox. */
export function isTeamPath(pathname: string): boolean {
  // 'Ajude A Melhorar' lives under /dashboard but is the owner's.
  if (pathname.startsWith(paths.feedback.path)) return false;
  return navItemsFor('attendant').some((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
}
