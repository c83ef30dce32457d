import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { WhatsAppDrivers } from '../whatsapp/whatsapp-drivers.js';
import { CloudApiDriver } from './cloud-api.driver.js';
import { WHATSAPP_CLOUD_OPTIONS, type WhatsAppCloudOptions } from './cloud-options.js';
import { CloudThroughput } from './cloud-throughput.js';
import { GraphApi } from './graph-api.js';
import { WhatsAppCloudService } from './whatsapp-cloud.service.js';

/**
 * Puts the Cloud API driver in the driver registry: it runs the companies whose WhatsApp account
 * says `cloud` (set while their official API settings are stored); every other company keeps the
 * deployment's QR driver.
 */
@Injectable()
export class CloudDriverRegistration implements OnModuleInit {
  readonly driver: CloudApiDriver;

  constructor(
    private readonly drivers: WhatsAppDrivers,
    graph: GraphApi,
    cloud: WhatsAppCloudService,
    @Inject(WHATSAPP_CLOUD_OPTIONS) options: WhatsAppCloudOptions,
  ) {
    this.driver = new CloudApiDriver(graph, (tenantId) => cloud.credentials(tenantId), new CloudThroughput(options.throughput));
  }

  onModuleInit() {
    this.drivers.register({ driver: this.driver, runs: (account) => account.connectionKind === 'cloud' });
  }
}
