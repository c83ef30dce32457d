import { Injectable } from '@nestjs/common';
import { DEFAULT_SENDING_SETTINGS, dailySendLimit, dayIn, type SendingSettings, type SendingSettingsInput } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { SendingSettingsRepository } from './sending-settings.repository.js';

export type SendingSettingsView = SendingSettings & { today: { limit: number; sent: number } };

/**
 * Settings → Sending: how fast and when the company's automated messages may leave, and the
 * replies that opt a contact out. Absent settings are the defaults; warm-up starts counting days
 * from the first day the settings are read with it on (a new number starts low).
 */
@Injectable()
export class SendingSettingsService {
  constructor(
    private readonly db: Database,
    private readonly repo: SendingSettingsRepository,
    private readonly clock: Clock,
  ) {}

  async get(actor: TenantActor): Promise<SendingSettingsView> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const settings = await this.current(tx, actor.tenantId);
      const day = dayIn(this.clock.now(), settings.timeZone);
      return { ...settings, today: { limit: dailySendLimit(settings, day), sent: await this.repo.sentOn(tx, actor.tenantId, day) } };
    });
  }

  async update(actor: TenantActor, input: SendingSettingsInput): Promise<SendingSettingsView> {
    const { restartWarmUp, ...next } = input;
    await this.db.tenant(actor.tenantId, async (tx) => {
      const before = await this.current(tx, actor.tenantId);
      const today = dayIn(this.clock.now(), next.timeZone);
      const startedOn = !next.warmUp.enabled ? before.warmUp.startedOn : restartWarmUp || !before.warmUp.startedOn ? today : before.warmUp.startedOn;
      const keywords = [...new Set(next.optOutKeywords.map((k) => k.trim()).filter(Boolean))];
      await this.repo.save(tx, actor.tenantId, { ...next, optOutKeywords: keywords, warmUp: { ...next.warmUp, startedOn } }, this.clock.now());
    });
    return this.get(actor);
  }

  /** The company's settings inside a transaction (the defaults, warm-up from today, when never saved). */
  async current(tx: TenantTx, tenantId: string): Promise<SendingSettings> {
    const saved = await this.repo.find(tx, tenantId);
    if (saved) return { ...DEFAULT_SENDING_SETTINGS, ...saved };
    const today = dayIn(this.clock.now(), DEFAULT_SENDING_SETTINGS.timeZone);
    const settings = { ...DEFAULT_SENDING_SETTINGS, warmUp: { ...DEFAULT_SENDING_SETTINGS.warmUp, startedOn: today } };
    // the warm-up's first day is remembered from the first automated send onwards
    await this.repo.save(tx, tenantId, settings, this.clock.now());
    return settings;
  }
}
