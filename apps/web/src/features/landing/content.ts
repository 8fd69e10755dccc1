import type { StepImage } from '@/components/illustrations/step-illustration';
import { Clock, Hand, MessageSquareHeart, Target, type LucideIcon } from 'lucide-react';

/**
 * Static landing content (docs/product/data.md "Landing content"). Copy counts follow docs/product/limits.md: 10 minutes,
 * 2 minutes, 7 key questions (then a few more the AI asks), 3 mini lessons, 3 steps, 4 features. Testimonials are sample content.
 */

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: Clock,
    title: 'Atendimento 24 horas',
    description: 'Responde na hora, de madrugada, no fim de semana e no feriado. Nenhum cliente fica esperando.',
  },
  {
    icon: MessageSquareHeart,
    title: 'Fala do jeito do seu negócio',
    description: 'Aprende seus produtos, preços e o seu tom de voz para conversar como você conversaria.',
  },
  {
    icon: Target,
    title: 'Focada em vender',
    description: 'Tira dúvidas, qualifica o interesse, contorna objeções e conduz o cliente até o fechamento.',
  },
  {
    icon: Hand,
    title: 'Você sempre no controle',
    description: 'Ligue ou desligue a IA em cada conversa e assuma o atendimento sempre que quiser.',
  },
];

export interface Step {
  number: number;
  title: string;
  description: string;
  /** Which locally drawn illustration to use. */
  image: StepImage;
}

export const STEPS: readonly Step[] = [
  {
    number: 1,
    title: 'Conecte seu WhatsApp',
    description: 'Escaneie o QR code com o celular, como no WhatsApp Web. Leva cerca de 2 minutos.',
    image: 'qr',
  },
  {
    number: 2,
    title: 'Treine sua IA',
    description:
      'Responda 7 perguntas simples sobre o seu negócio, e mais algumas que a IA faz. Ela escreve sozinha as próprias instruções.',
    image: 'questions',
  },
  {
    number: 3,
    title: 'Automatize suas vendas',
    description: 'Pronto: a IA atende seus clientes 24 horas por dia e você acompanha tudo pelo painel.',
    image: 'chat',
  },
];

export interface Testimonial {
  name: string;
  role: string;
  quote: string;
  /** Initials drawn as the avatar (no remote images). */
  initials: string;
  avatarClass: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Dra. Camila Rocha',
    role: 'Dentista em Belo Horizonte (MG)',
    quote:
      'Eu passava a noite respondendo paciente sobre preço e horário. Hoje a IA resolve uns 80% dessas perguntas repetitivas e eu só entro para confirmar a consulta.',
    initials: 'CR',
    avatarClass: 'bg-sky-100 text-sky-800',
  },
  {
    name: 'Rafael Mendes',
    role: 'Coach de carreira em São Paulo (SP)',
    quote:
      'Meus leads chegam de madrugada e agora ninguém fica sem resposta. Em dois meses minhas conversões subiram 40%, sem contratar ninguém.',
    initials: 'RM',
    avatarClass: 'bg-amber-100 text-amber-800',
  },
  {
    name: 'Juliana Alves',
    role: 'Loja de moda fitness em Recife (PE)',
    quote:
      'Configurei numa tarde, sem entender nada de tecnologia. A IA fala com minhas clientes do jeito que eu falo, e quando quero eu assumo a conversa.',
    initials: 'JA',
    avatarClass: 'bg-rose-100 text-rose-800',
  },
];
