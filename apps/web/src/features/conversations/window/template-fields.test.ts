import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '@vendai/contracts';
import { templateFields, templatePreview } from './template-composer';

/** The template picker's fields and preview (docs/decisions/054-cloud-window-and-templates.md). */
const order: MessageTemplate = {
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá, {{1}}! Seu pedido saiu para entrega e chega até {{2}}.',
  variables: 2,
  parameterFormat: 'POSITIONAL',
  bodyNames: [],
  header: { format: 'TEXT', text: 'Pedido {{1}}', variable: '1' },
  buttons: [
    { type: 'URL', text: 'Acompanhar', url: 'https://loja.example/rastreio/{{1}}', variable: true },
    { type: 'QUICK_REPLY', text: 'Falar com a loja', url: null, variable: false },
  ],
};
const promo: MessageTemplate = {
  name: 'promo_nome',
  language: 'pt_BR',
  category: 'MARKETING',
  body: 'Oi, {{first_name}}! {{produto}} está com desconto esta semana.',
  variables: 2,
  parameterFormat: 'NAMED',
  bodyNames: ['first_name', 'produto'],
  header: { format: 'IMAGE', text: null, variable: null },
  buttons: [],
};

describe('template picker', () => {
  it('asks for the header variable, each body variable and the URL button’s end, in Portuguese', () => {
    expect(templateFields(order)).toEqual({
      header: 'Cabeçalho: {{1}}',
      body: ['Variável {{1}}', 'Variável {{2}}'],
      buttons: ['Botão "Acompanhar": final do link'],
    });
    expect(templateFields(promo)).toEqual({
      header: 'Link da imagem do cabeçalho (https://…)',
      body: ['Campo {{first_name}}', 'Campo {{produto}}'],
      buttons: [],
    });
  });

  it('previews what the customer reads, named parameters by name', () => {
    expect(templatePreview(order, ['Marina', ''], '4321')).toBe(
      'Pedido 4321\nOlá, Marina! Seu pedido saiu para entrega e chega até {{2}}.',
    );
    expect(templatePreview(promo, ['Marina', 'O bolo'], '')).toBe('Oi, Marina! O bolo está com desconto esta semana.');
    expect(templatePreview(promo, ['', ''], '')).toBe('Oi, {{first_name}}! {{produto}} está com desconto esta semana.');
  });
});
