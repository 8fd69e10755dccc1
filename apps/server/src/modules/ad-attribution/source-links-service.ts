import {
  SOURCE_LINK_CODE_TAKEN,
  SOURCE_LINK_NOT_FOUND,
  SOURCE_LINKS_FULL,
  SOURCE_LINKS_MAX,
  type SourceLinkDto,
  type sourceLinkInputSchema,
} from '@vendai/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { linkMessage } from '../../domain/ad-attribution/message-source.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countSourceLinks,
  deleteSourceLinkRow,
  insertSourceLink,
  selectLinkNumbers,
  selectSourceLinks,
  type SourceLinkRow,
} from './source-links-repository.ts';

type Input = z.output<typeof sourceLinkInputSchema>;

/**
 * The owner's 'Links de origem' (docs/decisions/071-ad-attribution.md): a wa.me link per number whose
 * prefilled message ends with `[ref:CODE]`, and its QR code (a flyer, a shop window).
 */
export async function listSourceLinks(db: Db, accountId: string): Promise<SourceLinkDto[]> {
  const [rows, phones] = await Promise.all([selectSourceLinks(db, accountId), selectLinkNumbers(db, accountId)]);
  return Promise.all(rows.map((row) => linkDto(row, phones)));
}

export async function createSourceLink(db: Db, accountId: string, input: Input): Promise<SourceLinkDto> {
  if ((await countSourceLinks(db, accountId)) >= SOURCE_LINKS_MAX)
    throw new AppError('LIMIT_REACHED', SOURCE_LINKS_FULL);
  try {
    const row = await insertSourceLink(db, accountId, input);
    return linkDto(row, await selectLinkNumbers(db, accountId));
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('CONFLICT', SOURCE_LINK_CODE_TAKEN, { fields: { code: SOURCE_LINK_CODE_TAKEN } });
    throw err;
  }
}

export async function deleteSourceLink(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await deleteSourceLinkRow(db, accountId, id))) throw notFound(SOURCE_LINK_NOT_FOUND);
}

async function linkDto(
  row: SourceLinkRow,
  phones: { phone: string; apelido: string | null }[],
): Promise<SourceLinkDto> {
  const text = encodeURIComponent(linkMessage(row.code));
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    links: await Promise.all(
      phones.map(async (n) => {
        const url = `https://wa.me/${n.phone}?text=${text}`;
        return { numberLabel: n.apelido ?? `+${n.phone}`, url, qrPng: await qrPng(url) };
      }),
    ),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The link as a QR code (PNG data URI); the library is loaded on the first one drawn (docs/performance.md). */
async function qrPng(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240, type: 'image/png' });
}
