import { Injectable } from '@nestjs/common';
import { LID_PHONE_PREFIX, USER_ID_PHONE_PREFIX, whatsAppIdFromPhone } from '@crm/common';
import { FileStorage, keyBelongsToTenant } from '../../platform/files/file-storage.js';
import { mimeForKey } from '../../platform/files/mime.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SenderContact } from '../chats/chats.repository.js';
import { USER_ID_SUFFIX, WhatsAppSendError, type OutgoingContent } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import type { MessageRow } from './messages.table.js';
import { convertWebmToOggOpus } from './voice/webm-to-ogg.js';

export type CheckedMedia = { path: string; mime: string; size: number | null };

/** What an outbound message is for the driver: the file checked at send time, and the content handed over. */
@Injectable()
export class OutboundContent {
  constructor(
    private readonly storage: FileStorage,
    private readonly sessions: WhatsAppSessionsService,
  ) {}

  /** The uploaded file exists and is the tenant's; its type and size. */
  async checkMedia(tenantId: string, path: string): Promise<CheckedMedia> {
    if (!keyBelongsToTenant(path, tenantId) || !(await this.storage.exists(path))) {
      throw ApiError.badRequest('The uploaded file was not found. Upload it again.', 'meta.path').withCode('message.upload_missing');
    }
    const file = await this.storage.stream(path);
    file?.stream.destroy();
    return { path, mime: mimeForKey(path).replace(/;.*$/, ''), size: file?.size ?? null };
  }

  /** The driver's content; a webm voice note becomes OGG/Opus for the real WhatsApp, and that file is what is kept. */
  async forDriver(tenantId: string, row: MessageRow): Promise<{ content: OutgoingContent; sentFile: Partial<MessageRow> }> {
    if (!row.mediaPath) return { content: { kind: 'text', body: row.body ?? '', ...(row.template ? { template: row.template } : {}) }, sentFile: {} };
    let data: Buffer;
    try {
      data = await this.storage.read(row.mediaPath);
    } catch {
      throw new WhatsAppSendError('The file to send is no longer available. Upload it again.', false, 'file_missing');
    }
    let mime = row.mediaMime ?? mimeForKey(row.mediaPath);
    const sentFile: Partial<MessageRow> = {};
    const voice = row.type === 'voice';
    if (voice && this.sessions.needsOggVoice(tenantId) && /webm/.test(mime)) {
      try {
        data = convertWebmToOggOpus(data);
      } catch (err) {
        throw new WhatsAppSendError(`The voice note could not be converted for WhatsApp: ${err instanceof Error ? err.message : err}`, false, 'voice_not_converted');
      }
      mime = 'audio/ogg; codecs=opus';
      const key = `${tenantId}/voice/${row.id}.ogg`;
      await this.storage.put(key, data);
      Object.assign(sentFile, { mediaPath: key, mediaMime: 'audio/ogg', mediaSize: data.length });
    }
    return {
      content: {
        kind: 'media',
        data,
        mime,
        fileName: row.mediaFileName,
        caption: row.body || undefined,
        asVoice: voice,
        asDocument: row.type === 'document',
      },
      sentFile,
    };
  }
}

/** The WhatsApp chat a contact is written to: its WhatsApp id, its linked id, its user id, or one made from the phone. */
export function chatIdOf(contact: Pick<SenderContact, 'waId' | 'waLid' | 'phone'>): string {
  if (contact.waId) return contact.waId;
  if (contact.phone.startsWith(LID_PHONE_PREFIX)) return contact.waLid ?? `${contact.phone.slice(LID_PHONE_PREFIX.length)}@lid`;
  // no phone known: the business-scoped user id the contact is known by (the Cloud API driver writes to it)
  if (contact.phone.startsWith(USER_ID_PHONE_PREFIX)) return `${contact.phone.slice(USER_ID_PHONE_PREFIX.length)}${USER_ID_SUFFIX}`;
  return whatsAppIdFromPhone(contact.phone);
}
