import { KEY_QUESTIONS } from '@vendai/contracts';
import { textPdf } from '../apps/server/test/helpers/text-pdf';
import { expect, expectNoSeriousA11yViolations, signedIn, shootBothWidths, test } from './support/fixtures';

/**
 * Conhecimento (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento): the owner adds
 * a frequent question, finds it by a word without accent, and the playground shows that the answer to
 * a customer asking about it used that passage. Then documents: a file that is no PDF is refused, a PDF
 * and pasted text become passages, a text is read back and edited (title and text), one is deleted, and the playground's answer cites
 * the document it used.
 */
test('the owner adds a frequent question and the playground shows the passage the answer used', async ({ page }) => {
  await signedIn(page);
  const respostas = KEY_QUESTIONS.map((q, i) => ({
    tipo: 'chave',
    key: q.key,
    pergunta: q.pergunta,
    resposta: `Doce Encanto, confeitaria artesanal em Belo Horizonte (resposta ${i + 1}).`,
  }));
  const created = await page.request.post('/api/training/finish', {
    data: { mode: 'create', apelido: 'Bia', respostas },
  });
  expect(created.status()).toBe(201);

  await page.goto('/conhecimento');
  await expect(page.getByRole('heading', { name: 'Ensine as respostas do seu negócio' })).toBeVisible();
  await shootBothWidths(page, 'knowledge-empty');

  await page.getByRole('button', { name: 'Adicionar a primeira pergunta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog.getByRole('alert').first()).toContainText('Escreva a pergunta do cliente.');
  await dialog.getByLabel('Pergunta do cliente').fill('Vocês fazem entregas?');
  await dialog.getByLabel('Resposta').fill('Sim! Entregamos em toda a cidade, de segunda a sábado. Taxa de R$ 12,50.');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Pergunta adicionada.')).toBeVisible();
  await page.getByRole('button', { name: 'Nova pergunta' }).click();
  await page.getByRole('dialog').getByLabel('Pergunta do cliente').fill('Qual o horário de funcionamento?');
  // Hours are one of the business facts kept on Configurações: the dialog says so, and still takes the entry.
  await expect(page.getByRole('dialog').getByTestId('faq-fact-note')).toContainText('Dados do negócio');
  await page.getByRole('dialog').getByLabel('Resposta').fill('Das 9h às 18h, de segunda a sábado.');
  await page.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click();

  const list = page.getByTestId('faq-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Buscar nas perguntas').fill('horario');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Qual o horário de funcionamento?');
  await page.getByLabel('Buscar nas perguntas').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothWidths(page, 'knowledge-list');
  await expectNoSeriousA11yViolations(page);

  // Documents: a PDF (a file that is no PDF is refused), pasted text; rename and delete.
  await page.getByRole('button', { name: 'Adicionar documento' }).click();
  const docDialog = page.getByRole('dialog');
  await docDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(docDialog.getByRole('alert')).toContainText('Escolha um arquivo PDF.');
  await docDialog
    .getByLabel('Arquivo PDF')
    .setInputFiles({ name: 'lista.pdf', mimeType: 'application/pdf', buffer: Buffer.from('não sou um PDF') });
  await docDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(docDialog.getByRole('alert')).toContainText('Este arquivo não é um PDF.');
  const pdf = textPdf(['Politica de trocas da loja.', 'Trocas em ate 7 dias com a nota fiscal.']);
  await docDialog
    .getByLabel('Arquivo PDF')
    .setInputFiles({ name: 'Politica de trocas.pdf', mimeType: 'application/pdf', buffer: pdf });
  await docDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByText('Documento adicionado.')).toBeVisible();
  const docs = page.getByTestId('document-list');
  await expect(docs.getByRole('listitem')).toHaveCount(1);
  await expect(docs).toContainText('Politica de trocas');
  await expect(docs).toContainText('PDF · 1 trecho');

  await page.getByRole('button', { name: 'Adicionar documento' }).click();
  await page.getByRole('radio', { name: 'Colar texto' }).click();
  await page.getByRole('dialog').getByLabel('Título').fill('Cuidados com as peças');
  await page
    .getByRole('dialog')
    .getByLabel('Texto', { exact: true })
    .fill(
      'Lave as travessas à mão com detergente neutro; não use palha de aço.\n\n' +
        'Seque bem antes de guardar e evite empilhar os pratos sem um pano entre eles.',
    );
  await page.getByRole('radio', { name: 'Texto de uma página' }).click();
  await shootBothWidths(page, 'knowledge-document-dialog');
  await page.getByRole('radio', { name: 'Colar texto' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(docs.getByRole('listitem')).toHaveCount(2);
  // The pasted text is read back and edited: title and text, cut into passages again.
  await page.getByRole('button', { name: 'Ver e editar “Cuidados com as peças”' }).click();
  const editDialog = page.getByRole('dialog');
  const editText = editDialog.getByLabel('Texto', { exact: true });
  await expect(editText).toHaveValue(/^Lave as travessas à mão com detergente neutro; não use palha de aço\./);
  await expect(editText).toHaveValue(/evite empilhar os pratos sem um pano entre eles\.$/);
  await editDialog.getByLabel('Título').fill('Guia de cuidados');
  await editText.fill('');
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(editDialog.getByRole('alert')).toContainText('Cole o texto do documento.');
  await editText.fill(
    'Lave as travessas à mão com detergente neutro; não use palha de aço.\n\n' +
      'Seque bem antes de guardar. Travessas vão ao forno até 200 graus.',
  );
  await shootBothWidths(page, 'knowledge-document-edit');
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Documento salvo.')).toBeVisible();
  await expect(docs).toContainText('Guia de cuidados');
  await page.getByRole('button', { name: 'Ver e editar “Guia de cuidados”' }).click();
  await expect(page.getByRole('dialog').getByLabel('Texto', { exact: true })).toHaveValue(/até 200 graus\.$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Excluir “Politica de trocas”' }).click();
  await expect(docs.getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await shootBothWidths(page, 'knowledge-documents');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/playground');
  await page.getByLabel('Mensagem', { exact: true }).fill('Vocês entregam no centro?');
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(page.getByTestId('playground-ai')).toHaveCount(1);
  // The demo AI answers a frequent question with the owner's answer.
  await expect(page.getByTestId('playground-ai')).toContainText('Entregamos em toda a cidade');
  await expect(page.getByTestId('playground-facts')).toContainText('Usou: Perguntas frequentes: Vocês fazem entregas?');
  await shootBothWidths(page, 'knowledge-playground');

  // A document's passage: the demo AI answers with its sentence, and the playground cites the document.
  await page.getByLabel('Mensagem', { exact: true }).fill('Posso lavar a travessa com palha de aço?');
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(page.getByTestId('playground-ai')).toHaveCount(2);
  await expect(page.getByTestId('playground-ai').nth(1)).toContainText('não use palha de aço');
  await expect(page.getByTestId('playground-facts').nth(1)).toContainText('Documento: Guia de cuidados');
});
