import {
  BarChart3,
  Bot,
  CreditCard,
  FlaskConical,
  Lightbulb,
  MessagesSquare,
  PlayCircle,
  Settings,
  Smartphone,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

/** Side navigation of part 2 §2, in the spec's order and wording, with Resultados (issue 17) after Conversas. */
export const NAV_ITEMS: { label: string; href: string; icon: LucideIcon; end?: boolean }[] = [
  { label: 'Conversas', href: paths.dashboard.getHref(), icon: MessagesSquare, end: true },
  { label: 'Resultados', href: paths.results.getHref(), icon: BarChart3 },
  { label: "WhatsApp's", href: paths.instances.getHref(), icon: Smartphone },
  { label: 'IA Treinamento', href: paths.agents.getHref(), icon: Bot },
  { label: 'Planos', href: paths.pricing.getHref(), icon: CreditCard },
  { label: 'Tutorial', href: paths.tutorial.getHref(), icon: PlayCircle },
  { label: 'Ajude A Melhorar', href: paths.feedback.getHref(), icon: Lightbulb },
  { label: 'Playground', href: paths.playground.getHref(), icon: FlaskConical },
  { label: 'Configurações', href: paths.settings.getHref(), icon: Settings },
];
