import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { MessageDto } from '@vendai/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBubble } from './message-bubble';
import { SenderNamesProvider } from './sender-names';

// The owner is signed in; the team: the owner and Bruno (docs/decisions/044-team-roles-and-assignment.md).
vi.mock('@/lib/auth', () => ({ useMe: () => ({ data: { user: { id: 'owner' }, team: { role: 'owner' } } }) }));
vi.mock('@/lib/api/get-team', () => ({
  useTeamPeople: () => [
    { id: 'owner', name: 'Mariana Souza' },
    { id: 'bruno', name: 'Bruno Lima' },
  ],
}));

const sent = (overrides: Partial<MessageDto>): MessageDto => ({
  id: 'm1',
  convId: 'c1',
  direction: 'out',
  content: 'Custa R$ 89,90!',
  fromMe: true,
  author: 'ai',
  messageType: 'text',
  status: 'sent',
  error: null,
  createdAt: '2026-11-22T15:00:00.000Z',
  media: null,
  origin: 'draft',
  ...overrides,
});

function show(m: MessageDto) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SenderNamesProvider>
        <ul>
          <MessageBubble message={m} />
        </ul>
      </SenderNamesProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('MessageBubble: an approved draft says who edited and who sent it', () => {
  it('an edited draft is the editor’s, not the AI’s', () => {
    show(sent({ editedByUserId: 'bruno', sentByUserId: 'bruno' }));
    expect(screen.getByTestId('message-sender').textContent).toBe('Editado por Bruno Lima');
    expect(screen.getByTestId('message-origin').textContent).toBe('· Enviado por Bruno Lima');
    expect(screen.queryByText('IA')).toBeNull();
  });

  it('an unedited draft stays the AI’s, sent by a person; the signed-in person is “você”', () => {
    show(sent({ editedByUserId: null, sentByUserId: 'owner' }));
    expect(screen.getByTestId('message-sender').textContent).toBe('IA');
    expect(screen.getByTestId('message-origin').textContent).toBe('· Enviado por você');
    cleanup();
    show(sent({ editedByUserId: 'gone', sentByUserId: 'owner' }));
    expect(screen.getByTestId('message-sender').textContent).toBe('Editado por ex-membro da equipe');
  });

  it('a draft from before (no people stored) keeps its origin label', () => {
    show(sent({}));
    expect(screen.getByTestId('message-origin').textContent).toBe('· Aprovada por você');
  });
});
