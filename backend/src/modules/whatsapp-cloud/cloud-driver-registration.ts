import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { WhatsAppDrivers } from '../whatsapp/whatsapp-drivers.js';
import { CloudApiDriver } from './cloud-api.driver.js';
import { WHATSAPP_CLOUD_OPTIONS, type WhatsAppCloudOptions } from './cloud-options.js';
import { LocalCloudSendPace, RedisCloudSendPace, type CloudSendPace } from './cloud-send-pace.js';
import { CloudThroughput } from './cloud-throughput.js';
import { GraphApi } from './graph-api.js';
import { WhatsAppCloudService } from './whatsapp-cloud.service.js';

/** A send waits at most this long for Redis to give it its slot before it paces on its own. */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Puts the Cloud API driver in the driver registry: it runs the companies whose WhatsApp account
 * says `cloud` (set while their official API settings are stored); every other company keeps the
 * deployment's QR driver. With REDIS_URL its numbers' pace of sends is shared by every instance.
 */
@Injectable()
export class CloudDriverRegistration implements OnModuleInit, OnApplicationShutdown {
  readonly driver: CloudApiDriver;
  private readonly logger = new Logger('CloudThroughput');
  private readonly redis?: ReturnType<typeof createClient>;

  constructor(
    private readonly drivers: WhatsAppDrivers,
    graph: GraphApi,
    cloud: WhatsAppCloudService,
    @Inject(WHATSAPP_CLOUD_OPTIONS) options: WhatsAppCloudOptions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    let pace: CloudSendPace = new LocalCloudSendPace();
    if (config.redisUrl) {
      // commands fail at once while disconnected (the send paces on its own) instead of queueing until Redis is back
      this.redis = createClient({ url: config.redisUrl, disableOfflineQueue: true, commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS } });
      // connection errors are said once, by the pace, when a send meets them
      this.redis.on('error', () => undefined);
      pace = new RedisCloudSendPace(this.redis, config.redisPrefix, (message) => this.logger.warn(message));
    }
    this.driver = new CloudApiDriver(graph, (tenantId) => cloud.credentials(tenantId), CloudThroughput.sharing(options.throughput, pace));
  }

  onModuleInit() {
    this.drivers.register({ driver: this.driver, runs: (account) => account.connectionKind === 'cloud' });
    // not awaited: Redis out of reach at start-up must not stop the backend; the client keeps trying
    this.redis?.connect().catch(() => undefined);
  }

  onApplicationShutdown() {
    this.redis?.destroy();
  }
}
