import { toLatinDigits } from '@crm/common';

/** Which contact field a spreadsheet's column header names, in English or Arabic, however it is spelled. */
export type ImportField = 'name' | 'firstName' | 'lastName' | 'phone' | 'email' | 'address' | 'notes';

/** Header spellings, compared after normalizeHeader() and with spaces removed. */
const EXACT: Record<ImportField, string[]> = {
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'mobile',
    'mobilenumber',
    'mobileno',
    'mobilephone',
    'cell',
    'cellphone',
    'tel',
    'telephone',
    'whatsapp',
    'whatsappnumber',
    'number',
    'contactnumber',
    'الهاتف',
    'هاتف',
    'رقمالهاتف',
    'الموبايل',
    'موبايل',
    'رقمالموبايل',
    'المحمول',
    'محمول',
    'رقمالمحمول',
    'الجوال',
    'جوال',
    'رقمالجوال',
    'تليفون',
    'التليفون',
    'رقمالتليفون',
    'واتساب',
    'رقمالواتساب',
    'رقم',
    'الرقم',
  ],
  name: ['name', 'fullname', 'customername', 'clientname', 'contactname', 'leadname', 'customer', 'client', 'contact', 'الاسم', 'اسم', 'الاسمبالكامل', 'الاسمالكامل', 'اسمالعميل', 'العميل'],
  firstName: ['firstname', 'first', 'givenname', 'الاسمالاول'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'اسمالعائله', 'الاسمالاخير', 'اللقب'],
  email: ['email', 'emailaddress', 'mail', 'البريد', 'البريدالالكتروني', 'بريدالكتروني', 'الايميل', 'ايميل', 'البريدالاكتروني'],
  address: ['address', 'addr', 'location', 'fulladdress', 'العنوان', 'عنوان'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'ملاحظات', 'ملاحظه', 'الملاحظات', 'تعليق', 'تعليقات'],
};

/** Then words a longer header may contain ("Customer Phone (mobile)"), tried in this order. */
const CONTAINS: [ImportField, string[]][] = [
  ['email', ['email', 'mail', 'بريد', 'ايميل']],
  ['phone', ['phone', 'mobile', 'whatsapp', 'هاتف', 'موبايل', 'محمول', 'جوال', 'تليفون', 'واتساب']],
  ['notes', ['note', 'comment', 'remark', 'ملاحظ', 'تعليق']],
  ['address', ['address', 'عنوان']],
  ['firstName', ['firstname']],
  ['lastName', ['lastname', 'surname']],
  ['name', ['name', 'اسم']],
];

/** Lower case, Arabic letter variants folded (أ إ آ → ا, ة → ه, ى → ي), diacritics and punctuation dropped. */
export function normalizeHeader(header: string): string {
  return toLatinDigits(String(header))
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function matchHeader(header: string): ImportField | undefined {
  const compact = normalizeHeader(header).replace(/ /g, '');
  if (!compact) return undefined;
  for (const [field, names] of Object.entries(EXACT) as [ImportField, string[]][]) if (names.includes(compact)) return field;
  for (const [field, words] of CONTAINS) if (words.some((w) => compact.includes(w))) return field;
  return undefined;
}
