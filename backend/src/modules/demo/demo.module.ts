import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoSeeder } from './demo-seeder.service.js';

@Module({ imports: [AuthModule, TenantsModule, UsersModule], providers: [DemoSeeder], exports: [DemoSeeder] })
export class DemoModule {}
