import { v7 as uuidv7 } from 'uuid';
import { PIPELINE_STATUSES, dayIn, dealAmount, type PipelineStatus, type ShippingStatus } from '@crm/common';
import type { PlatformTx } from '../../platform/db/database.types.js';
import type { ContactsRepository } from '../contacts/contacts.repository.js';
import type { DealLinesRepository } from '../contacts/deal-lines.repository.js';
import type { NewContactRow } from '../contacts/contacts.table.js';
import type { ExpensesRepository } from '../expenses/expenses.repository.js';
import type { ProductsRepository } from '../products/products.repository.js';
import type { ShippingRepository } from '../shipping/shipping.repository.js';
import { seedDemoShippingFees } from './demo-shipping-fees.js';

/** The demo company the seeder created: whose CRM data this fills in. */
export type DemoContext = { tenantId: string; adminId: string; salesIds: string[]; now: Date };

/**
 * The demo company's shop: products in EGP, Egyptian couriers, ~300 contacts over the last 90 days
 * (leads, customers, deals in every pipeline status with products and shipping to governorates),
 * and a dozen expenses. Deterministic (a seeded generator), written with batch inserts.
 */
export type DemoCrmRepositories = {
  products: ProductsRepository;
  shipping: ShippingRepository;
  contacts: ContactsRepository;
  dealLines: DealLinesRepository;
  expenses: ExpensesRepository;
};

export const DEMO_CONTACT_COUNT = 300;

const PRODUCTS = [
  { name: 'Cotton Galabeya (Men)', sku: 'GAL-M-01', category: 'Clothing', price: 450, stockQty: 40, minQty: 10 },
  { name: 'Embroidered Abaya', sku: 'ABY-EMB-02', category: 'Clothing', price: 1350, stockQty: 12, minQty: 5 },
  { name: 'Oud Perfume 50ml', sku: 'PRF-OUD-50', category: 'Perfume', price: 1200, stockQty: 25, minQty: 8 },
  { name: 'White Musk 12ml', sku: 'PRF-MSK-12', category: 'Perfume', price: 180, stockQty: 90, minQty: 20 },
  { name: 'Leather Sandals', sku: 'SND-LTH-42', category: 'Shoes', price: 380, stockQty: 4, minQty: 6 },
  { name: 'Egyptian Cotton Sheet Set (Queen)', sku: 'BED-CTN-Q', category: 'Home', price: 950, stockQty: 18, minQty: 5 },
  { name: 'Hand-painted Papyrus A3', sku: 'PAP-A3', category: 'Gifts', price: 220, stockQty: 60, minQty: 10 },
  { name: 'Brass Ramadan Lantern (Fanous)', sku: 'FAN-BR-M', category: 'Home', price: 650, stockQty: 0, minQty: 5 },
  { name: 'Sinai Mountain Honey 1kg', sku: 'HON-SIN-1K', category: 'Food', price: 400, stockQty: 35, minQty: 10 },
  { name: 'Aswan Hibiscus (Karkade) 500g', sku: 'KRK-500', category: 'Food', price: 90, stockQty: 120, minQty: 30 },
  { name: 'Argan Hair Oil 100ml', sku: 'OIL-ARG-100', category: 'Beauty', price: 260, stockQty: 45, minQty: 10 },
  { name: 'Velvet Prayer Rug', sku: 'RUG-VLV', category: 'Home', price: 520, stockQty: 22, minQty: 6 },
];

const COURIERS = [
  { name: 'Bosta', contactPerson: 'Hossam Farouk', phone: '+201000011122', trackingUrl: 'https://bosta.co/en/tracking-shipments' },
  { name: 'Aramex', contactPerson: 'Nadia Kamal', phone: '+20223456789', trackingUrl: 'https://www.aramex.com/eg/en/track/shipments' },
  { name: 'Mylerz', contactPerson: 'Sherif Adly', phone: '+201111122233', trackingUrl: 'https://mylerz.com/trackshipment' },
  { name: 'J&T Express', contactPerson: 'Reem Saad', phone: '+201222233344', trackingUrl: 'https://www.jtexpress-eg.com/trajectoryQuery' },
  { name: 'Egypt Post', contactPerson: null, phone: '+20223910000', trackingUrl: 'https://egyptpost.gov.eg/en-us/Home/EServices/Track-and-Trace' },
];

