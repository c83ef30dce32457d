import { Injectable } from '@nestjs/common';
import { resolveDealAmount, type UpdateContactRequest } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ProductsRepository } from '../products/products.repository.js';
import { ProductsService, type MinimumReached } from '../products/products.service.js';
import { DealLinesRepository, type DealLineRow } from './deal-lines.repository.js';

/** The deal being saved: its row before the save, and whether it is won after it. */
export type DealBeingSaved = { id: string; wasWon: boolean; isWon: boolean; amount: number | null; amountManual: boolean };
/** What a save asks of the deal's lines: the new list (replacing the old), a typed amount. */
export type DealLinesChange = { products?: UpdateContactRequest['products']; amount?: number | null; amountManual?: boolean };
/** The amount to store (when it changed or follows the lines) and the products that reached their minimum stock. */
export type DealLinesSaved = { amount?: { amount: number | null; manual: boolean }; reached: MinimumReached[] };

/**
 * The products of a deal and what follows from them: a new list replaces the old one (each product
 * checked to be the company's, an archived one kept only where it already was), the amount follows
 * the lines unless typed (resolveDealAmount), and stock follows sales (a won deal's lines are out of
 * stock). Runs inside the deal's save, whose row lock makes the stock moves happen exactly once.
 */
@Injectable()
export class DealLines {
  constructor(
    private readonly lines: DealLinesRepository,
    private readonly products: ProductsRepository,
    private readonly productsService: ProductsService,
  ) {}

  async save(tx: TenantTx, tenantId: string, deal: DealBeingSaved, change: DealLinesChange): Promise<DealLinesSaved> {
    const { id, wasWon, isWon } = deal;
    const stored = () => this.lines.dealProducts(tx, tenantId, [id]);
    const before = (wasWon || isWon) && change.products !== undefined ? await stored() : undefined;
    let lines: DealLineRow[] | undefined;
    if (change.products !== undefined) {
      const found = new Map((await this.products.findByIds(tx, tenantId, [...new Set(change.products.map((p) => p.productId))])).map((p) => [p.id, p]));
      // a deleted (archived) product stays on the deals that had it, but is not added to another
      const kept = [...found.values()].some((p) => p.archivedAt) ? new Set((before ?? (await stored())).map((l) => l.product?.id)) : new Set<string | undefined>();
      lines = change.products.map((p, i) => {
        const product = found.get(p.productId);
        if (!product || (product.archivedAt && !kept.has(product.id))) {
          throw ApiError.badRequest(`Product ${i + 1} was not found: choose it again from the list.`, `products.${i}.productId`).withCode('contact.product_missing', {
            position: i + 1,
          });
        }
        return { productId: product.id, qty: p.qty, price: p.price ?? product.price };
      });
      await this.lines.replaceDealProducts(tx, tenantId, id, lines);
    }
    const saved: DealLinesSaved = { reached: [] };
    if (lines !== undefined || change.amount !== undefined || change.amountManual !== undefined) {
      saved.amount = resolveDealAmount({
        lines: lines ?? (await stored()),
        requestedAmount: change.amount,
        requestedManual: change.amountManual,
        current: { amount: deal.amount, manual: deal.amountManual },
      });
    }
    if (wasWon || isWon) {
      const previous = before ?? (await stored());
      const next = lines ?? previous.map((l) => ({ productId: l.product?.id ?? null, qty: l.qty }));
      const moves = stockMoves(wasWon ? previous.map((l) => ({ productId: l.product?.id ?? null, qty: l.qty })) : [], isWon ? next : []);
      saved.reached = await this.productsService.moveStock(tx, tenantId, moves);
    }
    return saved;
  }

  /** After the commit: the company's admins hear of the products that reached their minimum stock. */
  notifyMinimumReached(tenantId: string, reached: MinimumReached[]): Promise<void> {
    return reached.length ? this.productsService.notifyMinimumReached(tenantId, reached) : Promise.resolve();
  }
}

/**
 * Stock follows sales: what a won deal holds is out of stock. From what the deal held out of stock
 * before (its lines if it was won) to what it holds now (its lines if it is won), per product:
 * positive = take out, negative = put back.
 */
export function stockMoves(taken: { productId: string | null; qty: number }[], toTake: { productId: string | null; qty: number }[]): Map<string, number> {
  const moves = new Map<string, number>();
  for (const l of taken) if (l.productId) moves.set(l.productId, (moves.get(l.productId) ?? 0) - l.qty);
  for (const l of toTake) if (l.productId) moves.set(l.productId, (moves.get(l.productId) ?? 0) + l.qty);
  return moves;
}
