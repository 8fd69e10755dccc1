import { describe, expect, it } from 'vitest';
import { anyConnected, finalTarget } from './finished-step';

describe('finalTarget', () => {
  it('update → /ia-management?agent=, create → /agents-management, no mode → /dashboard', () => {
    expect(finalTarget('update', 'abc').href).toBe('/ia-management?agent=abc');
    expect(finalTarget('create', 'abc').href).toBe('/agents-management');
    expect(finalTarget(null, 'abc').href).toBe('/dashboard');
  });
});

describe('anyConnected', () => {
  it("'Conectar WhatsApp' leads when no number is connected: none, or all disconnected", () => {
    expect(anyConnected([])).toBe(false);
    expect(anyConnected([{ status: 'DESCONECTADO' }])).toBe(false);
    expect(anyConnected([{ status: 'DESCONECTADO' }, { status: 'CONECTADO' }])).toBe(true);
  });
});
