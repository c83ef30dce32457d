import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, configSectionProvider } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { DemoChatsService } from './demo-chats.service.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import { WwebjsDriver } from './drivers/wwebjs.driver.js';
import { MessengerEvents } from './messenger-events.js';
import { MESSENGER_OPTIONS, messengerConfig, type MessengerOptions } from './messenger-options.js';
import { WhatsAppDevController } from './whatsapp-dev.controller.js';
import { WHATSAPP_DRIVER } from './whatsapp-driver.js';
import { SystemClock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { WhatsAppSessionLeaseRepository } from './whatsapp-session-lease.repository.js';
import { defaultInstanceId, WHATSAPP_SESSION_LEASE, WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppDrivers } from './whatsapp-drivers.js';
import { WhatsAppLeaseRounds } from './whatsapp-lease-rounds.js';
import { WhatsAppLiveSessions } from './whatsapp-live-sessions.js';
import { WhatsAppReconnects } from './whatsapp-reconnects.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WhatsAppStatusCache } from './whatsapp-status-cache.js';
import { WhatsAppWatchdogService } from './whatsapp-watchdog.service.js';
import { WhatsAppController } from './whatsapp.controller.js';
import { WhatsAppRepository } from './whatsapp.repository.js';

/**
 * The company's WhatsApp connection: the driver configured by WHATSAPP_DRIVER (WhatsAppDrivers picks
 * each company's, and other connection kinds register there), one session per tenant,
 * the watchdog, and the messenger's in-process events. The simulator's dev routes exist only with
 * the simulator driver.
 */
@Module({})
export class WhatsAppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const simulator = config.whatsappDriver === 'simulator';
    return {
      module: WhatsAppModule,
      global: true,
      imports: [NotificationsModule, TenantsModule],
      controllers: simulator ? [WhatsAppController, WhatsAppDevController] : [WhatsAppController],
      providers: [
        configSectionProvider(messengerConfig),
        {
          provide: WHATSAPP_DRIVER,
          inject: [MESSENGER_OPTIONS, APP_CONFIG],
          useFactory: (options: MessengerOptions, appConfig: AppConfig) =>
            appConfig.whatsappDriver === 'simulator' ? new SimulatorDriver(options, appConfig.dataDir) : new WwebjsDriver(options, appConfig.dataDir),
        },
        ...(simulator ? [{ provide: SimulatorDriver, useExisting: WHATSAPP_DRIVER }] : []),
        MessengerEvents,
        WhatsAppRepository,
        WhatsAppSessionLeaseRepository,
        {
          provide: WHATSAPP_SESSION_LEASE,
          inject: [Database, WhatsAppSessionLeaseRepository, MESSENGER_OPTIONS, APP_CONFIG],
          // the wall clock, not the app's: leases measure real time between timers of live processes,
          // and must not expire because a test (or the demo) moves business time forward
          useFactory: (db: Database, repo: WhatsAppSessionLeaseRepository, options: MessengerOptions, appConfig: AppConfig) =>
            new WhatsAppSessionLease(db, repo, new SystemClock(), { instanceId: defaultInstanceId(options.instanceId, !!appConfig.databaseUrl), ttlMs: options.leaseTtlMs }),
        },
        WhatsAppDrivers,
        WhatsAppStatusCache,
        WhatsAppReconnects,
        WhatsAppLiveSessions,
        WhatsAppLeaseRounds,
        WhatsAppSessionsService,
        WhatsAppWatchdogService,
        DemoChatsService,
      ],
      exports: [
        MESSENGER_OPTIONS,
        WHATSAPP_DRIVER,
        WHATSAPP_SESSION_LEASE,
        MessengerEvents,
        WhatsAppDrivers,
        WhatsAppSessionsService,
        WhatsAppWatchdogService,
        ...(simulator ? [SimulatorDriver] : []),
      ],
    };
  }
}
