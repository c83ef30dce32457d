import { Injectable } from '@nestjs/common';
import { dayIn, type CreateExpenseRequest, type Expense, type ExpenseList, type ExpensesQuery } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { toExpenseDto } from './expense.mapper.js';
import { ExpensesRepository } from './expenses.repository.js';

/** Expenses are an admin matter: sales users can neither see nor change them. */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly db: Database,
    private readonly expenses: ExpensesRepository,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor, query: ExpensesQuery): Promise<ExpenseList> {
    this.assertAdmin(actor);
    if (query.from && query.to && query.from > query.to) throw ApiError.badRequest('From date must be on or before To date', 'from');
    const { rows, total, totalAmount } = await this.db.tenant(actor.tenantId, (tx) => this.expenses.list(tx, actor.tenantId, { ...query, offset: (query.page - 1) * query.limit, limit: query.limit }));
    return { items: rows.map(toExpenseDto), total, totalAmount };
  }

  async create(actor: TenantActor, input: CreateExpenseRequest): Promise<Expense> {
    this.assertAdmin(actor);
    const now = this.clock.now();
    const [row] = await this.db.tenant(actor.tenantId, (tx) =>
      this.expenses.insertMany(tx, [
        {
          tenantId: actor.tenantId,
          title: input.title,
          amount: input.amount,
          category: input.category ?? null,
          date: input.date ?? dayIn(now, input.tz),
          notes: input.notes ?? null,
          createdBy: actor.userId,
          createdAt: now,
        },
      ]),
    );
    return toExpenseDto(row);
  }

  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    this.assertAdmin(actor);
    const deleted = await this.db.tenant(actor.tenantId, (tx) => this.expenses.delete(tx, actor.tenantId, id));
    if (!deleted) throw ApiError.notFound('Expense not found.').withCode('expense.not_found');
    return { message: 'Expense deleted.' };
  }

  private assertAdmin(actor: TenantActor) {
    if (!may(actor, 'expenses.manage')) {
      throw ApiError.forbidden('Only admins can manage expenses.').withCode('permission_denied', { permission: 'expenses.manage' });
    }
  }
}
