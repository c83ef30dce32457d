import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoSeederService } from './demo-seeder.service.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ExpensesModule } from '../expenses/expenses.module.js';
import { TasksModule } from '../tasks/tasks.module.js';
import { ProductsModule } from '../products/products.module.js';
import { ShippingModule } from '../shipping/shipping.module.js';
import { CannedResponsesModule } from '../canned-responses/canned-responses.module.js';
import { FollowUpTemplatesRepository } from '../follow-ups/follow-up-templates.repository.js';

/**
 * FollowUpsModule is built per configuration (forRoot), so the demo provides the follow-up
 * templates' repository itself: it is stateless, and the demo only writes templates through it.
 */
@Module({
  imports: [AuthModule, TenantsModule, UsersModule, ProductsModule, ShippingModule, ContactsModule, ExpensesModule, CannedResponsesModule, TasksModule, NotificationsModule],
  providers: [DemoSeederService, FollowUpTemplatesRepository],
  exports: [DemoSeederService],
})
export class DemoModule {}
