import { describe, expect, it } from 'vitest';
import { dailyItemsFor, isTeamPath, navGroupsFor, navItemsFor } from './nav-items';

describe("the attendant's menu and pages (docs/decisions/044-team-roles-and-assignment.md)", () => {
  it('the owner sees every entry, Equipe included; an attendant only the inbox, the funnel, the agenda and the tutorial', () => {
    expect(navItemsFor('owner').map((i) => i.label)).toContain('Equipe');
    expect(navItemsFor('attendant').map((i) => i.label)).toEqual([
      'Conversas',
      'Funil de vendas',
      'Agenda',
      'Tutorial',
    ]);
    expect(navGroupsFor('attendant').map((g) => g.label)).toEqual(['Dia a dia', 'Ajuda']);
  });

  it('keeps every entry the specification names, in five groups; the phone bar holds the daily places', () => {
    expect(navGroupsFor('owner').map((g) => g.label)).toEqual([
      'Dia a dia',
      'Vendas',
      'Inteligência artificial',
      'Seu negócio',
      'Ajuda',
    ]);
    const labels = navItemsFor('owner').map((i) => i.label);
    for (const spec of [
      'Conversas',
      "WhatsApp's",
      'IA Treinamento',
      'Planos',
      'Tutorial',
      'Ajude A Melhorar',
      'Playground',
    ])
      expect(labels).toContain(spec);
    expect(new Set(labels).size).toBe(labels.length);
    expect(dailyItemsFor('owner').map((i) => i.label)).toEqual([
      'Conversas',
      'Funil de vendas',
      'Avisos',
      'Resultados',
    ]);
    expect(dailyItemsFor('attendant').map((i) => i.label)).toEqual([
      'Conversas',
      'Funil de vendas',
      'Agenda',
      'Tutorial',
    ]);
  });

  it('an attendant may open the inbox and its conversations, not the owner pages', () => {
    for (const path of ['/dashboard', '/dashboard/c/123', '/funil', '/agenda', '/tutorial', '/notificacoes'])
      expect(isTeamPath(path)).toBe(true);
    for (const path of [
      '/settings',
      '/pricing',
      '/equipe',
      '/agents-management',
      '/ia-management',
      '/resultados',
      '/dashboard/feedback',
    ])
      expect(isTeamPath(path)).toBe(false);
  });
});
