/** The pure readers of where a message came from (docs/decisions/071-ad-attribution.md). */
import { describe, expect, it } from 'vitest';
import { adSourceOf, linkCodeOf, mayCarryAd } from './message-source.ts';

describe('adSourceOf', () => {
  it('reads a Cloud referral as Meta sent it, keyed by the ad id, with or without the click id', () => {
    const referral = { source_id: '120', source_type: 'ad', source_url: 'https://fb.me/x', headline: 'Bolo no pote' };
    expect(adSourceOf({ referral: { ...referral, ctwa_clid: 'ARA1' } })).toMatchObject({
      reliability: 'meta',
      sourceKey: '120',
      headline: 'Bolo no pote',
      ctwaClid: 'ARA1',
    });
    expect(adSourceOf({ referral })?.ctwaClid).toBeNull();
    // Without an id, the URL, else the headline groups the ad.
    expect(adSourceOf({ referral: { source_url: 'https://fb.me/y' } })?.sourceKey).toBe('https://fb.me/y');
    expect(adSourceOf({ referral: {} })).toBeNull();
  });

  it("reads a QR phone's ad reply, but not a link preview's", () => {
    const ad = { title: 'Brigadeiro', sourceType: 'ad', sourceId: '77', ctwaClid: 'ARA2', thumbnail: 'AAAA' };
    const source = adSourceOf({ contextInfo: { externalAdReply: ad, conversionSource: 'FB_Ads' } });
    expect(source).toMatchObject({ reliability: 'device', sourceKey: '77', headline: 'Brigadeiro', ctwaClid: 'ARA2' });
    expect((source!.referral.externalAdReply as Record<string, unknown>).thumbnail).toBeUndefined();
    // Inside the content's own contextInfo too.
    expect(
      adSourceOf({ message: { extendedTextMessage: { text: 'oi', contextInfo: { externalAdReply: ad } } } }),
    ).not.toBeNull();
    const preview = { title: 'Meu site', sourceUrl: 'https://loja.example', mediaType: 'IMAGE' };
    expect(adSourceOf({ contextInfo: { externalAdReply: preview } })).toBeNull();
  });

  it('tells the set-based ingestion which messages to send one by one', () => {
    expect(mayCarryAd({ message: { conversation: 'oi' } })).toBe(false);
    expect(mayCarryAd({ referral: {} })).toBe(true);
    expect(mayCarryAd({ contextInfo: { externalAdReply: {} } })).toBe(true);
  });
});

describe('linkCodeOf', () => {
  it('finds the code and takes it out of the text', () => {
    expect(linkCodeOf('Olá! Quero saber mais. [ref:bio]')).toEqual({ code: 'BIO', text: 'Olá! Quero saber mais.' });
    expect(linkCodeOf('[ref:FLY-2] oi, tudo bem?')).toEqual({ code: 'FLY-2', text: 'oi, tudo bem?' });
    expect(linkCodeOf('Quero o [ref:X1] bolo')).toEqual({ code: 'X1', text: 'Quero o bolo' });
  });

  it('leaves ordinary text alone', () => {
    expect(linkCodeOf('Quero 2 bolos [promo]')).toBeNull();
    expect(linkCodeOf('[ref:]')).toBeNull();
    expect(linkCodeOf(null)).toBeNull();
  });
});
