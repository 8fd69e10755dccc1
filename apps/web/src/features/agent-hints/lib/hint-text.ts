import type { AgentHint, AgentPageTab } from '@vendai/contracts';

/** A hint's words and where its link goes (the agent's page, tab and card; decision 065). */
export function hintText(hint: AgentHint): { text: string; action: string; tab: AgentPageTab; card: string } {
  const n = hint.count.toLocaleString('pt-BR');
  if (hint.kind === 'follow-up')
    return {
      text: `${n} ${hint.count === 1 ? 'cliente parou' : 'clientes pararam'} de responder depois de receber um preço nos últimos ${hint.days} dias. O acompanhamento de ${hint.agentName} lembra o cliente do que ele queria.`,
      action: 'Ativar o acompanhamento',
      tab: 'age',
      card: 'acompanhamento',
    };
  return {
    text: `A proteção de preços trocou ${n} ${hint.count === 1 ? 'resposta' : 'respostas'} de ${hint.agentName} nos últimos ${hint.days} dias. Com a aprovação, você confere cada resposta antes do cliente.`,
    action: 'Ligar a aprovação',
    tab: 'age',
    card: 'aprovacao',
  };
}
