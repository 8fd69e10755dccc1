import type { CloudMeter } from '@vendai/contracts';

type MeterNumber = CloudMeter['numbers'][number];

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const monthFmt = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'R$ 0,44'. */
export const formatBrl = (value: number) => brl.format(value);

/** '2026-11' → 'novembro de 2026'. */
export const formatMeterMonth = (month: string) => monthFmt.format(new Date(`${month}-01T12:00:00Z`));

/** Every message Meta accepted from the number this month, whatever its category. */
export const sentTotal = (n: MeterNumber) => n.sent.service + n.sent.utility + n.sent.marketing + n.sent.authentication;

/** '1 mensagem cobrada' / '12 mensagens cobradas'. */
export const billedLabel = (count: number) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? 'mensagem cobrada' : 'mensagens cobradas'}`;
