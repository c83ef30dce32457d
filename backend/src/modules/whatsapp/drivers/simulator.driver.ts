import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageErrorCode } from '@crm/common';
import { ApiError } from '../../../platform/http/api-error.js';
import type { MessengerOptions } from '../messenger-options.js';
import { NOT_CONNECTED, WhatsAppSendError, type InboundWhatsAppMessage, type OutgoingContent, type WhatsAppDriver, type WhatsAppSession, type WhatsAppSessionEvents } from '../whatsapp-driver.js';

/** Delays of the simulated phone before the time scale: ack 1, 2 and 3 after a send. */
export const SIM_ACK_DELAYS_MS = [300, 1_200, 2_500] as const;
const SIM_RESUME_MS = 500;

export type SimulatedSend = { tenantId: string; chatId: string; id: string; content: OutgoingContent; at: number };

/**
 * An in-process phone. Start shows a QR (a real QR image of a random token), then connects after a
 * short delay or when told to (`connectNow`); a paired session (a marker file under DATA_DIR, like
 * whatsapp-web.js's LocalAuth) reconnects with no QR after a restart. Sends get acks 1, 2, 3.
 * Inbound messages, drops, logouts from the phone and revokes are injected by tests, the dev routes
 * and the demo. Delays scale with `simTimeScale`.
 */
export class SimulatorDriver implements WhatsAppDriver {
  readonly name = 'simulator' as const;
  readonly needsOggVoice = false;
  private readonly sessions = new Map<string, SimulatorSession>();
  /** Every send that reached the simulated WhatsApp, for tests. */
  readonly sent: SimulatedSend[] = [];
  readonly deletedForEveryone: { tenantId: string; chatId: string; id: string }[] = [];
  private failures: { count: number; message: string; retryable: boolean; code: MessageErrorCode } | undefined;
  private hangs = 0;

  constructor(
    private readonly options: MessengerOptions,
    private readonly dataDir: string,
  ) {}

  createSession(tenantId: string, events: WhatsAppSessionEvents): WhatsAppSession {
    this.sessions.get(tenantId)?.stopTimers();
    const session = new SimulatorSession(this, tenantId, events);
    this.sessions.set(tenantId, session);
    return session;
  }

  async removeStoredSession(tenantId: string): Promise<void> {
    this.sessions.get(tenantId)?.stopTimers();
    this.sessions.delete(tenantId);
    rmSync(this.pairingFile(tenantId), { force: true });
  }

  // ---- controls for tests, the dev routes and the demo ----

  session(tenantId: string): SimulatorSession {
    const s = this.sessions.get(tenantId);
    if (!s) throw ApiError.conflict('Start the WhatsApp session first.').withCode('whatsapp.not_started');
    return s;
  }

  connectNow(tenantId: string) {
    this.session(tenantId).connect();
  }

  async injectInbound(tenantId: string, message: Omit<InboundWhatsAppMessage, 'id' | 'timestamp'> & { id?: string; timestamp?: Date }) {
    const s = this.session(tenantId);
    if (s.state !== 'connected') throw ApiError.conflict('The simulated WhatsApp is not connected.').withCode('whatsapp.not_connected');
    return s.events.message({ ...message, id: message.id ?? `false_${message.from}_${randomBytes(10).toString('hex').toUpperCase()}`, timestamp: message.timestamp ?? new Date() });
  }

  /**
   * What this process's session of the company has sent (oldest first); refused (409
   * whatsapp.not_started) when this process never ran it, e.g. another instance owns it.
   */
  sentBy(tenantId: string): SimulatedSend[] {
    this.session(tenantId);
    return this.sent.filter((s) => s.tenantId === tenantId);
  }

  simulateDisconnect(tenantId: string, mode: 'silent' | 'drop' | 'logout') {
    this.session(tenantId).disconnect(mode);
  }

  revoke(tenantId: string, waMessageId: string) {
    const s = this.session(tenantId);
    if (s.state !== 'connected') throw ApiError.conflict('The simulated WhatsApp is not connected.').withCode('whatsapp.not_connected');
    s.events.revoked(waMessageId);
  }

  /**
   * The next `count` sends reach the phone but the driver call never returns: a process that dies
   * between handing a message to WhatsApp and hearing back (tests of crash recovery).
   */
  hangNextSends(count: number) {
    this.hangs = count;
  }

  takeHang(): boolean {
    if (this.hangs <= 0) return false;
    this.hangs--;
    return true;
  }

