import { Injectable } from '@nestjs/common';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import type { Presence } from './team-user.mapper.js';

/** Which of a company's users are connected right now (on any instance) and whether they are idle. */
@Injectable()
export class PresenceService {
  constructor(private readonly realtime: RealtimeEmitter) {}

  async ofCompany(tenantId: string, userIds: readonly string[]): Promise<Map<string, Presence>> {
    const connected = await this.realtime.connectedUsers(tenantId, userIds);
    return new Map([...connected].map(([userId, c]) => [userId, { isOnline: true, idle: c.idle }]));
  }
}