/** Common Egyptian first names; the contacts benchmark seeds from the same list. */
export const FIRST_NAMES = [
  'Ahmed',
  'Mohamed',
  'Mahmoud',
  'Mostafa',
  'Omar',
  'Youssef',
  'Karim',
  'Tarek',
  'Hany',
  'Amr',
  'Khaled',
  'Sherif',
  'Hossam',
  'Islam',
  'Ibrahim',
  'Walid',
  'Ayman',
  'Ramy',
  'Sameh',
  'Hazem',
  'Mona',
  'Sara',
  'Nour',
  'Yasmin',
  'Salma',
  'Dina',
  'Rania',
  'Heba',
  'Aya',
  'Mariam',
  'Fatma',
  'Nada',
  'Reem',
  'Shaimaa',
  'Eman',
  'Ghada',
  'Marwa',
  'Noha',
  'Hagar',
  'Habiba',
];
const FAMILY_NAMES = [
  'Hassan',
  'Abdelrahman',
  'El-Sayed',
  'Fathy',
  'Mostafa',
  'Ibrahim',
  'Adel',
  'Nabil',
  'Samir',
  'Farouk',
  'Kamal',
  'Mansour',
  'Saad',
  'Hamdy',
  'Ragab',
  'Shawky',
  'Zaki',
  'Soliman',
  'Gaber',
  'Lotfy',
  'Abdallah',
  'Youssef',
  'Helmy',
  'Badawy',
  'Fawzy',
  'Tawfik',
];
const ARABIC_NAMES = [
  'محمد عبد الله',
  'أحمد حسن',
  'محمود السيد',
  'منى إبراهيم',
  'سارة عادل',
  'ياسمين فتحي',
  'مصطفى كمال',
  'نور الهدى سمير',
  'هبة منصور',
  'خالد رجب',
  'مريم شوقي',
  'عمر زكي',
  'فاطمة سليمان',
  'إسلام جابر',
  'رانيا لطفي',
  'طارق حلمي',
];

const PLACES: [string, string[]][] = [
  ['Cairo', ['Nasr City', 'Maadi', 'Heliopolis', 'Shubra', 'New Cairo', 'Downtown']],
  ['Giza', ['Dokki', 'Mohandessin', '6th of October', 'Haram', 'Sheikh Zayed']],
  ['Alexandria', ['Smouha', 'Sidi Gaber', 'Miami', 'Agami', 'Louran']],
  ['Qalyubia', ['Banha', 'Shubra El Kheima', 'Qalyub']],
  ['Dakahlia', ['Mansoura', 'Talkha', 'Mit Ghamr']],
  ['Sharqia', ['Zagazig', '10th of Ramadan', 'Belbeis']],
  ['Gharbia', ['Tanta', 'El Mahalla El Kubra']],
  ['Monufia', ['Shebin El Kom', 'Menouf']],
  ['Port Said', ['Port Fouad', 'El Sharq']],
  ['Ismailia', ['Ismailia', 'Fayed']],
  ['Asyut', ['Asyut', 'Dayrout']],
  ['Luxor', ['Luxor', 'Esna']],
  ['Aswan', ['Aswan', 'Kom Ombo']],
  ['Red Sea', ['Hurghada', 'El Gouna']],
];
const STREETS = ['El Tahrir St', 'Gamal Abdel Nasser St', '26th of July St', 'El Nasr Rd', 'Mostafa El Nahas St', 'El Geish St', 'Port Said St', 'El Horreya Rd'];
const NOTES = [
  'Asked about cash on delivery',
  'Prefers WhatsApp voice notes',
  'Came from the Facebook ad',
  'Wants delivery after 5 pm',
  'Asked for a discount on 2 pieces',
  'Referred by a friend',
  'Call before shipping',
];

/** Every status appears; more deals in the middle of the funnel. */
const STATUS_WEIGHTS: Record<PipelineStatus, number> = { new: 10, contacted: 12, qualified: 12, proposal: 12, negotiation: 10, won: 28, lost: 16 };
const SHIPPING_BY_STATUS: Record<PipelineStatus, ShippingStatus[] | null> = {
  new: null,
  contacted: null,
  qualified: null,
  proposal: ['pending'],
  negotiation: ['pending', 'processing'],
  won: ['delivered', 'delivered', 'delivered', 'shipped', 'processing'],
  lost: ['cancelled', 'returned'],
};
const PROBABILITY: Record<PipelineStatus, number> = { new: 10, contacted: 20, qualified: 40, proposal: 55, negotiation: 70, won: 100, lost: 0 };

