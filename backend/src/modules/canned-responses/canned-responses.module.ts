import { Module } from '@nestjs/common';
import { CannedResponsesController } from './canned-responses.controller.js';
import { CannedResponsesRepository } from './canned-responses.repository.js';
import { CannedResponsesService } from './canned-responses.service.js';

@Module({ controllers: [CannedResponsesController], providers: [CannedResponsesRepository, CannedResponsesService], exports: [CannedResponsesRepository] })
export class CannedResponsesModule {}
