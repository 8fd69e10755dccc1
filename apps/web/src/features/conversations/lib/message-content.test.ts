import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, parseContact, parseLocation } from './message-content';

describe('parseLocation', () => {
  it('lê endereço e coordenadas e monta links de mapa (sem carregar mapa)', () => {
    const loc = parseLocation(JSON.stringify({ address: 'Av. Paulista, 1000', lat: -23.5614, lng: -46.6559 }));
    expect(loc).toMatchObject({ address: 'Av. Paulista, 1000', lat: -23.5614, lng: -46.6559 });
    expect(loc?.openStreetMapUrl).toBe(
      'https://www.openstreetmap.org/?mlat=-23.5614&mlon=-46.6559#map=17/-23.5614/-46.6559',
    );
    expect(loc?.googleMapsUrl).toBe('https://www.google.com/maps/search/?api=1&query=-23.5614,-46.6559');
  });
  it('conteúdo ilegível ou fora do mapa é null', () => {
    expect(parseLocation('rua tal')).toBeNull();
    expect(parseLocation(JSON.stringify({ address: null, lat: 123, lng: 0 }))).toBeNull();
    expect(parseLocation(null)).toBeNull();
  });
});

describe('parseContact', () => {
  it('lê nome e telefone formatado', () => {
    expect(parseContact(JSON.stringify({ name: 'Carlos Lima', phone: '+55 11 91234-5678' }))).toEqual({
      name: 'Carlos Lima',
      phone: '+55 (11) 91234-5678',
    });
    expect(parseContact(JSON.stringify({ name: 'Sem telefone', phone: null }))).toEqual({
      name: 'Sem telefone',
      phone: null,
    });
    expect(parseContact('{')).toBeNull();
  });
});

describe('formatBytes / formatDuration', () => {
  it('tamanhos em pt-BR', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(52_341)).toBe('51 KB');
    expect(formatBytes(1_468_006)).toBe('1,4 MB');
    expect(formatBytes(null)).toBeNull();
  });
  it('durações m:ss', () => {
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(754)).toBe('12:34');
  });
});
