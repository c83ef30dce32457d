import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { COLOR_SCHEMES, DEFAULT_COLOR_SCHEME, isUnencryptedRemoteServer } from './settings.js';

/**
 * The desktop bridge: the renderer's only door to native features.
 *
 * The Electron preload exposes an object of type `DesktopBridge` as `window.desktop`; in a plain
 * browser the renderer uses a web implementation of the same interface (Notification API,
 * download link, getUserMedia). Channel names and payload schemas live here so the preload,
 * the main process and the renderer cannot drift apart.
 */

/** An http(s) origin, normalised without a trailing slash so `${serverUrl}/api` is always right. */
export const serverUrlSchema = z
  .string({ message: 'Server URL is required' })
  .trim()
  .min(1, 'Server URL is required')
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter a URL that starts with http:// or https://' }))
  .transform((value) => new URL(value).origin);

/** An http(s) URL that may be opened in the system browser. */
export const externalUrlSchema = z.url({ protocol: /^https?$/, message: 'Only http(s) links can be opened' });

export const windowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

export const desktopSettingsSchema = z.object({
  /** null until the user has answered the first-run question. */
  serverUrl: serverUrlSchema.nullable(),
  theme: z.enum(COLOR_SCHEMES),
  windowBounds: windowBoundsSchema.nullable(),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  serverUrl: null,
  theme: DEFAULT_COLOR_SCHEME,
  windowBounds: null,
};

/**
 * What the renderer may change; window bounds are the main process's own business. A plain-http
 * server on another machine needs `allowUnencrypted: true`, sent only after the user confirmed it.
 */
export const desktopSettingsPatchSchema = z
  .object({
    serverUrl: serverUrlSchema.optional(),
    theme: z.enum(COLOR_SCHEMES).optional(),
    allowUnencrypted: z.literal(true).optional(),
  })
  .strict()
  .refine((patch) => !patch.serverUrl || patch.allowUnencrypted || !isUnencryptedRemoteServer(patch.serverUrl), {
    message: 'This server address is not encrypted (http). Use https, or confirm that you want to connect without encryption.',
    path: ['serverUrl'],
  });
export type DesktopSettingsPatch = z.input<typeof desktopSettingsPatchSchema>;

/** An in-app route such as `/whatsapp?contactId=…`: absolute path, never protocol-relative. */
export const appRouteSchema = z
  .string()
  .max(2_000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Route must be an in-app path');

export const notificationRequestSchema = z.object({
  title: z.string().trim().min(1).max(200),
  body: z.string().max(1_000).default(''),
  /** Where a click on the notification takes the user. */
  route: appRouteSchema.optional(),
  silent: z.boolean().optional(),
});
export type NotificationRequest = z.input<typeof notificationRequestSchema>;

export const notificationClickSchema = z.object({ route: appRouteSchema });
export type NotificationClick = z.infer<typeof notificationClickSchema>;

/** A bare file name: the user picks the folder, the caller only suggests the name. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, 'File name is required')
  .max(255)
  .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', 'File name must not contain a path');

export const fileFilterSchema = z.object({
  name: z.string().min(1).max(100),
  extensions: z
    .array(z.string().regex(/^[A-Za-z0-9*]+$/))
    .min(1)
    .max(20),
});

/** Exports are at most a few megabytes; the cap keeps a bad caller from filling the disk. */
export const SAVE_FILE_MAX_BYTES = 200 * 1024 * 1024;

export const saveFileRequestSchema = z.object({
  defaultName: fileNameSchema,
  data: z.instanceof(Uint8Array, { message: 'File data must be bytes' }).refine((bytes) => bytes.byteLength <= SAVE_FILE_MAX_BYTES, 'File is too large'),
  filters: z.array(fileFilterSchema).max(10).optional(),
});
export type SaveFileRequest = z.input<typeof saveFileRequestSchema>;

export const authTokenSchema = z.string().min(1).max(8_192).nullable();

/** The messenger route a message notification opens. */
export const chatRoute = (contactId: string): string => `/whatsapp?contactId=${encodeURIComponent(contactId)}`;

/** The language the main process writes its own texts in (see `DesktopBridge.setLanguage`). */
export const mainLanguageSchema = z.enum(LANGUAGES, { message: 'Language must be en or ar' });
