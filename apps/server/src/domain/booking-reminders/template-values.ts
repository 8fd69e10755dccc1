/**
 * The values of the owner's reminder template (docs/decisions/073-booking-reminders.md), mapped at send time
 * from the template Meta approved: a NAMED template ({{nome}}, {{servico}}, {{data}}, {{hora}},
 * {{profissional}}, {{quando}}) may use any of them, in any order and number — each value goes with its
 * `parameter_name`; a POSITIONAL one ({{1}}, {{2}}…) cannot say which is which, so only the three of the
 * first version fit it (name, service, day and time). Meta refuses a send whose count differs from the
 * template's (#132000, https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/),
 * so a template that does not fit is refused here, in Portuguese, before anything is sent. Pure.
 */

/** The reminder's fields a template may name, and what each is. */
export const REMINDER_TEMPLATE_FIELDS = {
  nome: 'o primeiro nome do cliente',
  servico: 'o serviço',
  data: 'o dia (quinta-feira, 10/12)',
  hora: 'a hora (09:00)',
  quando: 'o dia e a hora (quinta-feira, 10/12 às 09:00)',
  profissional: 'quem atende',
} as const;
export type ReminderTemplateField = keyof typeof REMINDER_TEMPLATE_FIELDS;

/** The three values of a POSITIONAL template, in order: {{1}} name, {{2}} service, {{3}} day and time. */
const POSITIONAL: readonly ReminderTemplateField[] = ['nome', 'servico', 'quando'];

export interface ReminderFacts {
  customerName: string;
  serviceName: string;
  professionalName: string;
  /** 'quinta-feira, 10/12 às 09:00' in the account's time zone. */
  when: string;
}

/** The template as read from Meta (integrations/gateway/cloud-signup.ts `CloudTemplate`). */
export interface ReminderTemplateShape {
  parameterFormat: 'POSITIONAL' | 'NAMED';
  variables: number;
  bodyNames: readonly string[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function valueOf(field: ReminderTemplateField, f: ReminderFacts): string {
  const [day, hour] = f.when.split(' às ');
  switch (field) {
    case 'nome':
      return f.customerName.trim().split(/\s+/)[0] || 'cliente';
    case 'servico':
      return f.serviceName;
    case 'data':
      return day ?? f.when;
    case 'hora':
      return hour ?? f.when;
    case 'quando':
      return f.when;
    case 'profissional':
      return f.professionalName;
  }
}

const KNOWN = Object.keys(REMINDER_TEMPLATE_FIELDS)
  .map((k) => `{{${k}}}`)
  .join(', ');

/** The body's values (and names, for a NAMED template); or why this template cannot carry a reminder. */
export function reminderTemplateValues(
  template: ReminderTemplateShape,
  facts: ReminderFacts,
): { values: string[]; names?: string[] } | { error: string } {
  if (template.parameterFormat === 'NAMED') {
    const fields = template.bodyNames.map((name) => {
      const key = fold(name) as ReminderTemplateField;
      return key in REMINDER_TEMPLATE_FIELDS ? key : null;
    });
    const unknown = template.bodyNames.find((_, i) => fields[i] === null);
    if (unknown !== undefined)
      return { error: `O modelo de lembrete usa {{${unknown}}}, que o VendAI não conhece. Use ${KNOWN}.` };
    return { values: fields.map((k) => valueOf(k!, facts)), names: [...template.bodyNames] };
  }
  if (template.variables === 0) return { values: [] };
  if (template.variables !== POSITIONAL.length)
    return {
      error:
        `O modelo de lembrete tem ${template.variables} ${template.variables === 1 ? 'variável numerada' : 'variáveis numeradas'}; numeradas, só servem três: {{1}} nome, {{2}} serviço, ` +
        `{{3}} dia e hora. Para outras, crie o modelo com variáveis com nome: ${KNOWN}.`,
    };
  return { values: POSITIONAL.map((k) => valueOf(k, facts)) };
}
