/** Portuguese texts of this feature (docs/product/messages.md, docs/product/limits.md), kept in one place. */
export const AGENT_MESSAGES = {
  loadFailed: 'Erro ao carregar agentes',
  deleteFailed: 'Erro ao excluir agente. Tente novamente.',
  loadAgentFailed: 'Erro ao carregar dados do agente',
  saveDelayFailed: 'Erro ao salvar tempo de resposta',
  limitsLookupFailed: 'Erro ao verificar limites do plano. Tente novamente.',
  agentLimit: 'Você atingiu o limite de agentes do seu plano. Faça upgrade para criar mais agentes.',
  retrainLimit:
    'Você atingiu o limite de treinamentos do seu plano neste mês. Edições manuais do prompt continuam liberadas.',
  inUseTitle: 'Agente em uso',
} as const;
