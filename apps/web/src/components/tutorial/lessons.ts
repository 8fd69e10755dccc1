import type { StepImage } from '@/components/illustrations/step-illustration';

/**
 * The three mini lessons of the landing page and /tutorial (docs/product/screens.md#other-screens).
 * The video links are configuration (TUTORIAL_VIDEO_URLS, through GET /api/config), never code; each
 * lesson also has its written step-by-step version, shown when it has no usable link.
 */
export interface TutorialLesson {
  /** Stable key and DOM id suffix. */
  slug: string;
  title: string;
  description: string;
  /** Shown on the local thumbnail, mm:ss. */
  duration: string;
  /** Which locally drawn thumbnail to use. */
  thumbnail: 'connect' | 'train' | 'automate';
  /** The drawing of the written version. */
  image: StepImage;
  /** The written step-by-step version. */
  steps: readonly string[];
}

export const TUTORIAL_LESSONS: readonly TutorialLesson[] = [
  {
    slug: 'conectar',
    title: 'Conecte seu WhatsApp em 2 minutos',
    description: 'Escaneie o QR code com o celular e seu número já fica ligado ao VendAI.',
    duration: '1:12',
    thumbnail: 'connect',
    image: 'qr',
    steps: [
      "No menu, abra WhatsApp's e clique em '+ Novo WhatsApp'.",
      'Informe o número do WhatsApp do seu negócio e um apelido para reconhecê-lo (por exemplo, Loja Centro).',
      'No celular, abra o WhatsApp, toque em Aparelhos conectados e depois em Conectar um aparelho.',
      'Aponte a câmera para o QR code da tela. Em segundos o número aparece como Conectado.',
    ],
  },
  {
    slug: 'treinar',
    title: 'Treine sua IA com 7 perguntas',
    description: 'Conte como funciona seu negócio e a IA monta sozinha o jeito de atender.',
    duration: '1:45',
    thumbnail: 'train',
    image: 'questions',
    steps: [
      "Em IA Treinamento, clique em '+ Novo Agente' (ou em 'Começar agora', logo depois de criar a conta).",
      'Responda as 7 perguntas sobre o seu negócio: o que você vende, para quem, preços, dúvidas comuns e o tom da conversa.',
      'A IA faz mais algumas perguntas para entender os detalhes. Responda com preços, prazos e links.',
      'Dê um nome ao agente. Com um só WhatsApp, ele já passa a responder nesse número.',
    ],
  },
  {
    slug: 'automatizar',
    title: 'Venda no automático, 24 horas',
    description: 'Veja a IA respondendo clientes e como você assume a conversa quando quiser.',
    duration: '1:30',
    thumbnail: 'automate',
    image: 'chat',
    steps: [
      'Em Conversas, acompanhe ao vivo cada conversa e as respostas da IA.',
      'No topo da conversa, a chave IA/Manual diz quem responde. Desligue para assumir você mesmo.',
      'Se você responder pelo painel, a conversa passa para Manual e a IA não atropela a sua resposta.',
      'Quando o negócio mudar (preços, produtos), refaça o treinamento ou edite as instruções da IA.',
    ],
  },
];
