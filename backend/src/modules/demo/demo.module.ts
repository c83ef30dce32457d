import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoSeeder } from './demo-seeder.service.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ExpensesModule } from '../expenses/expenses.module.js';
import { ProductsModule } from '../products/products.module.js';
import { ShippingModule } from '../shipping/shipping.module.js';

@Module({ imports: [AuthModule, TenantsModule, UsersModule, ProductsModule, ShippingModule, ContactsModule, ExpensesModule, NotificationsModule], providers: [DemoSeeder], exports: [DemoSeeder] })
export class DemoModule {}
