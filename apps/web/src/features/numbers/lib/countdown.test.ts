import { describe, expect, it } from 'vitest';
import { countdownPercent, countdownTone, formatCountdown, secondsLeft } from './countdown';

describe('contagem regressiva da conexão', () => {
  it('mostra mm:ss', () => {
    expect(formatCountdown(90)).toBe('01:30');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('fica verde acima de 60 s, amarela acima de 30 s e vermelha no resto', () => {
    expect(countdownTone(90)).toBe('green');
    expect(countdownTone(61)).toBe('green');
    expect(countdownTone(60)).toBe('yellow');
    expect(countdownTone(31)).toBe('yellow');
    expect(countdownTone(30)).toBe('red');
    expect(countdownTone(0)).toBe('red');
  });

  it('conta os segundos restantes arredondando para cima e nunca abaixo de zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 100)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });

  it('enche a barra proporcionalmente a 90 s', () => {
    expect(countdownPercent(90)).toBe(100);
    expect(countdownPercent(45)).toBe(50);
    expect(countdownPercent(0)).toBe(0);
  });
});
