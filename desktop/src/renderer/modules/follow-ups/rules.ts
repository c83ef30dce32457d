import { FOLLOW_UP_MAX_STEPS, FOLLOW_UP_MIN_DELAY_HOURS, FOLLOW_UP_TEXTS, followUpTemplateError, followUpTemplateLabel } from '@crm/common';
import { i18n } from '../../i18n';

/**
 * The shared rule (common/) answers in English, the text the server also uses; the screens show
 * the catalogue's text for it. Keys written out so the catalogue checks can find them.
 */
const RULE_KEYS: Record<string, string> = {
  [FOLLOW_UP_TEXTS.nameRequired]: 'followups:rules.nameRequired',
  [FOLLOW_UP_TEXTS.stepsRequired]: 'followups:rules.stepsRequired',
  [FOLLOW_UP_TEXTS.delayWholeHours]: 'followups:rules.delayWholeHours',
  [FOLLOW_UP_TEXTS.delayTooLong]: 'followups:rules.delayTooLong',
  [FOLLOW_UP_TEXTS.tooFewSteps]: 'followups:rules.tooFewSteps',
  [FOLLOW_UP_TEXTS.tooManySteps]: 'followups:rules.tooManySteps',
};

/** followUpTemplateError in the user's language (null when the template is fine). */
export function templateProblem(input: Parameters<typeof followUpTemplateError>[0]): string | null {
  const problem = followUpTemplateError(input);
  if (!problem) return null;
  const key = RULE_KEYS[problem];
  return key ? i18n.t(key, { min: FOLLOW_UP_MIN_DELAY_HOURS, max: FOLLOW_UP_MAX_STEPS }) : problem;
}

const LABEL_KEYS = { Team: 'followups:labels.team', Personal: 'followups:labels.personal' } as const;

/** 'Team' (an admin's template) or 'Personal', in the user's language. */
export const templateLabelText = (createdBy: Parameters<typeof followUpTemplateLabel>[0]): string => i18n.t(LABEL_KEYS[followUpTemplateLabel(createdBy)]);
