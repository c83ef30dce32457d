import { dealAmount, shippingFeeFor, type Contact, type ShippingCompany, type PipelineStatus, type ShippingStatus, type UpdateContactRequest } from '@crm/common';
import type { PickedProduct } from '../components/ProductPicker';

/**
 * The profile's editable state and the rules it follows, kept apart from the components so they
 * can be read and tested on their own. The deal amount rule is the shared one from @crm/common.
 */

export interface DetailsForm {
  name: string;
  email: string;
  address: string;
  notes: string;
}

export interface DealRow {
  /** A stable key for React; rows have no id of their own. */
  key: string;
  product: PickedProduct | null;
  /** The product this row had before it was deleted from the catalogue (shown, not sent). */
  deletedProduct?: boolean;
  qty: number | '';
  price: number | '';
}

export interface ShippingForm {
  companyId: string;
  trackingNumber: string;
  cost: number | '';
  status: ShippingStatus;
  governorate: string;
  city: string;
  street: string;
  /** Cash on delivery (beyond the spec). */
  codAmount: number | '';
  codCollected: boolean;
}

export interface DealForm {
  /** 'new' when the deal has none. */
  pipelineStatus: PipelineStatus;
  /** What the amount box shows; '' only while the user is typing. */
  amount: number | '';
  /** True once the user typed an amount: it no longer follows the products. */
  amountManual: boolean;
  probability: number | '';
  rows: DealRow[];
  shipping: ShippingForm;
}

let rowCounter = 0;
const nextKey = () => `row-${++rowCounter}`;

/** A new product row is an empty product, qty 1, price 0. */
export const newDealRow = (): DealRow => ({ key: nextKey(), product: null, qty: 1, price: 0 });

const lineOf = (row: DealRow) => ({ qty: row.qty === '' ? 1 : row.qty, price: row.price === '' ? 0 : row.price });

/** Σ price × qty over the rows: the common deal amount rule (qty 1 when unset). */
export const rowsAmount = (rows: readonly DealRow[]): number => dealAmount(rows.map(lineOf));

export function detailsFormFrom(contact: Contact): DetailsForm {
  return { name: contact.name ?? '', email: contact.email ?? '', address: contact.address ?? '', notes: contact.notes ?? '' };
}

export function dealFormFrom(contact: Contact): DealForm {
  const sd = contact.salesData;
  const rows: DealRow[] = contact.products.map((line) => ({
    key: nextKey(),
    product: line.productId ? { _id: line.productId._id, name: line.productId.name, price: line.productId.price } : null,
    deletedProduct: line.productId === null,
    qty: line.qty,
    price: line.price,
  }));
  const ship = sd.shippingDetails;
  return {
    pipelineStatus: sd.pipeline_status ?? 'new',
    amountManual: sd.amountManual,
    amount: sd.amountManual ? (sd.amount ?? 0) : rowsAmount(rows),
    probability: sd.probability ?? '',
    rows,
    shipping: {
      companyId: ship.company?._id ?? '',
      trackingNumber: ship.trackingNumber ?? '',
      cost: ship.cost ?? '',
      // Pending is the profile's default.
      status: ship.status ?? 'pending',
      governorate: ship.address.governorate ?? '',
      city: ship.address.city ?? '',
      street: ship.address.street ?? '',
      codAmount: ship.codAmount ?? '',
      codCollected: ship.codCollected ?? false,
    },
  };
}

/** New rows: the amount follows them unless the user typed it. */
export function withRows(form: DealForm, rows: DealRow[]): DealForm {
  return { ...form, rows, amount: form.amountManual ? form.amount : rowsAmount(rows) };
}

export function updateRow(form: DealForm, key: string, patch: Partial<DealRow>): DealForm {
  return withRows(
    form,
    form.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)),
  );
}

/** Picking a product fills its price. */
export function pickProduct(form: DealForm, key: string, product: PickedProduct | null): DealForm {
  return updateRow(form, key, { product, deletedProduct: false, price: product ? product.price : 0 });
}

export const addRow = (form: DealForm): DealForm => withRows(form, [...form.rows, newDealRow()]);
export const removeRow = (form: DealForm, key: string): DealForm =>
  withRows(
    form,
    form.rows.filter((row) => row.key !== key),
  );

/** The user typed an amount: from now on it is kept. */
export const typeAmount = (form: DealForm, amount: number | ''): DealForm => ({ ...form, amount, amountManual: true });

/** Back to automatic: the amount follows the products again. */
export const followProducts = (form: DealForm): DealForm => ({ ...form, amountManual: false, amount: rowsAmount(form.rows) });

/** What the deal editor knows of a shipping company: its fees when the list has them. */
export type ShippingChoice = Pick<ShippingCompany, '_id' | 'name'> & Partial<Pick<ShippingCompany, 'governorateFees' | 'trackingURL'>>;

/**
 * The user chose a shipping company or a governorate: the cost becomes that company's fee for that
 * governorate. A cost typed by hand stays until the user chooses again (typing goes through
 * `ship`, not here), and stays too when the company charges nothing known there, so choosing a
 * company without fees never wipes a cost the user entered.
 */
export function chooseShipping(form: DealForm, patch: Pick<Partial<ShippingForm>, 'companyId' | 'governorate'>, companies: readonly ShippingChoice[]): DealForm {
  const shipping = { ...form.shipping, ...patch };
  const fee = shippingFeeFor(companies.find((c) => c._id === shipping.companyId)?.governorateFees ?? [], shipping.governorate);
  return { ...form, shipping: fee === null ? shipping : { ...shipping, cost: fee } };
}

/** Rows that cannot be saved: no product chosen. */
export const rowsWithoutProduct = (form: DealForm): string[] => form.rows.filter((row) => !row.product).map((row) => row.key);

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: number | ''): number | null => (value === '' ? null : value);

/** One PATCH with everything the profile edits (the deal only for a contact in the sales stage). */
export function toUpdateRequest(details: DetailsForm, deal: DealForm | null): UpdateContactRequest {
  const body: UpdateContactRequest = {
    email: textOrNull(details.email),
    address: textOrNull(details.address),
    notes: textOrNull(details.notes),
  };
  // A contact without a name (e.g. one who wrote first on WhatsApp) may stay without one.
  if (details.name.trim()) body.name = details.name.trim();
  if (!deal) return body;

  const manual = deal.amountManual && deal.amount !== '';
  body.salesData = {
    pipeline_status: deal.pipelineStatus,
    amount: manual ? (deal.amount as number) : rowsAmount(deal.rows),
    amountManual: manual,
    probability: numberOrNull(deal.probability),
    shippingDetails: {
      company: deal.shipping.companyId || null,
      trackingNumber: textOrNull(deal.shipping.trackingNumber),
      cost: numberOrNull(deal.shipping.cost),
      status: deal.shipping.status,
      address: {
        governorate: textOrNull(deal.shipping.governorate),
        city: textOrNull(deal.shipping.city),
        street: textOrNull(deal.shipping.street),
      },
      codAmount: numberOrNull(deal.shipping.codAmount),
      codCollected: deal.shipping.codCollected,
    },
  };
  body.products = deal.rows.filter((row) => row.product).map((row) => ({ productId: row.product!._id, qty: row.qty === '' ? 1 : row.qty, price: row.price === '' ? 0 : row.price }));
  return body;
}
