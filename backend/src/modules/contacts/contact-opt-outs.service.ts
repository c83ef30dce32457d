import { Injectable } from '@nestjs/common';
import type { OptOut } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import { assertCanSeeContact } from './contact-access.js';
import { ContactOptOutsRepository, type OptOutState } from './contact-opt-outs.repository.js';
import './contact-events.js';

const toDto = (s: OptOutState): OptOut => ({ optedOut: !!s.optedOutAt, at: s.optedOutAt?.toISOString() ?? null, keyword: s.optOutKeyword });

/**
 * A contact's opt-out: set when they reply an opt-out keyword (the campaigns module recognises it)
 * or an admin marks it, undone only by an admin. While set, no campaign and no follow-up step is
 * sent to them; typed messages still go (a person answering a person).
 */
@Injectable()
export class ContactOptOutsService {
  constructor(
    private readonly db: Database,
    private readonly repo: ContactOptOutsRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  async get(actor: TenantActor, contactId: string): Promise<OptOut> {
    const state = await this.db.tenant(actor.tenantId, (tx) => this.repo.state(tx, actor.tenantId, contactId));
    return toDto(assertCanSeeContact(actor, state));
  }

  /** The contact replied a keyword: marks it (once) and tells the listeners. */
  async optOutByReply(tenantId: string, contactId: string, keyword: string, messageId: string): Promise<boolean> {
    const marked = await this.db.tenant(tenantId, (tx) => this.repo.optOut(tx, tenantId, contactId, this.clock.now(), { keyword, messageId, userId: null }));
    if (marked) await this.events.emit('contacts.opted_out', { tenantId, contactId });
    return marked;
  }

  /** An admin marks the contact opted out (they asked another way). */
  async optOut(actor: TenantActor, contactId: string): Promise<OptOut> {
    const { state, marked } = await this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.repo.state(tx, actor.tenantId, contactId));
      const marked = await this.repo.optOut(tx, actor.tenantId, contactId, this.clock.now(), { keyword: null, messageId: null, userId: actor.userId });
      return { state: (await this.repo.state(tx, actor.tenantId, contactId))!, marked };
    });
    if (marked) await this.events.emit('contacts.opted_out', { tenantId: actor.tenantId, contactId });
    return toDto(state);
  }

  /** An admin undoes it: campaigns and follow-ups may reach the contact again. */
  async undo(actor: TenantActor, contactId: string): Promise<OptOut> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.repo.state(tx, actor.tenantId, contactId));
      if (!(await this.repo.optIn(tx, actor.tenantId, contactId, this.clock.now(), actor.userId))) throw ApiError.conflict('This contact has not opted out.').withCode('contact.not_opted_out');
      return toDto((await this.repo.state(tx, actor.tenantId, contactId))!);
    });
  }
}
