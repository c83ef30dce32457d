import type { PlatformTx } from '../../platform/db/database.types.js';
import type { CannedResponsesRepository } from '../canned-responses/canned-responses.repository.js';
import type { FollowUpTemplatesRepository } from '../follow-ups/follow-up-templates.repository.js';
import type { DemoContext } from './demo-crm-data.js';

/**
 * The demo company's saved replies and follow-up sequences, in English and Arabic, so the
 * messenger's canned-response and follow-up pickers open populated on a first visit (empty, they
 * would hide two features from someone trying the demo).
 * Demo mode only: the DemoSeederService calls this for the company it has just created.
 */
export type DemoMessagingRepositories = { canned: CannedResponsesRepository; followUpTemplates: FollowUpTemplatesRepository };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEMO_CANNED_RESPONSES: { title: string; text: string }[] = [
  { title: 'Welcome', text: 'Hello and welcome to Demo Trading Co.! How can we help you today?' },
  { title: 'Prices and delivery', text: 'All prices are in EGP and include VAT. Delivery inside Cairo and Giza takes 1-2 days; other governorates 2-4 days, cash on delivery.' },
  { title: 'Order confirmed', text: 'Thank you! Your order is confirmed. We will send you the tracking number as soon as it is shipped.' },
  { title: 'Opening hours', text: 'We answer every day from 10 am to 10 pm, Friday from 2 pm.' },
  { title: 'ترحيب', text: 'أهلاً بك في شركة ديمو للتجارة! كيف نقدر نساعدك النهارده؟' },
  { title: 'الأسعار والتوصيل', text: 'كل الأسعار بالجنيه المصري وشاملة الضريبة. التوصيل داخل القاهرة والجيزة خلال يوم أو يومين، وباقي المحافظات من ٢ إلى ٤ أيام، والدفع عند الاستلام.' },
  { title: 'تأكيد الطلب', text: 'شكرًا لك! تم تأكيد طلبك، وهنبعتلك رقم الشحنة أول ما يتم الشحن.' },
];

export const DEMO_FOLLOW_UP_TEMPLATES: { name: string; steps: { delay: number; message: string }[] }[] = [
  {
    name: 'New lead: check-in',
    steps: [
      { delay: 2, message: 'Hi {{name}}, thanks for contacting Demo Trading Co.! Did you find what you were looking for?' },
      { delay: 24, message: 'Hi {{name}}, just checking in: can we help you choose or send you photos of any product?' },
      { delay: 72, message: 'Hi {{name}}, our offers this week end on Friday. Reply here and we will reserve your order.' },
    ],
  },
  {
    name: 'Quotation sent',
    steps: [
      { delay: 24, message: 'Hi {{name}}, did you have a chance to look at the quotation we sent? Any questions about it?' },
      { delay: 72, message: 'Hi {{name}}, the quoted prices are held for you until the end of the week.' },
    ],
  },
  {
    name: 'متابعة عميل جديد',
    steps: [
      { delay: 2, message: 'أهلاً {{name}}، شكرًا لتواصلك معنا! لقيت اللي بتدور عليه؟' },
      { delay: 24, message: 'أهلاً {{name}}، تحب نبعتلك صور أو تفاصيل أكتر عن أي منتج؟' },
      { delay: 72, message: 'أهلاً {{name}}، عروض الأسبوع ده بتخلص يوم الجمعة. رد علينا ونحجزلك طلبك.' },
    ],
  },
  {
    name: 'بعد الشحن',
    steps: [
      { delay: 48, message: 'أهلاً {{name}}، طلبك في الطريق إليك. لو عندك أي سؤال إحنا هنا.' },
      { delay: 120, message: 'أهلاً {{name}}، نتمنى يكون الطلب عجبك! يسعدنا نسمع رأيك.' },
    ],
  },
];

/** Writes the demo company's canned responses (by the admin) and its team follow-up templates. */
export async function seedDemoMessaging(tx: PlatformTx, ctx: DemoContext, repos: DemoMessagingRepositories): Promise<{ canned: number; templates: number }> {
  const { tenantId, adminId, now } = ctx;
  const canned = await repos.canned.insertMany(
    tx,
    DEMO_CANNED_RESPONSES.map((c, i) => {
      const at = new Date(now.getTime() - (60 - i) * DAY);
      return { tenantId, title: c.title, text: c.text, createdBy: adminId, createdAt: at, updatedAt: at };
    }),
  );
  const templates = await repos.followUpTemplates.insertTemplates(
    tx,
    DEMO_FOLLOW_UP_TEMPLATES.map((f, i) => {
      const at = new Date(now.getTime() - (50 - i) * DAY);
      // an admin's template is a Team template: every user of the company may start it
      return { tenantId, name: f.name, steps: f.steps, createdBy: adminId, createdByRole: 'admin', createdAt: at, updatedAt: at };
    }),
  );
  return { canned: canned.length, templates: templates.length };
}
