import type { PlatformTx } from '../../platform/db/database.types.js';
import type { ShippingRepository } from '../shipping/shipping.repository.js';

/** Cairo and Giza cheapest, the Delta next, Upper Egypt and the Red Sea dearest: one list per courier, shifted a little. */
const BASE_FEES: Record<string, number> = {
  cairo: 45,
  giza: 45,
  qalyubia: 50,
  alexandria: 55,
  dakahlia: 60,
  sharqia: 60,
  gharbia: 60,
  monufia: 60,
  beheira: 65,
  port_said: 65,
  ismailia: 65,
  suez: 65,
  damietta: 65,
  kafr_el_sheikh: 65,
  faiyum: 70,
  beni_suef: 70,
  minya: 75,
  asyut: 80,
  sohag: 85,
  qena: 85,
  luxor: 90,
  aswan: 90,
  red_sea: 95,
};

/** Demo only (beyond the spec): each demo courier charges a fee per governorate, so the deal editor can fill the shipping cost. */
export async function seedDemoShippingFees(tx: PlatformTx, tenantId: string, couriers: { id: string }[], shipping: ShippingRepository) {
  for (const [i, courier] of couriers.entries()) {
    const fees = Object.entries(BASE_FEES).map(([governorate, fee]) => ({ governorate, fee: fee + i * 5 }));
    await shipping.replaceFees(tx, tenantId, courier.id, i === couriers.length - 1 ? fees.slice(0, 6) : fees);
  }
  return couriers.length;
}
