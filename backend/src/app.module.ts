import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Clock } from './platform/clock.js';
import { ClockModule } from './platform/clock.module.js';
import { ConfigModule } from './platform/config/config.module.js';
import type { AppConfig } from './platform/config/config.js';
import { DatabaseModule } from './platform/db/database.module.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { DomainEventsModule } from './platform/events/domain-events.module.js';
import { EnvelopeInterceptor } from './platform/http/envelope.interceptor.js';
import { ErrorFilter } from './platform/http/error.filter.js';
import { RealtimeModule } from './platform/realtime/realtime.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { TenantsModule } from './modules/tenants/tenants.module.js';
import { TenantAccessModule } from './modules/tenant-access/tenant-access.module.js';
import { SuperAuditModule } from './modules/super-audit/super-audit.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { FilesModule } from './platform/files/files.module.js';
import { WhatsAppModule } from './modules/whatsapp/whatsapp.module.js';
import { WhatsAppCloudModule } from './modules/whatsapp-cloud/whatsapp-cloud.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { ChatsModule } from './modules/chats/chats.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { CannedResponsesModule } from './modules/canned-responses/canned-responses.module.js';
import { LabelsModule } from './modules/labels/labels.module.js';
import { ContactsModule } from './modules/contacts/contacts.module.js';
import { ProductsModule } from './modules/products/products.module.js';
import { ShippingModule } from './modules/shipping/shipping.module.js';
import { ExpensesModule } from './modules/expenses/expenses.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { TeamModule } from './modules/team/team.module.js';
import { TenantDeletionModule } from './modules/tenant-deletion/tenant-deletion.module.js';
import { FollowUpsModule } from './modules/follow-ups/follow-ups.module.js';
import { TasksModule } from './modules/tasks/tasks.module.js';
import { DealBoardModule } from './modules/deal-board/deal-board.module.js';
import { CampaignsModule } from './modules/campaigns/campaigns.module.js';
import { ScheduledMessagesModule } from './modules/scheduled-messages/scheduled-messages.module.js';
import { OrderConfirmationsModule } from './modules/order-confirmations/order-confirmations.module.js';
import * as tables from './modules/tables.js';

export type AppOptions = {
  clock?: Clock;
  /** PGlite directory override; tests pass `memory://`. */
  pgliteDir?: string;
};

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(options.clock),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: (req: IncomingMessage & { id?: string }) => req.id ?? randomUUID(),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
            customProps: () => ({ service: 'crm-backend' }),
          },
        }),
        DatabaseModule.forRoot({ pgliteDir: options.pgliteDir, schema: tables }),
        JobsModule,
        DomainEventsModule,
        RealtimeModule,
        HealthModule,
        UsersModule,
        SuperAuditModule,
        TenantsModule,
        AuthModule,
        TenantAccessModule,
        DemoModule,
        FilesModule,
        NotificationsModule,
        WhatsAppModule.forRoot(config),
        WhatsAppCloudModule,
        ChatsModule,
        MessagesModule,
        CannedResponsesModule,
        LabelsModule,
        ProductsModule,
        ShippingModule,
        ContactsModule,
        ExpensesModule,
        ReportsModule,
        TeamModule,
        TasksModule,
        DealBoardModule,
        CampaignsModule,
        ScheduledMessagesModule,
        OrderConfirmationsModule,
        TenantDeletionModule,
        FollowUpsModule.forRoot(config),
      ],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
