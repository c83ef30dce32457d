import { Injectable } from '@nestjs/common';
import { DEFAULT_ORDER_CONFIRMATION_SETTINGS, type OrderConfirmationSettings, type OrderConfirmationSettingsInput } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { TEMPLATE_TEXTS, WhatsAppTemplatesService } from '../whatsapp-cloud/whatsapp-templates.service.js';
import { OrderConfirmationsRepository } from './order-confirmations.repository.js';

/** The company's cash-on-delivery confirmation settings (admins); never saved = the defaults, off. */
@Injectable()
export class OrderConfirmationSettingsService {
  constructor(
    private readonly db: Database,
    private readonly repo: OrderConfirmationsRepository,
    private readonly clock: Clock,
    private readonly templates: WhatsAppTemplatesService,
  ) {}

  get(actor: TenantActor): Promise<OrderConfirmationSettings> {
    return this.db.tenant(actor.tenantId, (tx) => this.current(tx, actor.tenantId));
  }

  /** A chosen template must be one of the company's synced, approved templates, with a text for each of its parameters. */
  async update(actor: TenantActor, input: OrderConfirmationSettingsInput): Promise<OrderConfirmationSettings> {
    await this.db.tenant(actor.tenantId, async (tx) => {
      let settings = input;
      const chosen = input.whatsappTemplate;
      if (chosen) {
        const row = await this.templates.approved(tx, actor.tenantId, chosen.name, chosen.language);
        const params = chosen.params.slice(0, row.bodyParamCount);
        if (params.length < row.bodyParamCount || params.some((p) => !p.trim())) {
          throw ApiError.badRequest(TEMPLATE_TEXTS.paramsMissing(row.bodyParamCount), 'whatsappTemplate.params').withCode('whatsapp.template_params_missing', { count: row.bodyParamCount });
        }
        settings = { ...input, whatsappTemplate: { name: row.name, language: row.language, params } };
      }
      await this.repo.saveSettings(tx, actor.tenantId, settings, this.clock.now());
    });
    return this.get(actor);
  }

  async current(tx: TenantTx, tenantId: string): Promise<OrderConfirmationSettings> {
    return { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, ...(await this.repo.settings(tx, tenantId)) };
  }
}
