import { describe, expect, it } from 'vitest';
import { makeContact } from '../testing/make-contact';
import { addRow, chooseShipping, dealFormFrom, detailsFormFrom, followProducts, newDealRow, pickProduct, removeRow, rowsWithoutProduct, toUpdateRequest, typeAmount, updateRow } from './deal-form';

const oud = { _id: '0190a0b0-0000-7000-8000-00000000f001', name: 'Oud Perfume 50ml', price: 1200 };
const musk = { _id: '0190a0b0-0000-7000-8000-00000000f002', name: 'White Musk 12ml', price: 180 };
const emptyDeal = () => dealFormFrom(makeContact({ stage: 'sales' }));

describe('deal form', () => {
  it("starts a deal with status 'new', shipping 'pending' and no products when none is set", () => {
    const form = emptyDeal();
    expect(form.pipelineStatus).toBe('new');
    expect(form.shipping.status).toBe('pending');
    expect(form.rows).toEqual([]);
    expect(form.amount).toBe(0);
    expect(form.amountManual).toBe(false);
  });

  it('adds a new row as an empty product with qty 1 and price 0', () => {
    const row = newDealRow();
    expect(row).toMatchObject({ product: null, qty: 1, price: 0 });
    expect(addRow(emptyDeal()).rows).toHaveLength(1);
  });

  it('fills the price when a product is picked, and the amount follows price × qty', () => {
    let form = addRow(addRow(emptyDeal()));
    const [first, second] = form.rows;
    form = pickProduct(form, first.key, oud);
    expect(form.rows[0].price).toBe(1200);
    expect(form.amount).toBe(1200);
    form = updateRow(form, first.key, { qty: 2 });
    form = pickProduct(form, second.key, musk);
    expect(form.amount).toBe(2 * 1200 + 180);
    form = removeRow(form, first.key);
    expect(form.amount).toBe(180);
  });

  it('keeps an amount typed by hand when the products change, until asked to follow them again', () => {
    let form = addRow(emptyDeal());
    const key = form.rows[0].key;
    form = pickProduct(form, key, oud);
    form = typeAmount(form, 1000);
    expect(form).toMatchObject({ amount: 1000, amountManual: true });
    form = updateRow(form, key, { qty: 3 });
    expect(form.amount).toBe(1000);
    form = followProducts(form);
    expect(form).toMatchObject({ amount: 3600, amountManual: false });
  });

  it('reads an existing deal: products, a manual amount, shipping', () => {
    const contact = makeContact({
      stage: 'sales',
      products: [
        { productId: { ...oud, sku: 'PRF' }, qty: 2, price: 1100 },
        { productId: null, qty: 1, price: 50 },
      ],
      salesData: {
        pipeline_status: 'won',
        amount: 2000,
        amountManual: true,
        probability: 80,
        shippingDetails: {
          company: { _id: '0190a0b0-0000-7000-8000-00000000c001', name: 'Bosta' },
          trackingNumber: 'BX1',
          cost: 60,
          status: 'shipped',
          address: { governorate: 'Cairo', city: 'Maadi', street: '9 Road' },
          codAmount: null,
          codCollected: false,
        },
      },
    });
    const form = dealFormFrom(contact);
    expect(form).toMatchObject({ pipelineStatus: 'won', amount: 2000, amountManual: true, probability: 80 });
    expect(form.rows.map((r) => [r.product?.name ?? null, r.qty, r.price, r.deletedProduct])).toEqual([
      ['Oud Perfume 50ml', 2, 1100, false],
      [null, 1, 50, true],
    ]);
    expect(form.shipping).toEqual({
      companyId: '0190a0b0-0000-7000-8000-00000000c001',
      trackingNumber: 'BX1',
      cost: 60,
      status: 'shipped',
      governorate: 'Cairo',
      city: 'Maadi',
      street: '9 Road',
      codAmount: '',
      codCollected: false,
    });
    expect(rowsWithoutProduct(form)).toEqual([form.rows[1].key]);
  });

  it('builds one PATCH body: details, deal, shipping and products', () => {
    const contact = makeContact({ stage: 'sales', name: 'Mona', email: 'mona@x.eg' });
    let deal = addRow(dealFormFrom(contact));
    deal = pickProduct(deal, deal.rows[0].key, musk);
    deal = { ...deal, pipelineStatus: 'won', probability: 90, shipping: { ...deal.shipping, companyId: 'c1', city: ' Giza ' } };
    const body = toUpdateRequest({ ...detailsFormFrom(contact), notes: '  ' }, deal);
    expect(body).toEqual({
      name: 'Mona',
      email: 'mona@x.eg',
      address: null,
      notes: null,
      salesData: {
        pipeline_status: 'won',
        amount: 180,
        amountManual: false,
        probability: 90,
        shippingDetails: { company: 'c1', trackingNumber: null, cost: null, status: 'pending', address: { governorate: null, city: 'Giza', street: null }, codAmount: null, codCollected: false },
      },
      products: [{ productId: musk._id, qty: 1, price: 180 }],
    });
  });

  it('sends a typed amount as manual, and a cleared one as automatic', () => {
    const deal = pickProduct(addRow(emptyDeal()), 'x', null);
    expect(toUpdateRequest(detailsFormFrom(makeContact()), typeAmount(deal, 500)).salesData).toMatchObject({ amount: 500, amountManual: true });
    expect(toUpdateRequest(detailsFormFrom(makeContact()), typeAmount(deal, '')).salesData).toMatchObject({ amount: 0, amountManual: false });
  });

  it('leaves the deal out for a contact that is not in the sales stage, and an empty name out', () => {
    const body = toUpdateRequest({ name: ' ', email: '', address: 'Street 1', notes: '' }, null);
    expect(body).toEqual({ email: null, address: 'Street 1', notes: null });
  });

  it('fills the cost from the chosen company and governorate, keeping it when the company has no fee there', () => {
    const companies = [
      { _id: 'c1', name: 'Bosta', governorateFees: [{ governorate: 'cairo', fee: 60 }] },
      { _id: 'c2', name: 'Own courier' },
    ];
    let form = chooseShipping(emptyDeal(), { companyId: 'c1' }, companies);
    expect(form.shipping.cost).toBe('');
    form = chooseShipping(form, { governorate: 'cairo' }, companies);
    expect(form.shipping).toMatchObject({ companyId: 'c1', governorate: 'cairo', cost: 60 });
    form = { ...form, shipping: { ...form.shipping, cost: 40 } };
    expect(chooseShipping(form, { companyId: 'c2' }, companies).shipping.cost).toBe(40);
    expect(chooseShipping(form, { governorate: 'giza' }, companies).shipping.cost).toBe(40);
    expect(chooseShipping(form, { governorate: 'cairo' }, companies).shipping.cost).toBe(60);
  });
});
