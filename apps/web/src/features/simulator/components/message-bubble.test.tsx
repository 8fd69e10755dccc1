import { cleanup, render, screen } from '@testing-library/react';
import type { SimMessageView } from '@vendai/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBubble } from './message-bubble';

afterEach(cleanup);

const base: SimMessageView = {
  id: 'm1',
  keyId: 'K1',
  fromBusiness: false,
  type: 'text',
  text: 'Oi!',
  caption: null,
  senderName: null,
  senderPhone: null,
  status: 'DELIVERY_ACK',
  timestamp: 1_730_000_000,
  deliveries: 1,
  viaLid: false,
  media: null,
  location: null,
  contact: null,
};

describe('MessageBubble', () => {
  it('mostra as mensagens do cliente à direita com tiques, azuis quando o VendAI leu', () => {
    const { rerender } = render(<MessageBubble message={base} isGroup={false} />);
    expect(screen.getByText('Oi!')).toBeTruthy();
    expect(screen.getByLabelText('Entregue')).toBeTruthy();
    expect(screen.getByTestId('sim-message').getAttribute('data-from')).toBe('customer');
    rerender(<MessageBubble message={{ ...base, status: 'READ' }} isGroup={false} />);
    expect(screen.getByLabelText('Lida pelo VendAI')).toBeTruthy();
  });

  it('não mostra tiques nas respostas do VendAI', () => {
    render(<MessageBubble message={{ ...base, fromBusiness: true, text: 'Olá!' }} isGroup={false} />);
    expect(screen.getByTestId('sim-message').getAttribute('data-from')).toBe('business');
    expect(screen.queryByLabelText('Entregue')).toBeNull();
  });

  it('marca o envio duplicado, o @lid e, em grupos, quem escreveu', () => {
    render(
      <MessageBubble
        message={{ ...base, deliveries: 2, viaLid: true, senderName: 'Elisa', senderPhone: '5531944443333' }}
        isGroup
      />,
    );
    expect(screen.getByTitle('Entregue duas vezes com o mesmo id')).toBeTruthy();
    expect(screen.getByText('@lid')).toBeTruthy();
    expect(screen.getByText('Elisa')).toBeTruthy();
    expect(screen.getByText('+55 (31) 94444-3333')).toBeTruthy();
  });

  it('mostra localização, contato e documento com os dados de cada um', () => {
    render(
      <>
        <MessageBubble
          message={{
            ...base,
            type: 'location',
            text: null,
            location: { latitude: -23.5614, longitude: -46.6559, name: 'MASP', address: 'Av. Paulista' },
          }}
          isGroup={false}
        />
        <MessageBubble
          message={{
            ...base,
            id: 'm2',
            type: 'contact',
            text: null,
            contact: { displayName: 'Fernanda', phone: '5511955554444' },
          }}
          isGroup={false}
        />
        <MessageBubble
          message={{
            ...base,
            id: 'm3',
            type: 'document',
            text: null,
            media: {
              url: '/simulator/ui-api/media/x',
              mimetype: 'application/pdf',
              fileName: 'orcamento.pdf',
              size: 2048,
              seconds: null,
              width: null,
              height: null,
            },
          }}
          isGroup={false}
        />
      </>,
    );
    expect(screen.getByText('MASP')).toBeTruthy();
    expect(screen.getByText('-23.56140, -46.65590')).toBeTruthy();
    expect(screen.getByText('Fernanda')).toBeTruthy();
    expect(screen.getByRole('link', { name: /orcamento\.pdf/ }).getAttribute('href')).toBe('/simulator/ui-api/media/x');
  });
});
