/**
 * Stable codes of every error a user can see. The server answers `{ ok: false, error, code,
 * params? }`: `error` is English for API users, `code` (with `params`) is what the renderer
 * translates. Never rename a code: clients in the field match on it.
 */
export const ERROR_CODES = [
  // generic, by HTTP meaning
  'invalid_input',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'permission_denied',
  'not_found',
  'conflict',
  'too_many_requests',
  'payload_too_large',
  'server_busy',
  'internal_error',
  // sign-in and sessions
  'auth.invalid_credentials',
  'auth.user_inactive',
  'auth.company_suspended',
  'auth.subscription_expired',
  /** Sign-in of a company whose subscription ran out on a known day; params.date = YYYY-MM-DD. */
  'auth.subscription_expired_on',
  'auth.session_ended',
  'auth.session_expired',
  'auth.sign_in_required',
  'auth.super_required',
  'auth.too_many_attempts',
  // contacts
  'contact.not_found',
  'contact.assigned_elsewhere',
  'contact.unassigned',
  'contact.phone_invalid',
  'contact.phone_taken',
  'contact.stage_move_refused',
  'contact.assignee_invalid',
  'contact.assign_missing',
  'contact.product_missing',
  'contact.shipping_company_missing',
  'contact.export_too_large',
  'contact.import_file_missing',
  'contact.import_file_invalid',
  /** A sales user may not hand this chat over (the company does not allow it, or it is not theirs). */
  'contact.hand_over_refused',
  /** The chat is already assigned to the chosen user. */
  'contact.hand_over_same_user',
  'date_range.invalid',
  // messenger
  'message.not_found',
  'message.body_required',
  'message.upload_missing',
  'message.file_type_refused',
  'message.retry_not_failed',
  'message.retry_refused',
  'message.retry_may_duplicate',
  'message.delete_for_everyone_refused',
  'message.cursor_invalid',
  'whatsapp.not_started',
  'whatsapp.not_connected',
  /** Another company already connected this Cloud API phone number ID. */
  'whatsapp.cloud_number_taken',
  'whatsapp.cloud_not_configured',
  /** The official API's 24-hour window with the contact is closed: only an approved template may go. */
  'whatsapp.window_closed',
  /** Templates exist only on the official API: this company links WhatsApp by QR. */
  'whatsapp.templates_cloud_only',
  /** No template of that name and language was synced from Meta. */
  'whatsapp.template_not_found',
  /** The template is not approved by Meta (pending, rejected, paused…). */
  'whatsapp.template_not_approved',
  /** The template needs more body parameters than were given. */
  'whatsapp.template_params_missing',
  /** The template's header needs its parameter (the text's `{{1}}`, or a media link or id) and none was given. */
  'whatsapp.template_header_missing',
  /** The header parameter does not fit the template's header (a media for a text header, text for a media one, or a header it does not have). */
  'whatsapp.template_header_invalid',
  /** A dynamic URL button needs its suffix and none was given. */
  'whatsapp.template_button_missing',
  /** A button parameter was given for a button the template does not have or that takes none. */
  'whatsapp.template_button_invalid',
  /** Meta refused or could not be reached while listing the templates (the reason follows in the text). */
  'whatsapp.templates_sync_failed',
  'media.link_invalid',
  'media.not_available',
  // catalogue, expenses, templates
  'product.not_found',
  'product.sku_taken',
  'shipping.not_found',
  'expense.not_found',
  'template.not_found',
  'template.not_yours',
  'canned_response.not_found',
  'canned_response.not_yours',
  'follow_up.already_active',
  'follow_up.none_active',
  // reports
  'reports.own_performance_only',
  'reports.user_not_found',
  // tasks
  'task.not_found',
  'task.due_date_past',
  'task.assignee_invalid',
  'task.reassign_refused',
  // companies (super area)
  'tenant.slug_taken',
  'tenant.not_found',
  'user.email_taken',
  'user.email_reserved',
  // team users
  'user.not_found',
  'user.cannot_lock_out_self',
  'user.last_active_admin',
  // the deal board
  'deal.lost_reason_required',
  'deal.not_in_pipeline',
  // labels
  'label.not_found',
  'label.name_taken',
  // scheduled messages
  'scheduled_message.not_found',
  'scheduled_message.not_scheduled',
  'scheduled_message.send_at_past',
  // campaigns and opt-out
  'campaign.not_found',
  'campaign.not_editable',
  'campaign.cannot_start',
  'campaign.cannot_pause',
  'campaign.cannot_resume',
  'campaign.cannot_cancel',
  'campaign.message_required',
  'campaign.audience_empty',
  'contact.not_opted_out',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values an error text is built from, for the translated text (`{{name}}` placeholders). */
export type ErrorParams = Record<string, string | number>;

/**
 * One field a request refused by validation (`validation_failed`) got wrong, so a form can word
 * it next to that field in the user's language: `issue` is zod's issue code ('required' for a
 * missing value), with the limit or format it broke (a too_small text of `origin` 'string' is too
 * short by characters, of 'number' below `minimum`; invalid_format names its `format`, e.g. email).
 */
export type ValidationIssue = {
  field: string;
  issue: string;
  minimum?: number;
  maximum?: number;
  origin?: string;
  format?: string;
};
