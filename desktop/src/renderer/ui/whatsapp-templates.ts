import type { WhatsAppTemplate } from '@crm/common';
import { useEffect, useState } from 'react';

type TemplateName = { name: string; language: string };

/** How a WhatsApp template is named in every picker: its name and language as Meta lists them (data, not a text to translate). */
export const whatsAppTemplateLabel = (template: TemplateName): string => [template.name, template.language].join(' · ');

/** A template's identity in a picker: Meta names a template by its name and language together. */
export const whatsAppTemplateKey = (template: TemplateName): string => `${template.name}|${template.language}`;

/**
 * The company's approved WhatsApp templates for a form's optional template field; empty when the
 * company is not on the official API (the load is refused), so the field can hide itself.
 */
export function useOptionalWhatsAppTemplates(load: () => Promise<{ items: WhatsAppTemplate[] }>): WhatsAppTemplate[] {
  const [templates, setTemplates] = useState<WhatsAppTemplate[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((page) => live && setTemplates(page.items))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);
  return templates;
}
