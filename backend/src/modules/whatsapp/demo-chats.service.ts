import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Database } from '../../platform/db/database.js';
import { DEMO_TENANT } from '../../platform/config/demo-accounts.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { SimulatorDriver } from './drivers/simulator.driver.js';
import { MessengerEvents } from './messenger-events.js';
import { WHATSAPP_DRIVER, type WhatsAppDriver } from './whatsapp-driver.js';

/** A few customers writing in when the demo company first connects its (simulated) WhatsApp. */
export const DEMO_CHATS: { from: string; name: string; body: string }[] = [
  { from: '+201001112233', name: 'Mona Hassan', body: 'مساء الخير، هل الفستان الأزرق متوفر مقاس M؟' },
  { from: '+201112223344', name: 'Karim Adel', body: 'Hi, how much is shipping to Alexandria?' },
  { from: '+201223334455', name: 'Yasmin Fathy', body: 'I ordered yesterday, when will it arrive?' },
  { from: '+201001112233', name: 'Mona Hassan', body: 'وممكن الدفع عند الاستلام؟' },
  { from: '+201554445566', name: 'Ahmed Samir', body: 'Do you have the black sneakers in size 43?' },
];

@Injectable()
export class DemoChatsService implements OnModuleInit {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WHATSAPP_DRIVER) private readonly driver: WhatsAppDriver,
    private readonly events: MessengerEvents,
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
  ) {}

  onModuleInit() {
    if (!this.config.demo || !(this.driver instanceof SimulatorDriver)) return;
    this.events.on('whatsapp.connected', ({ tenantId, firstTime }) => (firstTime ? this.play(tenantId) : undefined));
  }

  private async play(tenantId: string) {
    const tenant = await this.db.tenant(tenantId, (tx) => this.tenants.findOwn(tx, tenantId));
    if (tenant?.slug !== DEMO_TENANT.slug) return;
    const simulator = this.driver as SimulatorDriver;
    for (const [i, chat] of DEMO_CHATS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, simulator.scaled(i === 0 ? 1500 : 2500)).unref());
      await simulator
        .injectInbound(tenantId, { from: `${chat.from.slice(1)}@c.us`, phoneId: `${chat.from.slice(1)}@c.us`, profileName: chat.name, body: chat.body, type: 'text' })
        .catch((err) => this.logger.warn(`demo chat not delivered: ${err instanceof Error ? err.message : err}`));
    }
  }
}
