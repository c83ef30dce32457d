import { describe, expect, it } from 'vitest';
import { appRouteSchema, chatRoute, desktopSettingsPatchSchema, fileNameSchema, notificationRequestSchema, saveFileRequestSchema, serverUrlSchema } from './bridge.js';

describe('desktop bridge contract', () => {
  it('normalises a server URL to its origin and accepts only http(s)', () => {
    expect(serverUrlSchema.parse(' http://localhost:3000/ ')).toBe('http://localhost:3000');
    expect(serverUrlSchema.parse('https://crm.example.com/app?x=1')).toBe('https://crm.example.com');
    for (const bad of ['', 'localhost:3000', 'ftp://crm.example.com', 'javascript:alert(1)', 'file:///etc']) {
      expect(serverUrlSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('accepts only in-app routes for notification clicks', () => {
    expect(appRouteSchema.safeParse(chatRoute('c 1')).success).toBe(true);
    expect(chatRoute('c 1')).toBe('/whatsapp?contactId=c%201');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'whatsapp']) {
      expect(appRouteSchema.safeParse(bad).success).toBe(false);
    }
    expect(notificationRequestSchema.parse({ title: 'Mona' })).toEqual({ title: 'Mona', body: '' });
  });

  it('takes a bare file name and bytes for the save dialog', () => {
    expect(fileNameSchema.safeParse('Report_2026-11-22.xlsx').success).toBe(true);
    for (const bad of ['../x.xlsx', 'a/b.csv', 'C:\\x.csv', '..', '']) expect(fileNameSchema.safeParse(bad).success).toBe(false);
    expect(saveFileRequestSchema.safeParse({ defaultName: 'a.csv', data: new Uint8Array([1]) }).success).toBe(true);
    expect(saveFileRequestSchema.safeParse({ defaultName: 'a.csv', data: [1] }).success).toBe(false);
  });

  it('lets the renderer change only the server URL and the theme', () => {
    expect(desktopSettingsPatchSchema.safeParse({ theme: 'dark' }).success).toBe(true);
    expect(desktopSettingsPatchSchema.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(desktopSettingsPatchSchema.safeParse({ windowBounds: { x: 0 } }).success).toBe(false);
  });
});

describe('isUnencryptedRemoteServer', () => {
  it('flags plain http to another machine, not https and not this machine', async () => {
    const { isUnencryptedRemoteServer } = await import('./settings.js');
    expect(isUnencryptedRemoteServer('http://192.168.1.20:3000')).toBe(true);
    expect(isUnencryptedRemoteServer('http://crm.example.com')).toBe(true);
    expect(isUnencryptedRemoteServer('https://crm.example.com')).toBe(false);
    expect(isUnencryptedRemoteServer('http://localhost:3000')).toBe(false);
    expect(isUnencryptedRemoteServer('http://127.0.0.1:3000')).toBe(false);
    expect(isUnencryptedRemoteServer('http://[::1]:3000')).toBe(false);
  });
});
