/** Shared product constants, from the specification: both sides read them from here. */

export const ROLES = ['admin', 'sales'] as const;
export type Role = (typeof ROLES)[number];

/** One canonical pipeline status list for the whole product (ARCHITECTURE.md, "Money and statuses"). */
export const PIPELINE_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const SHIPPING_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'returned', 'cancelled'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

export const CONTACT_STAGES = ['lead', 'customer', 'sales'] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];

/** The product's languages; each user picks one. English is the default and the fallback. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LEAD_DISTRIBUTION_STRATEGIES = ['round-robin', 'manual'] as const;
export type LeadDistributionStrategy = (typeof LEAD_DISTRIBUTION_STRATEGIES)[number];

export const SUBSCRIPTION_TYPES = ['none', 'trial', 'monthly', 'yearly'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TASK_STATUSES = ['pending', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const LEADS_PAGE_SIZE = 50;
export const DEALS_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
export const MESSENGER_CHAT_PAGE_SIZE = 50;

export const SEARCH_DEBOUNCE_MS = { leads: 300, customers: 300, deals: 400 } as const;
export const STAGE_HISTORY_SHOWN = 5;
export const PROBABILITY_MIN = 0;
export const PROBABILITY_MAX = 100;
export const PRODUCT_QTY_MIN = 1;

export const FOLLOW_UP_MAX_STEPS = 5;
export const FOLLOW_UP_DEFAULT_DELAY_HOURS = 24;
export const FOLLOW_UP_MIN_DELAY_HOURS = 1;

export const WHATSAPP_STATUS_REFRESH_MS = 300_000;
export const NOTIFICATIONS_MARK_READ_AFTER_MS = 2_000;
export const SETTINGS_SAVED_MESSAGE_MS = 3_000;
export const SESSION_HISTORY_MIN_SECONDS = 300;

export const DEFAULT_CURRENCY = 'EGP';
export const SUBSCRIPTION_CURRENCY = 'USD';
export const DEFAULT_COUNTRY = 'EG';

export const IMPORT_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
