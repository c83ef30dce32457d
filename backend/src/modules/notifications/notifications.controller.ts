import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { markNotificationsReadSchema, notificationListSchema, type MarkNotificationsReadRequest } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody } from '../../platform/http/route-docs.js';
import { NotificationsService } from './notifications.service.js';

@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiDoc({ summary: "The signed-in user's latest notifications (50), newest first, with the unread count", response: notificationListSchema })
  list(@CurrentUser() actor: TenantActor) {
    return this.notifications.list(actor);
  }

  @Post('read')
  @HttpCode(200)
  @ApiDoc({ summary: 'Marks the given notifications (or all unread ones) read', response: z.object({ updated: z.number() }) })
  read(@CurrentUser() actor: TenantActor, @ValidBody(markNotificationsReadSchema) body: MarkNotificationsReadRequest) {
    return this.notifications.markRead(actor, body);
  }
}
