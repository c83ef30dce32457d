/** Egypt's 27 governorates (beyond the spec: shipping fees per governorate for cash-on-delivery shops). */
export const EGYPT_GOVERNORATES = [
  { code: 'cairo', en: 'Cairo', ar: 'القاهرة' },
  { code: 'giza', en: 'Giza', ar: 'الجيزة' },
  { code: 'alexandria', en: 'Alexandria', ar: 'الإسكندرية' },
  { code: 'qalyubia', en: 'Qalyubia', ar: 'القليوبية' },
  { code: 'sharqia', en: 'Sharqia', ar: 'الشرقية' },
  { code: 'dakahlia', en: 'Dakahlia', ar: 'الدقهلية' },
  { code: 'gharbia', en: 'Gharbia', ar: 'الغربية' },
  { code: 'monufia', en: 'Monufia', ar: 'المنوفية' },
  { code: 'beheira', en: 'Beheira', ar: 'البحيرة' },
  { code: 'kafr_el_sheikh', en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  { code: 'damietta', en: 'Damietta', ar: 'دمياط' },
  { code: 'port_said', en: 'Port Said', ar: 'بورسعيد' },
  { code: 'ismailia', en: 'Ismailia', ar: 'الإسماعيلية' },
  { code: 'suez', en: 'Suez', ar: 'السويس' },
  { code: 'north_sinai', en: 'North Sinai', ar: 'شمال سيناء' },
  { code: 'south_sinai', en: 'South Sinai', ar: 'جنوب سيناء' },
  { code: 'faiyum', en: 'Faiyum', ar: 'الفيوم' },
  { code: 'beni_suef', en: 'Beni Suef', ar: 'بني سويف' },
  { code: 'minya', en: 'Minya', ar: 'المنيا' },
  { code: 'asyut', en: 'Asyut', ar: 'أسيوط' },
  { code: 'sohag', en: 'Sohag', ar: 'سوهاج' },
  { code: 'qena', en: 'Qena', ar: 'قنا' },
  { code: 'luxor', en: 'Luxor', ar: 'الأقصر' },
  { code: 'aswan', en: 'Aswan', ar: 'أسوان' },
  { code: 'red_sea', en: 'Red Sea', ar: 'البحر الأحمر' },
  { code: 'new_valley', en: 'New Valley', ar: 'الوادي الجديد' },
  { code: 'matrouh', en: 'Matrouh', ar: 'مطروح' },
] as const;

export type GovernorateCode = (typeof EGYPT_GOVERNORATES)[number]['code'];
export const GOVERNORATE_CODES = EGYPT_GOVERNORATES.map((g) => g.code) as [GovernorateCode, ...GovernorateCode[]];

/** The governorate's name in the language, or the text itself when it is not one of the 27 (older free-text addresses). */
export function governorateName(codeOrText: string | null | undefined, language: 'en' | 'ar'): string {
  if (!codeOrText) return '';
  const found = EGYPT_GOVERNORATES.find((g) => g.code === codeOrText || g.en.toLowerCase() === codeOrText.toLowerCase() || g.ar === codeOrText);
  return found ? found[language] : codeOrText;
}

/** The fee a company charges for a governorate (matched by code or name), or null when it has none. */
export function shippingFeeFor(fees: readonly { governorate: string; fee: number }[], governorate: string | null | undefined): number | null {
  if (!governorate) return null;
  const code = EGYPT_GOVERNORATES.find((g) => g.code === governorate || g.en.toLowerCase() === governorate.toLowerCase() || g.ar === governorate)?.code ?? governorate;
  return fees.find((f) => f.governorate === code)?.fee ?? null;
}

/** Share of shipments in percent, one decimal; 0 when there are none. */
export function shipmentRate(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
}