const EXPENSES = [
  { title: 'Facebook & Instagram ads', category: 'Marketing', amount: 4500 },
  { title: 'Bosta monthly invoice', category: 'Shipping', amount: 3180 },
  { title: 'Shop rent', category: 'Rent', amount: 8000 },
  { title: 'Packaging boxes and bags', category: 'Packaging', amount: 1250 },
  { title: 'Electricity bill', category: 'Utilities', amount: 930 },
  { title: 'Mobile internet packages', category: 'Utilities', amount: 450 },
  { title: 'Aramex invoice', category: 'Shipping', amount: 1760 },
  { title: 'Product photography', category: 'Marketing', amount: 2000 },
  { title: 'Sales commissions', category: 'Salaries', amount: 6200 },
  { title: 'Printer ink and labels', category: 'Office', amount: 380 },
  { title: 'TikTok promotion', category: 'Marketing', amount: 1500 },
  { title: 'Returned parcel fees', category: 'Shipping', amount: 275 },
];

/** mulberry32: a small seeded generator, so the demo looks the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    weighted: <K extends string>(weights: Record<K, number>): K => {
      const entries = Object.entries(weights) as [K, number][];
      let r = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [k, w] of entries) if ((r -= w) < 0) return k;
      return entries[entries.length - 1][0];
    },
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function seedDemoCrm(tx: PlatformTx, ctx: DemoContext, repos: DemoCrmRepositories) {
  const rnd = generator(20_240_501);
  const { tenantId, now } = ctx;
  const people = [ctx.adminId, ...ctx.salesIds];

  const products = await repos.products.insertMany(
    tx,
    PRODUCTS.map((p, i) => ({ tenantId, ...p, createdAt: new Date(now.getTime() - (120 - i) * DAY), updatedAt: new Date(now.getTime() - rnd.int(1, 30) * DAY) })),
  );
  const couriers = await repos.shipping.insertMany(
    tx,
    COURIERS.map((c) => ({ tenantId, ...c, createdAt: new Date(now.getTime() - 120 * DAY) })),
  );
  await seedDemoShippingFees(tx, tenantId, couriers, repos.shipping);

  const usedPhones = new Set(['+201001112233', '+201112223344', '+201223334455', '+201554445566']); // the WhatsApp demo's own chats
  const contacts: NewContactRow[] = [];
  const deals: { contactId: string; productId: string; qty: number; price: number; position: number; tenantId: string }[] = [];
  const history: { tenantId: string; contactId: string; fromStage: string | null; toStage: string; changedBy: string | null; changedAt: Date }[] = [];
  // every pipeline status at least once, then by weight
  const statuses: PipelineStatus[] = [...PIPELINE_STATUSES];

  for (let i = 0; i < DEMO_CONTACT_COUNT; i++) {
    const createdAt = new Date(now.getTime() - rnd.int(0, 89) * DAY - rnd.int(0, 23) * HOUR - rnd.int(0, 59) * 60_000);
    const id = uuidv7({ msecs: createdAt.getTime() });
    let phone: string;
    do phone = `+20${rnd.pick(['10', '11', '12', '15'])}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`;
    while (usedPhones.has(phone));
    usedPhones.add(phone);

    const arabic = rnd.chance(0.22);
    const first = rnd.pick(FIRST_NAMES);
    const family = rnd.pick(FAMILY_NAMES);
    const name = arabic ? rnd.pick(ARABIC_NAMES) : `${first} ${family}`;
    const email = !arabic && rnd.chance(0.4) ? `${first}.${family}${rnd.int(1, 99)}@${rnd.pick(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'])}`.toLowerCase().replace(/-/g, '') : null;
    const [governorate, cities] = rnd.pick(PLACES);
    const city = rnd.pick(cities);
    const street = `${rnd.int(1, 120)} ${rnd.pick(STREETS)}`;

    const roll = rnd.next();
    const stage = roll < 0.52 ? 'lead' : roll < 0.73 ? 'customer' : 'sales';
    const assignedTo = stage === 'lead' && rnd.chance(0.3) ? null : rnd.chance(0.5) ? ctx.salesIds[0] : ctx.salesIds[1 % ctx.salesIds.length];
    const actor = assignedTo ?? ctx.adminId;
    const contact: NewContactRow = {
      id,
      tenantId,
      name,
      phone,
      email,
      address: rnd.chance(0.5) ? `${street}, ${city}, ${governorate}` : null,
      notes: rnd.chance(0.3) ? rnd.pick(NOTES) : null,
      stage,
      assignedTo,
      source: rnd.chance(0.2) ? 'import' : 'manual',
      createdBy: rnd.chance(0.5) ? ctx.adminId : actor,
      createdAt,
      updatedAt: createdAt,
    };

    // every contact's history starts as the app's own do: created as a lead, by its creator (the
    // profile's history would otherwise open on a move the app never makes)
    history.push({ tenantId, contactId: id, fromStage: null, toStage: 'lead', changedBy: contact.createdBy ?? null, changedAt: createdAt });
    if (stage !== 'lead') {
      const toCustomer = new Date(Math.min(now.getTime(), createdAt.getTime() + rnd.int(2, 72) * HOUR));
      history.push({ tenantId, contactId: id, fromStage: 'lead', toStage: 'customer', changedBy: actor, changedAt: toCustomer });
      contact.updatedAt = toCustomer;
      if (stage === 'sales') {
        const toSales = new Date(Math.min(now.getTime(), toCustomer.getTime() + rnd.int(1, 96) * HOUR));
        history.push({ tenantId, contactId: id, fromStage: 'customer', toStage: 'sales', changedBy: rnd.pick(people), changedAt: toSales });
        contact.updatedAt = toSales;

        const status = statuses.shift() ?? rnd.weighted(STATUS_WEIGHTS);
        const lines = Array.from({ length: rnd.int(1, 3) }, (_, position) => {
          const product = rnd.pick(products);
          const discounted = rnd.chance(0.15) ? Math.round(product.price * 0.9) : product.price;
          return { tenantId, contactId: id, productId: product.id, qty: rnd.int(1, 3), price: discounted, position };
        });
        deals.push(...lines);
        const computed = dealAmount(lines);
        const manual = rnd.chance(0.1);
        contact.pipelineStatus = status;
        contact.dealAmount = manual ? Math.round(computed * 0.95) : computed;
        contact.dealAmountManual = manual;
        contact.probability = PROBABILITY[status];
        const shipping = SHIPPING_BY_STATUS[status];
        if (shipping) {
          const courier = rnd.pick(couriers);
          contact.shippingCompanyId = courier.id;
          contact.shippingStatus = rnd.pick(shipping);
          contact.shippingTrackingNumber = `${courier.name
            .slice(0, 3)
            .toUpperCase()
            .replace(/[^A-Z]/g, 'X')}${rnd.int(10_000_000, 99_999_999)}`;
          contact.shippingCost = rnd.pick([45, 50, 55, 60, 65, 75, 85]);
          contact.shippingGovernorate = governorate;
          contact.shippingCity = city;
          contact.shippingStreet = street;
          // cash on delivery: the deal's amount, collected once delivered (beyond the spec)
          contact.codAmount = contact.dealAmount;
          contact.codCollected = contact.shippingStatus === 'delivered';
        }
      }
    }
    contacts.push(contact);
  }

  await repos.contacts.insertMany(tx, contacts);
  await repos.dealLines.insertDealProducts(tx, deals);
  await repos.contacts.insertStageHistory(tx, history);
  await repos.expenses.insertMany(
    tx,
    EXPENSES.map((e, i) => ({
      tenantId,
      ...e,
      date: dayIn(new Date(now.getTime() - (i * 7 + rnd.int(0, 6)) * DAY)),
      notes: i % 3 === 0 ? 'Paid in cash' : null,
      createdBy: ctx.adminId,
      createdAt: new Date(now.getTime() - i * 7 * DAY),
    })),
  );
  return { products: products.length, couriers: couriers.length, contacts: contacts.length, deals: contacts.filter((c) => c.stage === 'sales').length };
}