  /**
   * With WHATSAPP_SIM_DELIVERY_LOG=1 (the durability check), each message the simulated phone receives
   * is appended to DATA_DIR/whatsapp-sim/delivered.log before the send returns. appendFileSync hands
   * it to the kernel, so the record survives a SIGKILL of this process: what the phone got, counted
   * across a crash.
   */
  recordDelivery(send: SimulatedSend) {
    if (!this.options.simDeliveryLog) return;
    const file = this.deliveryLogFile();
    mkdirSync(join(file, '..'), { recursive: true });
    const body = send.content.kind === 'text' ? send.content.body : (send.content.caption ?? '');
    appendFileSync(file, `${JSON.stringify({ tenantId: send.tenantId, chatId: send.chatId, id: send.id, body })}\n`);
  }

  deliveryLogFile() {
    return join(this.dataDir, 'whatsapp-sim', 'delivered.log');
  }

  /** The next `count` sends fail with this error. */
  failNextSends(count: number, message = 'Simulated send failure.', retryable = true, code: MessageErrorCode = 'refused') {
    this.failures = { count, message, retryable, code };
  }

  stateOf(tenantId: string) {
    return this.sessions.get(tenantId)?.state;
  }

  // ---- used by the sessions ----

  scaled(ms: number) {
    return Math.max(0, Math.round(ms * this.options.simTimeScale));
  }

  get autoConnectMs() {
    return this.options.simAutoConnectMs;
  }

  takeFailure(): { message: string; retryable: boolean; code: MessageErrorCode } | undefined {
    if (!this.failures || this.failures.count <= 0) return undefined;
    this.failures.count--;
    return this.failures;
  }

  pairingFile(tenantId: string) {
    return join(this.dataDir, 'whatsapp-sim', `${tenantId}.paired`);
  }
}

export class SimulatorSession implements WhatsAppSession {
  state: 'idle' | 'scan' | 'connected' | 'dead' | 'stopped' = 'idle';
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly driver: SimulatorDriver,
    private readonly tenantId: string,
    readonly events: WhatsAppSessionEvents,
  ) {}

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, this.driver.scaled(ms));
    this.timers.add(t);
  }

  stopTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  async start(): Promise<void> {
    this.stopTimers();
    if (existsSync(this.driver.pairingFile(this.tenantId))) {
      this.later(SIM_RESUME_MS, () => this.connect());
      return;
    }
    this.state = 'scan';
    this.events.qr(`sim-wa:${this.tenantId}:${randomUUID()}`);
    if (this.driver.autoConnectMs > 0) this.later(this.driver.autoConnectMs, () => this.connect());
  }

  connect() {
    if (this.state === 'connected' || this.state === 'stopped') return;
    const file = this.driver.pairingFile(this.tenantId);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, new Date().toISOString());
    this.stopTimers();
    this.state = 'connected';
    this.events.authenticated();
    this.events.ready({ phoneNumber: '+201000000000' });
  }

  disconnect(mode: 'silent' | 'drop' | 'logout') {
    this.stopTimers();
    if (mode === 'silent') {
      this.state = 'dead';
      return;
    }
    this.state = 'stopped';
    if (mode === 'logout') rmSync(this.driver.pairingFile(this.tenantId), { force: true });
    this.events.disconnected({ reason: mode === 'logout' ? 'LOGOUT' : 'NAVIGATION', loggedOut: mode === 'logout' });
  }

  async stop(): Promise<void> {
    this.stopTimers();
    this.state = 'stopped';
  }

  async logout(): Promise<void> {
    this.stopTimers();
    rmSync(this.driver.pairingFile(this.tenantId), { force: true });
    this.state = 'stopped';
  }

  ping(): Promise<boolean> {
    // a dead session does not answer at all: the watchdog's timeout must notice
    if (this.state === 'dead') return new Promise(() => undefined);
    return Promise.resolve(this.state === 'connected');
  }

  async send(chatId: string, content: OutgoingContent): Promise<{ id: string }> {
    if (this.state !== 'connected') throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    const failure = this.driver.takeFailure();
    if (failure) throw new WhatsAppSendError(failure.message, failure.retryable, failure.code);
    const id = `true_${chatId}_${randomBytes(10).toString('hex').toUpperCase()}`;
    const send = { tenantId: this.tenantId, chatId, id, content, at: Date.now() };
    this.driver.sent.push(send);
    this.driver.recordDelivery(send);
    // the phone has it; the answer never comes back (as if this process died here)
    if (this.driver.takeHang()) return new Promise<never>(() => undefined);
    SIM_ACK_DELAYS_MS.forEach((delay, i) =>
      this.later(delay, () => {
        if (this.state === 'connected') this.events.ack(id, (i + 1) as 1 | 2 | 3);
      }),
    );
    return { id };
  }

  async deleteForEveryone(chatId: string, waMessageId: string): Promise<void> {
    if (this.state !== 'connected') throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    this.driver.deletedForEveryone.push({ tenantId: this.tenantId, chatId, id: waMessageId });
  }
}
