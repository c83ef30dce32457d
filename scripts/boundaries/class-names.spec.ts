import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE, checkFile, findNameMismatches, pascalCase, splitName } from './class-names.js';

const here = dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe(`${RULE} (class-names.ts)`, () => {
  it('reads the thing and the role from a file name, and spells the class with brand names kept', () => {
    expect(splitName('subscription-expiry.job.ts')).toEqual({ thing: 'subscription-expiry', role: 'job' });
    expect(splitName('contact-import.parser.ts')).toEqual({ thing: 'contact-import.parser' });
    expect(splitName('contact-resolver.ts')).toEqual({ thing: 'contact-resolver' });
    expect(pascalCase('whatsapp-session-lease')).toBe('WhatsAppSessionLease');
    expect(pascalCase('wwebjs')).toBe('Wwebjs');
  });

  it('passes files named for their class, with or without a role, and the allowed companions', () => {
    const passing: Record<string, string> = {
      'contacts.service.ts': "import { Injectable } from '@nestjs/common';\n@Injectable()\nexport class ContactsService {}\n",
      'whatsapp-watchdog.service.ts': 'export class WhatsAppWatchdogService implements OnApplicationBootstrap {}\n',
      'contact-resolver.ts': 'export class ContactResolver {}\nclass LocalHelperService {}\n',
      'contact-patch.ts': 'export function contactPatch() {}\n',
      'file-storage.ts': 'export abstract class FileStorage {}\nexport class LocalFileStorage extends FileStorage {}\n',
      'presence-counter.ts': 'export class LocalPresenceCounter implements PresenceCounter {}\nexport class RedisPresenceCounter implements PresenceCounter {}\n',
      'simulator.driver.ts': 'export class SimulatorDriver implements WhatsAppDriver {}\nexport class SimulatorSession implements WhatsAppSession {}\n',
      'media-upload.filter.ts': 'export class MediaUploadInterceptor extends CappedFileInterceptor {}\nexport class MediaUploadFilter implements ExceptionFilter {}\n',
      'graph-api.ts': 'export class GraphApiError extends Error {}\nexport class GraphApi {}\n',
      'config.ts': 'export class ConfigError extends Error {}\nexport function loadConfig() {}\n',
    };
    for (const [file, src] of Object.entries(passing)) expect([file, checkFile(file, src)]).toEqual([file, []]);
  });

  it('fails a role file whose class lacks the suffix, and a suffixed class in a file without the role', () => {
    expect(checkFile('contact-lists.service.ts', 'export class ContactLists {}\n')).toEqual([
      "exports no class ContactListsService (found ContactLists): rename the class, or the file to the class's name",
    ]);
    expect(checkFile('presence.tracker.ts', 'export const tracker = 1;\n')).toEqual(["exports no class PresenceTracker: rename the class, or the file to the class's name"]);
    expect(checkFile('whatsapp-status.service.ts', 'export class WhatsappStatusService {}\n')).toHaveLength(1);
    expect(checkFile('contact-labelling.ts', 'export class ContactLabellingService {}\n')).toEqual([
      'exports ContactLabellingService from a file without the role: name the file contact-labelling.service.ts, or drop the suffix from the class',
    ]);
  });

  it('fails a file that exports two unrelated classes, even when one is named for the file', () => {
    expect(checkFile('deal-overviews.controller.ts', 'export class DealOverviewsController {}\nexport class ShipmentStatsController {}\n')).toEqual([
      'exports 2 unrelated classes (DealOverviewsController, ShipmentStatsController): one class per file',
    ]);
    // a framework interface in common does not make two classes variants of each other
    expect(checkFile('campaign-sender.ts', 'export class CampaignSender implements OnModuleInit {}\nexport class CampaignReplies implements OnModuleInit {}\n')).toEqual([
      'exports 2 unrelated classes (CampaignSender, CampaignReplies): one class per file',
    ]);
  });

  it('passes the real tree: every backend file is named for the class it exports', () => {
    expect(findNameMismatches(join(here, '..', '..'))).toEqual([]);
  });

  it('fails the command on a planted mismatch, naming the rule and the file', () => {
    const root = mkdtempSync(join(tmpdir(), 'crm-class-names-'));
    dirs.push(root);
    mkdirSync(join(root, 'backend', 'src', 'modules', 'team'), { recursive: true });
    writeFileSync(join(root, 'backend/src/modules/team/company-creation.service.ts'), 'export class CompanyCreation {}\n');
    writeFileSync(join(root, 'backend/src/modules/team/team.module.spec.ts'), 'export class NotChecked {}\n');
    // the script finds the tree from its own place: a copy of it runs inside the scratch tree, with the installed packages
    mkdirSync(join(root, 'scripts', 'boundaries'), { recursive: true });
    copyFileSync(join(here, 'class-names.ts'), join(root, 'scripts', 'boundaries', 'class-names.ts'));
    symlinkSync(join(here, '..', '..', 'node_modules'), join(root, 'node_modules'), 'dir');
    const run = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', join(root, 'scripts/boundaries/class-names.ts')], {
      cwd: here,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain(`error ${RULE}: backend/src/modules/team/company-creation.service.ts exports no class CompanyCreationService`);
    expect(run.stdout).not.toContain('team.module.spec.ts');
    expect(run.status).toBe(1);
  }, 60_000);
});
