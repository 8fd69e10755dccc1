/** Portuguese texts of the prompt editor (docs/product/messages.md, docs/product/limits.md), kept in one place. */
export const EDITOR_MESSAGES = {
  loadAgentFailed: 'Erro ao carregar dados do agente',
  saveDelayFailed: 'Erro ao salvar tempo de resposta',
  saveFailed: 'Erro ao salvar alterações',
  saveUnexpected: 'Erro inesperado ao salvar',
  saved: 'Prompt salvo.',
  limitsLookupFailed: 'Erro ao verificar limites do plano. Tente novamente.',
  retrainLimit:
    'Você atingiu o limite de treinamentos do seu plano neste mês. Edições manuais do prompt continuam liberadas.',
  coachLockedByDraft: 'Salve ou descarte suas alterações manuais para usar a treinadora.',
} as const;
