import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DocsController } from './docs.controller.js';
import { HealthController } from './health.controller.js';

@Module({ imports: [DiscoveryModule], controllers: [HealthController, DocsController] })
export class HealthModule {}
