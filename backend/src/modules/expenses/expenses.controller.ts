import { Controller, Delete, Get, Post } from '@nestjs/common';
import { createExpenseSchema, expenseListSchema, expenseSchema, expensesQuerySchema, idParamSchema, messageResultSchema, type CreateExpenseRequest, type ExpensesQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ExpensesService } from './expenses.service.js';

@Controller('expenses')
@RequirePermission('expenses.manage')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  @Get()
  @ApiDoc({ summary: 'Expenses, newest day first, with the sum of the filtered amounts (admins)', response: expenseListSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(expensesQuerySchema) query: ExpensesQuery) {
    return this.expenses.list(actor, query);
  }

  @Post()
  @ApiDoc({ summary: 'Record an expense; the date defaults to today (admins)', response: expenseSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createExpenseSchema) body: CreateExpenseRequest) {
    return this.expenses.create(actor, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete an expense (admins)', response: messageResultSchema })
  remove(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.expenses.remove(actor, params.id);
  }
}
