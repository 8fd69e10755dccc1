/**
 * The one phone-equality rule (domain/phones/same-phone.ts, decision 048) as a table: the shapes one phone
 * reaches us in, the Brazilian ninth digit WhatsApp drops, and phones that are not the same. The SQL
 * form gives the same key for every row, on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { isOwnerChannelPhone, isOwnerChannelSql } from '../src/domain/phones/owner-channel.ts';
import { phoneKey, phoneKeySql, samePhone } from '../src/domain/phones/same-phone.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/** [a, b, same?] */
const TABLE: [string | null, string | null, boolean][] = [
  // the ninth digit, outside DDD 11–28 (WhatsApp's JID without it) and inside (older accounts)
  ['5531988887777', '553188887777', true],
  ['5531988887777', '553188887777@s.whatsapp.net', true],
  ['+55 (31) 98888-7777', '553188887777@s.whatsapp.net', true],
  ['31988887777', '553188887777', true],
  ['(31) 8888-7777', '5531988887777', true],
  ['5561996875461', '556196875461@s.whatsapp.net', true],
  ['5541996875461', '554196875461', true],
  ['5511987654321', '551187654321', true],
  ['5511987654321', '5511987654321@s.whatsapp.net', true],
  ['5511987654321', '5511987654321:12@s.whatsapp.net', true],
  ['5511987654321', '5511987654321@c.us', true],
  ['+55 11 98765-4321', '11987654321', true],
  ['55 11 9 8765 4321', '5511987654321', true],
  // country code with or without, formatting
  ['+5521999998888', '21999998888', true],
  ['5521999998888', '5521999998888', true],
  // landlines never had the ninth digit
  ['551133334444', '551133334444@s.whatsapp.net', true],
  ['551133334444', '5511933334444', false],
  ['(11) 3333-4444', '551133334444', true],
  // different phones
  ['5511987654321', '5511987654322', false],
  ['5531988887777', '5532988887777', false],
  ['5531988887777', '553188887778', false],
  ['5511987654321', '5521987654321', false],
  // other countries: by their digits
  ['+1 (212) 555-1234', '12125551234@s.whatsapp.net', true],
  ['447911123456', '447911123456@s.whatsapp.net', true],
  ['447911123456', '447911123457', false],
  // not phones: an @lid alias, a group, nothing
  ['123456789012345@lid', '123456789012345@lid', false],
  ['5511987654321', '5511987654321@lid', false],
  ['120363123456789012@g.us', '120363123456789012@g.us', false],
  [null, null, false],
  ['', '', false],
  ['abc', 'abc', false],
  ['1234', '1234', false],
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe('one phone-equality rule (decision 048)', () => {
  it.each(TABLE)('%s and %s: same phone = %s', (a, b, same) => {
    expect(samePhone(a, b)).toBe(same);
    expect(samePhone(b, a)).toBe(same);
  });

  it('the SQL key is the TypeScript key for every value in the table (digits as the columns hold them)', async () => {
    const values = [...new Set(TABLE.flatMap(([a, b]) => [a, b]))].filter(
      (v): v is string => v !== null && !v.includes('@'),
    );
    for (const v of values) {
      const [row] = resultRows<{ k: string | null }>(
        await database.db.execute(sql`select ${phoneKeySql(sql`${v}::text`)} as k`),
      );
      expect(row!.k, v).toBe(phoneKey(v));
    }
    const [nullRow] = resultRows<{ k: string | null }>(
      await database.db.execute(sql`select ${phoneKeySql(sql`null::text`)} as k`),
    );
    expect(nullRow!.k).toBeNull();
  });

  it("the owner's channel told in code (the reply claim) is the SQL rule, for every pair of the table", async () => {
    // The conversation's phone as the column holds it (digits); the owner's phone as typed, with or without
    // the country code apart.
    const contacts = [...new Set(TABLE.map(([, b]) => b?.split('@')[0]?.split(':')[0] ?? null))];
    const owners: { countryCode: string | null; phone: string | null }[] = [...new Set(TABLE.map(([a]) => a))].flatMap(
      (phone) => [
        { countryCode: null, phone },
        { countryCode: '55', phone: phone?.replace(/^\+?55\s?/, '') ?? null },
      ],
    );
    const pairs = contacts.flatMap((contact) => owners.map((_, o) => ({ i: 0, contact, owner_id: String(o) })));
    pairs.forEach((p, i) => (p.i = i));
    const profiles = owners.map((o, i) => ({ id: String(i), phone: o.phone, country_code: o.countryCode }));
    // One statement for every pair: a CTE named profiles stands for the table the SQL rule reads.
    const rows = resultRows<{ i: number; owner: boolean }>(
      await database.db.execute(sql`
        with profiles as (
          select * from jsonb_to_recordset(${JSON.stringify(profiles)}::jsonb) as x(id text, phone text, country_code text)),
        p as (select * from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p(i int, contact text, owner_id text))
        select p.i, coalesce(${isOwnerChannelSql({ userId: sql`p.owner_id`, contactPhone: sql`p.contact` })}, false) as owner
        from p order by p.i`),
    );
    expect(rows).toHaveLength(pairs.length);
    expect(rows.some((r) => r.owner)).toBe(true);
    for (const row of rows) {
      const pair = pairs[Number(row.i)]!;
      const owner = owners[Number(pair.owner_id)]!;
      expect(isOwnerChannelPhone(pair.contact, owner), `${pair.contact} / ${owner.countryCode} ${owner.phone}`).toBe(
        row.owner,
      );
    }
  });
});
