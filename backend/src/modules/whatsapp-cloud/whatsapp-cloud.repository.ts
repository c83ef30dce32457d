import { Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { anyOf } from '../../platform/db/any-of.js';
import { insertAllWithUnnest } from '../../platform/db/unnest-insert.js';
import { whatsappCloudConnections, whatsappCloudWebhookEvents, type WhatsappCloudConnectionRow, type WhatsappCloudWebhookEventRow } from './whatsapp-cloud.table.js';

export type ConnectionValues = Pick<WhatsappCloudConnectionRow, 'phoneNumberId' | 'businessAccountId' | 'accessTokenSealed' | 'appSecretSealed' | 'verifyTokenSealed'>;
export type ConnectionState = Pick<WhatsappCloudConnectionRow, 'state' | 'reasonCode' | 'reason'> & Partial<Pick<WhatsappCloudConnectionRow, 'displayPhoneNumber' | 'verifiedName' | 'lastTestedAt'>>;

@Injectable()
export class WhatsAppCloudRepository {
  /**
   * The company a phone number ID belongs to, and nothing else: the one read a webhook makes before
   * its company is known (platform path); everything after runs as that company.
   */
  async tenantOfPhoneNumber(tx: PlatformTx, phoneNumberId: string): Promise<string | undefined> {
    const [row] = await tx.select({ tenantId: whatsappCloudConnections.tenantId }).from(whatsappCloudConnections).where(eq(whatsappCloudConnections.phoneNumberId, phoneNumberId)).limit(1);
    return row?.tenantId;
  }

  async find(tx: TenantTx, tenantId: string): Promise<WhatsappCloudConnectionRow | undefined> {
    const [row] = await tx.select().from(whatsappCloudConnections).where(eq(whatsappCloudConnections.tenantId, tenantId)).limit(1);
    return row;
  }

  /** Creates or replaces the company's connection; new settings are untested until the next test. */
  async save(tx: TenantTx, tenantId: string, values: ConnectionValues): Promise<WhatsappCloudConnectionRow> {
    const untested = { state: 'untested', reasonCode: null, reason: null, displayPhoneNumber: null, verifiedName: null, lastTestedAt: null };
    const [row] = await tx
      .insert(whatsappCloudConnections)
      .values({ tenantId, ...values, ...untested })
      .onConflictDoUpdate({ target: whatsappCloudConnections.tenantId, set: { ...values, ...untested, updatedAt: sql`now()` } })
      .returning();
    return row;
  }

  async setState(tx: TenantTx, tenantId: string, state: ConnectionState): Promise<WhatsappCloudConnectionRow | undefined> {
    const [row] = await tx.update(whatsappCloudConnections).set(state).where(eq(whatsappCloudConnections.tenantId, tenantId)).returning();
    return row;
  }

  async remove(tx: TenantTx, tenantId: string): Promise<boolean> {
    const rows = await tx.delete(whatsappCloudConnections).where(eq(whatsappCloudConnections.tenantId, tenantId)).returning({ id: whatsappCloudConnections.id });
    return rows.length > 0;
  }

  /** Stores deliveries under ids chosen by the caller, in one statement (an array per column, nothing read back: bodies are large). */
  async insertWebhookEvents(tx: TenantTx, tenantId: string, events: { id: string; phoneNumberId: string; body: string }[]): Promise<void> {
    await insertAllWithUnnest(
      tx,
      whatsappCloudWebhookEvents,
      events.map((e) => ({ ...e, tenantId })),
    );
  }

  /** Those of these deliveries still waiting to be processed. */
  async findReceivedWebhookEvents(tx: TenantTx, tenantId: string, ids: string[]): Promise<WhatsappCloudWebhookEventRow[]> {
    if (!ids.length) return [];
    return tx
      .select()
      .from(whatsappCloudWebhookEvents)
      .where(and(eq(whatsappCloudWebhookEvents.tenantId, tenantId), anyOf(whatsappCloudWebhookEvents.id, ids), eq(whatsappCloudWebhookEvents.status, 'received')))
      .orderBy(whatsappCloudWebhookEvents.receivedAt, whatsappCloudWebhookEvents.id);
  }

  async finishWebhookEvents(tx: TenantTx, tenantId: string, ids: string[], outcome: { status: 'processed' | 'failed'; error: string | null; at: Date }) {
    if (!ids.length) return;
    await tx
      .update(whatsappCloudWebhookEvents)
      .set({ status: outcome.status, error: outcome.error, processedAt: outcome.at, attempts: sql`${whatsappCloudWebhookEvents.attempts} + 1` })
      .where(and(eq(whatsappCloudWebhookEvents.tenantId, tenantId), anyOf(whatsappCloudWebhookEvents.id, ids)));
  }

  /** Forgets deliveries done with before `before` (their messages and marks are stored elsewhere). */
  async pruneWebhookEvents(tx: TenantTx, tenantId: string, before: Date): Promise<void> {
    await tx
      .delete(whatsappCloudWebhookEvents)
      .where(and(eq(whatsappCloudWebhookEvents.tenantId, tenantId), inArray(whatsappCloudWebhookEvents.status, ['processed', 'failed']), lt(whatsappCloudWebhookEvents.processedAt, before)));
  }
}
