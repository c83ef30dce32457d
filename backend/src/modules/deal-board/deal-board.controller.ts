import { Controller, Get, Patch, Put } from '@nestjs/common';
import {
  contactSchema,
  dealBoardQuerySchema,
  dealBoardSchema,
  dealBoardSettingsSchema,
  dealColumnQuerySchema,
  dealColumnSchema,
  dealStatusParamSchema,
  idParamSchema,
  moveDealSchema,
  type DealBoardQuery,
  type DealBoardSettings,
  type DealColumnQuery,
  type MoveDealRequest,
  type PipelineStatus,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { DealBoardService } from './deal-board.service.js';

@Controller('deals')
@RequirePermission('crm.work')
export class DealBoardController {
  constructor(private readonly board: DealBoardService) {}

  @Get('board')
  @ApiDoc({
    summary:
      'The deal board: every pipeline status with its count and total amount over the whole filter and its first page of cards, newest first (days in status, stale mark). Sales users see their own deals.',
    response: dealBoardSchema,
  })
  load(@CurrentUser() actor: TenantActor, @ValidQuery(dealBoardQuerySchema) query: DealBoardQuery) {
    return this.board.load(actor, query);
  }

  @Get('board/:status')
  @ApiDoc({ summary: 'One column of the deal board, one page (page=2, 3, …), with its count and total over the whole filter', response: dealColumnSchema })
  column(@CurrentUser() actor: TenantActor, @ValidParams(dealStatusParamSchema) params: { status: PipelineStatus }, @ValidQuery(dealColumnQuerySchema) query: DealColumnQuery) {
    return this.board.column(actor, params.status, query);
  }

  @Patch(':id/status')
  @ApiDoc({
    summary: 'Move a deal to another pipeline status (recorded with who and when); lost needs lostReason; won takes its products out of stock. A sales user moves only their own deals.',
    response: contactSchema,
  })
  move(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(moveDealSchema) body: MoveDealRequest) {
    return this.board.move(actor, params.id, body);
  }

  @Get('settings')
  @ApiDoc({ summary: "The company's stale thresholds (days per status) and lost reasons", response: dealBoardSettingsSchema })
  settings(@CurrentUser() actor: TenantActor) {
    return this.board.settings(actor);
  }

  @Put('settings')
  @RequirePermission('team.manage')
  @ApiDoc({ summary: 'Save the stale thresholds (blank = never stale) and the lost reasons (admins)', response: dealBoardSettingsSchema })
  saveSettings(@CurrentUser() actor: TenantActor, @ValidBody(dealBoardSettingsSchema) body: DealBoardSettings) {
    return this.board.saveSettings(actor, body);
  }
}
