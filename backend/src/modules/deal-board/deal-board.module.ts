import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { LabelsModule } from '../labels/labels.module.js';
import { DealBoardController } from './deal-board.controller.js';
import { DealBoardLive } from './deal-board-live.js';
import { DealBoardRepository } from './deal-board.repository.js';
import { DealBoardService } from './deal-board.service.js';

@Module({
  imports: [ContactsModule, LabelsModule],
  controllers: [DealBoardController],
  providers: [DealBoardRepository, DealBoardService, DealBoardLive],
})
export class DealBoardModule {}
