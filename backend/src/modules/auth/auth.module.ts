import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TokenService } from '../../platform/auth/token.service.js';
import { SOCKET_AUTHENTICATOR } from '../../platform/realtime/socket-authenticator.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { SessionCheckInterceptor } from './session-check.interceptor.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { SuperAuthController } from './super-auth.controller.js';

@Module({
  imports: [UsersModule, TenantsModule],
  controllers: [AuthController, SuperAuthController],
  providers: [
    AuthRepository,
    AuthService,
    LoginThrottleService,
    TokenService,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_INTERCEPTOR, useClass: SessionCheckInterceptor },
    // the realtime gateway (platform) authenticates sockets and re-checks their sessions through it
    { provide: SOCKET_AUTHENTICATOR, useExisting: AuthService },
  ],
  exports: [AuthService, AuthRepository, TokenService],
})
export class AuthModule {}
