/**
 * The payload schemas the web bridge checks. Only ever imported dynamically, when one is first
 * used: zod stays out of the sign-in screen's first download.
 */
export { desktopSettingsPatchSchema, externalUrlSchema, notificationRequestSchema, saveFileRequestSchema } from '@crm/common';
