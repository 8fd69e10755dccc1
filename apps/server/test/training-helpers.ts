/** Sample training answers for the agents/training/llm tests: a small bakery, as a user would type. */
import { KEY_QUESTIONS, type AnswerItem, type KeyAnswer } from '@vendai/contracts';
import type { TestApp, TestClient } from './helpers/test-app.ts';

export const SAMPLE_KEY_ANSWERS: Record<KeyAnswer['key'], string> = {
  negocio: 'Doce Encanto, confeitaria artesanal em Belo Horizonte, há 6 anos fazendo bolos de festa.',
  cliente_ideal: 'Mães de 28 a 45 anos organizando aniversário dos filhos, que querem algo bonito sem dor de cabeça.',
  produto:
    'Bolo decorado a partir de R$ 180 (serve 20 pessoas), kit festa com 100 docinhos por R$ 150, cupcakes personalizados.',
  processo_vendas:
    'A cliente chama no WhatsApp, escolhe tema e sabor, paga 50% de sinal no Pix e o resto na retirada ou entrega.',
  objecoes: '"Está caro" → explico que é tudo artesanal e mostro fotos; "Vocês entregam?" → sim, em BH com taxa.',
  tom: 'Carinhoso e animado, trata pelo primeiro nome, pode usar emojis de doce.',
  redirecionamento:
    'Para fechar, enviar o formulário de pedido https://doceencanto.exemplo.com.br/pedido ou passar para a Carla.',
};

export function keyAnswers(overrides: Partial<Record<KeyAnswer['key'], string>> = {}): KeyAnswer[] {
  return KEY_QUESTIONS.map((q) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: overrides[q.key] ?? SAMPLE_KEY_ANSWERS[q.key],
  }));
}

export function allAnswers(
  refinements: { pergunta: string; resposta: string }[] = [
    {
      pergunta: 'Qual é o prazo de entrega?',
      resposta: 'Pedidos com 3 dias de antecedência; entrega em BH por R$ 25.',
    },
  ],
): AnswerItem[] {
  return [...keyAnswers(), ...refinements.map((r) => ({ tipo: 'refinamento' as const, ...r }))];
}

export function patch(client: TestClient, url: string, payload: unknown) {
  return client.request({ method: 'PATCH', url, payload: payload as object });
}

export function del(client: TestClient, url: string) {
  return client.request({ method: 'DELETE', url });
}

/** Trains a new agent through the API (demo or whatever provider the app has) and returns its id. */
export async function createAgent(client: TestClient, apelido = 'Luna'): Promise<string> {
  const res = await client.post('/api/training/finish', { mode: 'create', apelido, respostas: allAnswers() });
  if (res.statusCode !== 201) throw new Error(`training failed: ${res.statusCode} ${res.body}`);
  return res.json().agentId as string;
}

/** A new person, registered and signed in, with their user id. */
export async function signedIn(t: TestApp): Promise<{ client: TestClient; userId: string }> {
  const client = t.client();
  await client.registerOk();
  const me = await client.get('/api/account/me');
  return { client, userId: me.json().user.id as string };
}
