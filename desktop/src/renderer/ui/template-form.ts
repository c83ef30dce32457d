import { fillTemplateBody, isDynamicUrlButton, isMediaHeader, type TemplateMessage, type WhatsAppTemplate } from '@crm/common';

/** What the user typed for a template: the body's parameters, the header's (text, or a media link or id) and each button's. */
export type TemplateFormValues = { params: string[]; header: string; fileName: string; buttons: string[] };

export const emptyTemplateForm = (template: WhatsAppTemplate | null, contactName: string | null): TemplateFormValues => ({
  // {{1}} is the contact's name unless the user writes something else
  params: template ? Array.from({ length: template.bodyParamCount }, (_, i) => (i === 0 ? (contactName ?? '') : '')) : [],
  header: '',
  fileName: '',
  buttons: template ? template.buttons.map(() => '') : [],
});

/** Meta takes a media either by its public https link or by the id of a media uploaded to it (digits). */
const MEDIA_ID = /^\d{5,64}$/;
export function isMediaValue(value: string): boolean {
  const v = value.trim();
  if (MEDIA_ID.test(v)) return true;
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}

const headerNeeded = (template: WhatsAppTemplate) => !!template.header && template.header.paramCount > 0;

/** Whether every parameter the template needs is filled (quick-reply payloads are not typed by the user). */
export function templateFormComplete(template: WhatsAppTemplate, values: TemplateFormValues): boolean {
  if (!values.params.every((p) => p.trim().length > 0)) return false;
  if (headerNeeded(template)) {
    if (isMediaHeader(template.header)) {
      if (!isMediaValue(values.header)) return false;
    } else if (!values.header.trim()) return false;
  }
  return template.buttons.every((b, i) => !isDynamicUrlButton(b) || !!values.buttons[i]?.trim());
}

/** The request the composer sends. */
export function templateRequest(template: WhatsAppTemplate, values: TemplateFormValues): TemplateMessage {
  const header = headerNeeded(template)
    ? isMediaHeader(template.header)
      ? {
          ...(MEDIA_ID.test(values.header.trim()) ? { mediaId: values.header.trim() } : { link: values.header.trim() }),
          ...(template.header!.format === 'DOCUMENT' && values.fileName.trim() ? { filename: values.fileName.trim() } : {}),
        }
      : { text: values.header.trim() }
    : undefined;
  const buttons = template.buttons.map((b, i) => (isDynamicUrlButton(b) ? (values.buttons[i] ?? '').trim() : ''));
  return {
    name: template.name,
    language: template.language,
    params: values.params.map((p) => p.trim()),
    ...(header ? { header } : {}),
    ...(buttons.some(Boolean) ? { buttons } : {}),
  };
}

/** The text as the contact reads it (a text header above the body); a parameter not yet given stays as `{{n}}`. */
export function templatePreview(template: WhatsAppTemplate, values: TemplateFormValues): string {
  const body = fillTemplateBody(
    template.body,
    values.params.map((p, i) => p.trim() || `{{${i + 1}}}`),
  );
  const header = template.header?.format === 'TEXT' && template.header.text ? fillTemplateBody(template.header.text, [values.header.trim() || '{{1}}']) : '';
  return header ? `${header}\n\n${body}` : body;
}

/** A button's label in the preview; a dynamic URL button shows its link with the suffix filled in. */
export function buttonPreview(template: WhatsAppTemplate, values: TemplateFormValues, index: number): { text: string; url: string | null } {
  const b = template.buttons[index];
  const url = b.url ? fillTemplateBody(b.url, [values.buttons[index]?.trim() || '{{1}}']) : null;
  return { text: b.text, url };
}
