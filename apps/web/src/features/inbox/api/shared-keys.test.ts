import { describe, expect, it } from 'vitest';
import { agentKeys, numberKeys } from '@/lib/query-keys';
import { agentsQueryOptions } from '@/lib/agents';
import { numbersQueryOptions } from './get-numbers';

describe('o inbox lê agentes e números pelas chaves compartilhadas', () => {
  it('a lista de agentes do seletor é a mesma entrada de cache da página de agentes (uma atualização a invalida)', () => {
    expect(agentsQueryOptions.queryKey).toEqual(agentKeys.list());
    expect(numbersQueryOptions.queryKey).toEqual(numberKeys.list());
  });
});
