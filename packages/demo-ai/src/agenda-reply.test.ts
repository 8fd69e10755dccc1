import { describe, expect, it } from 'vitest';
import { createDemoLlm } from './demo-llm.ts';
import type { DemoMessage, DemoRequest, DemoToolCall } from './demo-types.ts';

/** The agenda's tools as the app answers them (apps/server/src/domain/agenda-chat/agenda-tools.ts), in memory. */
function agenda() {
  const slots = [
    { inicio: '2026-12-10T12:00:00.000Z', texto: 'quinta-feira, 10/12 às 09:00', profissional_id: 'p1' },
    { inicio: '2026-12-11T12:00:00.000Z', texto: 'sexta-feira, 11/12 às 09:00', profissional_id: 'p1' },
    { inicio: '2026-12-14T18:00:00.000Z', texto: 'segunda-feira, 14/12 às 15:00', profissional_id: 'p1' },
  ];
  let current: { servico: string; quando: string } | null = null;
  const calls: string[] = [];
  const run = (c: DemoToolCall): unknown => {
    const args = JSON.parse(c.arguments) as { inicio?: string };
    calls.push(`${c.name}${args.inicio ? ` ${args.inicio}` : ''}`);
    const quando = slots.find((s) => s.inicio === args.inicio)?.texto ?? '';
    if (c.name === 'ver_horarios')
      return { servico: { id: 'svc', nome: 'Corte de cabelo' }, horarios: slots, agendamento_atual: current };
    if (c.name === 'agendar') return { ok: true, agendamento: (current = { servico: 'Corte de cabelo', quando }) };
    if (c.name === 'remarcar') return { ok: true, agendamento: (current = { servico: 'Corte de cabelo', quando }) };
    const was = current;
    current = null;
    return { ok: true, cancelado: was };
  };
  return { run, calls };
}

const TOOLS = ['buscar_catalogo', 'ver_horarios', 'agendar', 'remarcar', 'cancelar'].map((name) => ({ name }));

/** One answer as the app's completeReply runs it: up to two rounds of tools, then the answer. */
async function answer(history: DemoMessage[], tools: ReturnType<typeof agenda>): Promise<string> {
  const llm = createDemoLlm({ assembleSystemPrompt: () => '' });
  const task = { kind: 'reply' as const, systemPrompt: 'Você é a Bia.', respostas: [], history };
  let request: DemoRequest = { messages: [...history], task, tools: TOOLS, toolChoice: 'auto' };
  for (let round = 0; round < 2; round++) {
    const turn = await llm.completeTurn!(request);
    if (!turn.toolCalls.length) return turn.text!;
    request = {
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: null, toolCalls: turn.toolCalls },
        ...turn.toolCalls.map((c) => ({
          role: 'tool' as const,
          toolCallId: c.id,
          content: JSON.stringify(tools.run(c)),
        })),
      ],
    };
  }
  return llm.complete({ ...request, toolChoice: 'none' });
}

describe('the demo AI books in the chat', () => {
  it('offers the real slots, confirms the choice, books only after "sim", then reschedules and cancels', async () => {
    const tools = agenda();
    const history: DemoMessage[] = [];
    const say = async (text: string) => {
      history.push({ role: 'user', content: text });
      const reply = await answer(history, tools);
      history.push({ role: 'assistant', content: reply });
      return reply;
    };
    expect(await say('Oi, quero marcar um corte de cabelo')).toBe(
      'Para Corte de cabelo, tenho estes horários:\n1) quinta-feira, 10/12 às 09:00\n2) sexta-feira, 11/12 às 09:00\n3) segunda-feira, 14/12 às 15:00\nQual você prefere?',
    );
    expect(await say('o segundo')).toBe('Posso confirmar Corte de cabelo em sexta-feira, 11/12 às 09:00?');
    expect(tools.calls).toEqual(['ver_horarios']);
    expect(await say('sim')).toBe('Prontinho! Ficou agendado: Corte de cabelo, sexta-feira, 11/12 às 09:00. Até lá!');
    expect(tools.calls.at(-1)).toBe('agendar 2026-12-11T12:00:00.000Z');

    expect(await say('Preciso remarcar')).toContain('Para remarcar Corte de cabelo, tenho estes horários:');
    expect(await say('segunda 15h')).toBe('Posso remarcar Corte de cabelo para segunda-feira, 14/12 às 15:00?');
    expect(await say('pode')).toBe('Pronto, seu horário foi remarcado para segunda-feira, 14/12 às 15:00. Até lá!');
    expect(tools.calls.at(-1)).toBe('remarcar 2026-12-14T18:00:00.000Z');

    expect(await say('quero cancelar')).toBe('Quer mesmo cancelar seu horário de segunda-feira, 14/12 às 15:00?');
    expect(await say('sim')).toContain('cancelei seu horário de segunda-feira, 14/12 às 15:00');
    expect(tools.calls.at(-1)).toBe('cancelar');
  });

  it("reads a reminder's '2' as 'remarcar' and a '3' after the cancellation as new times (decision 073)", async () => {
    const reminder =
      'Olá, Ana! Lembrete do seu horário: Corte de cabelo, quinta-feira, 10/12 às 09:00, com Lia.\n' +
      'Responda 1 para confirmar, 2 para remarcar ou 3 para cancelar.';
    const booked = agenda();
    booked.run({ id: 'b', name: 'agendar', arguments: JSON.stringify({ inicio: '2026-12-10T12:00:00.000Z' }) });
    const moved = await answer(
      [
        { role: 'assistant', content: reminder },
        { role: 'user', content: '2' },
      ],
      booked,
    );
    expect(moved).toContain('Para remarcar Corte de cabelo, tenho estes horários:');
    const again = await answer(
      [
        { role: 'assistant', content: reminder },
        { role: 'user', content: '3' },
        {
          role: 'assistant',
          content: 'Pronto, seu horário de Corte de cabelo (quinta-feira, 10/12 às 09:00) foi cancelado.',
        },
      ],
      agenda(),
    );
    expect(again).toContain('Para Corte de cabelo, tenho estes horários:');
  });

  it('without the agenda tools it answers as before', async () => {
    const llm = createDemoLlm({ assembleSystemPrompt: () => '' });
    const history: DemoMessage[] = [{ role: 'user', content: 'quero marcar um horário' }];
    const turn = await llm.completeTurn!({
      messages: history,
      task: { kind: 'reply', systemPrompt: '', respostas: [], history },
      tools: [{ name: 'buscar_catalogo' }],
      toolChoice: 'auto',
    });
    expect(turn.toolCalls.map((c) => c.name)).not.toContain('ver_horarios');
  });
});
