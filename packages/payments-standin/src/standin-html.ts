/** The stand-in's pages: plain HTML with the app's look (no script: the CSP allows none inline). */

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => escapeMap[c]!);

export const usd = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' }).format(cents / 100);
export const dateBr = (unixSeconds: number) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(unixSeconds * 1000));

const css = `
*{box-sizing:border-box}body{margin:0;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
.bar{background:#fef3c7;color:#78350f;font-size:13px;text-align:center;padding:8px 12px;border-bottom:1px solid #fde68a}
main{max-width:440px;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{font-weight:800;font-size:20px;color:#047857;margin:0 0 16px}
h1{font-size:20px;margin:0 0 4px}p{margin:0 0 8px;line-height:1.5}.muted{color:#64748b;font-size:14px}
.price{font-size:32px;font-weight:800;margin:16px 0 4px}.price small{font-size:15px;font-weight:500;color:#64748b}
.row{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-top:1px solid #f1f5f9;font-size:14px}.row>:last-child{text-align:right}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:20px}form{margin:0}
button,.btn{display:block;width:100%;text-align:center;font:inherit;font-weight:600;font-size:15px;border-radius:10px;padding:12px 16px;cursor:pointer;text-decoration:none;border:1px solid transparent}
.primary{background:#059669;color:#fff}.primary:hover{background:#047857}
.secondary{background:#fff;color:#334155;border-color:#cbd5e1}.secondary:hover{background:#f8fafc}
.danger{background:#fff;color:#b91c1c;border-color:#fecaca}.danger:hover{background:#fef2f2}
.ok{background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0;border-radius:10px;padding:10px 12px;font-size:14px;margin-top:12px}
.warn{background:#fffbeb;color:#92400e;border:1px solid #fde68a;border-radius:10px;padding:10px 12px;font-size:14px;margin-top:12px}
h2{font-size:15px;margin:24px 0 8px}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · VendAI</title><style>${css}</style></head><body>
<div class="bar" role="note">Pagamentos locais de teste: nenhuma cobrança real é feita.</div>
<main><div class="card"><p class="brand">VendAI</p>${body}</div></main></body></html>`;
}

export const postButton = (
  action: string,
  label: string,
  kind: 'primary' | 'secondary' | 'danger',
  hidden: Record<string, string> = {},
) =>
  `<form method="post" action="${esc(action)}">${Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('')}<button type="submit" class="${kind}">${esc(label)}</button></form>`;
