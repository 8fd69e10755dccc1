import { parsePhone } from '@vendai/contracts';

/**
 * A CSV of contacts with declared consent (docs/decisions/072-campaigns.md): one contact a line, its name
 * and phone in any order of two columns (';' or ','; a header line is recognised and skipped). Every bad
 * line comes back with its number and a Portuguese reason; nothing is dropped silently.
 */
export interface ConsentCsv {
  rows: { line: number; name: string | null; address: string }[];
  errors: { line: number; text: string; error: string }[];
}

function cells(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === delimiter && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

const HEADER = /^(nome|name|telefone|phone|celular|whatsapp|numero|número)$/i;

export function parseConsentCsv(csv: string): ConsentCsv {
  const text = csv.replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim()) ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const result: ConsentCsv = { rows: [], errors: [] };
  const seen = new Set<string>();
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const parts = cells(raw, delimiter).filter((c) => c !== '');
    if (line === 1 && parts.some((p) => HEADER.test(p))) return;
    const phoneCell = parts.find((p) => /\d{8,}/.test(p.replace(/\D/g, '')));
    if (!phoneCell) {
      result.errors.push({ line, text: raw, error: 'Não encontramos um telefone nesta linha.' });
      return;
    }
    const phone = parsePhone(phoneCell);
    if (!phone) {
      result.errors.push({ line, text: raw, error: `O telefone "${phoneCell}" não é um número válido.` });
      return;
    }
    const address = `${phone.digits}@s.whatsapp.net`;
    if (seen.has(address)) {
      result.errors.push({ line, text: raw, error: 'Este telefone já apareceu numa linha anterior.' });
      return;
    }
    seen.add(address);
    const name = parts.find((p) => p !== phoneCell) ?? null;
    result.rows.push({ line, name: name ? name.slice(0, 120) : null, address });
  });
  return result;
}
