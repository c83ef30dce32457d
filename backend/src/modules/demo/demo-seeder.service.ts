import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Clock } from '../../platform/clock.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { Database } from '../../platform/db/database.js';
import { AuthRepository } from '../auth/auth.repository.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { DealLinesRepository } from '../contacts/deal-lines.repository.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { TasksRepository } from '../tasks/tasks.repository.js';
import { seedDemoTasks } from './demo-tasks.js';
import { ProductsRepository } from '../products/products.repository.js';
import { ShippingRepository } from '../shipping/shipping.repository.js';
import { NotificationsRepository } from '../notifications/notifications.repository.js';
import { seedDemoCrm, type DemoContext } from './demo-crm-data.js';
import { CannedResponsesRepository } from '../canned-responses/canned-responses.repository.js';
import { FollowUpTemplatesRepository } from '../follow-ups/follow-up-templates.repository.js';
import { seedDemoMessaging } from './demo-messaging-data.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { DEMO_PASSWORD, DEMO_SUPER, DEMO_TENANT, DEMO_USERS } from '../../platform/config/demo-accounts.js';

/**
 * Fills an empty database with the demo company when demo mode is on. Never runs otherwise, and
 * never touches a database that already has a company in it.
 */
@Injectable()
export class DemoSeederService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly products: ProductsRepository,
    private readonly shipping: ShippingRepository,
    private readonly contacts: ContactsRepository,
    private readonly dealLines: DealLinesRepository,
    private readonly expenses: ExpensesRepository,
    private readonly canned: CannedResponsesRepository,
    private readonly followUpTemplates: FollowUpTemplatesRepository,
    private readonly tasks: TasksRepository,
    private readonly notifications: NotificationsRepository,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.demo) return;
    const seeded = await this.seedIfEmpty();
    if (seeded) this.logger.log('Demo data created');
  }

  async seedIfEmpty(): Promise<boolean> {
    const [userHash, superHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_SUPER.password)]);
    return this.db.platform(async (tx) => {
      if ((await this.tenants.countTenants(tx)) > 0) return false;
      const now = this.clock.now();
      const tenant = await this.tenants.insertTenant(tx, {
        ...DEMO_TENANT,
        subscriptionType: 'yearly',
        subscriptionStatus: 'active',
        subscriptionExpiresAt: new Date(now.getTime() + 365 * 86_400_000),
        subscriptionPrice: 1200,
        subscriptionPaid: 600,
      });
      const ids: string[] = [];
      for (const u of DEMO_USERS) {
        const row = await this.users.insert(tx, { tenantId: tenant.id, name: u.name, email: u.email, role: u.role, passwordHash: userHash });
        ids.push(row.id);
      }
      const ctx: DemoContext = {
        tenantId: tenant.id,
        adminId: ids[DEMO_USERS.findIndex((u) => u.role === 'admin')],
        salesIds: ids.filter((_, i) => DEMO_USERS[i].role === 'sales'),
        now,
      };
      await seedDemoCrm(tx, ctx, { products: this.products, shipping: this.shipping, contacts: this.contacts, dealLines: this.dealLines, expenses: this.expenses });
      await seedDemoMessaging(tx, ctx, { canned: this.canned, followUpTemplates: this.followUpTemplates });
      await seedDemoTasks(tx, ctx, this.tasks);
      await seedDemoNotifications(tx, ctx, tenant.name, this.notifications);
      if (!(await this.auth.findPlatformAdminByEmail(tx, DEMO_SUPER.email))) {
        await this.auth.insertPlatformAdmin(tx, { name: DEMO_SUPER.name, email: DEMO_SUPER.email, passwordHash: superHash });
      }
      return true;
    });
  }
}
