import { describe, expect, it } from 'vitest';
import { rejectionText, templateDraft, templateName, templateRequest, templateValues } from './template-body.ts';

// Meta's rules for a template's body and name:
// https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components
describe('templateDraft', () => {
  it('numbers the contact’s fields {{1}}, {{2}} in order of appearance, with Meta’s examples', () => {
    expect(templateDraft('Oi {nome}! O {ultimo_item} voltou. Até logo, {nome}, beijo.')).toEqual({
      body: 'Oi {{1}}! O {{2}} voltou. Até logo, {{1}}, beijo.',
      variables: ['nome', 'ultimo_item'],
      examples: ['Marina', 'bolo de pote'],
    });
    expect(templateDraft('O {{ultimo_item}} voltou, {{nome}}!!! Quer?')).toMatchObject({
      body: 'O {{1}} voltou, {{2}}!!! Quer?',
      variables: ['ultimo_item', 'nome'],
    });
  });
  it('refuses what Meta refuses: a field at the start or end, an unknown field, more than 1024 characters', () => {
    expect(templateDraft('{nome}, voltou!')).toHaveProperty('error');
    expect(templateDraft('Voltou, {nome}!')).toHaveProperty('error');
    expect(templateDraft('Oi {cidade}, tudo?')).toMatchObject({ error: expect.stringContaining('{cidade}') });
    expect(templateDraft(`Oi ${'a'.repeat(1030)}`)).toHaveProperty('error');
    expect(templateDraft('Sem campos, só texto.')).toMatchObject({ body: 'Sem campos, só texto.', variables: [] });
  });
});

describe('the request and the values', () => {
  it('is a MARKETING template in pt_BR with the footer and the stop button', () => {
    const draft = templateDraft('Oi {nome}, chegou novidade!');
    if ('error' in draft) throw new Error(draft.error);
    expect(templateRequest({ name: 'n', draft, footer: 'Loja', stopButton: true })).toEqual({
      name: 'n',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Oi {{1}}, chegou novidade!', example: { body_text: [['Marina']] } },
        { type: 'FOOTER', text: 'Loja' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Parar de receber' }] },
      ],
    });
  });
  it('names it as Meta allows: lowercase letters, digits and underscores', () => {
    expect(templateName('Volta às Aulas 2027!', 'a1B2')).toBe('volta_as_aulas_2027_a1b2');
    expect(templateName('!!!', 'x')).toBe('campanha_x');
  });
  it('fills each contact’s values, with a fallback', () => {
    expect(templateValues(['ultimo_item', 'nome'], { name: 'Ana Souza', lastItem: null })).toEqual([
      'seu último pedido',
      'Ana',
    ]);
  });
  it('says Meta’s reasons in Portuguese, with the detail', () => {
    expect(rejectionText('PROMOTIONAL', null)).toContain('promocional');
    expect(rejectionText('INVALID_FORMAT', 'Variable issue')).toContain('Detalhe da Meta: Variable issue');
    expect(rejectionText('SOMETHING_NEW', null)).toContain('recusou');
  });
});
