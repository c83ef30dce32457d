import { Module } from '@nestjs/common';
import { LabelsController } from './labels.controller.js';
import { LabelsRepository } from './labels.repository.js';
import { LabelsService } from './labels.service.js';

/** Label definitions and which contacts carry them. Below contacts: contacts' lists filter through its SQL, and contacts put labels on through its repository. */
@Module({ controllers: [LabelsController], providers: [LabelsRepository, LabelsService], exports: [LabelsRepository] })
export class LabelsModule {}
