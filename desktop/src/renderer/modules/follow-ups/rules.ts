import { FOLLOW_UP_MAX_STEPS, FOLLOW_UP_MIN_DELAY_HOURS, followUpTemplateLabel, followUpTemplateProblem, type FollowUpTemplateProblem } from '@crm/common';
import { i18n } from '../../i18n';

/** Each problem code of the shared rule (common/) and its text; keys written out so the catalogue checks can find them. */
const PROBLEM_KEYS: Record<FollowUpTemplateProblem, string> = {
  nameRequired: 'followups:rules.nameRequired',
  stepsRequired: 'followups:rules.stepsRequired',
  delayWholeHours: 'followups:rules.delayWholeHours',
  delayTooLong: 'followups:rules.delayTooLong',
  tooFewSteps: 'followups:rules.tooFewSteps',
  tooManySteps: 'followups:rules.tooManySteps',
};

/** The template's first problem in the user's language (null when the template is fine). */
export function templateProblem(input: Parameters<typeof followUpTemplateProblem>[0]): string | null {
  const problem = followUpTemplateProblem(input);
  return problem ? i18n.t(PROBLEM_KEYS[problem], { min: FOLLOW_UP_MIN_DELAY_HOURS, max: FOLLOW_UP_MAX_STEPS }) : null;
}

const LABEL_KEYS = { Team: 'followups:labels.team', Personal: 'followups:labels.personal' } as const;

/** 'Team' (an admin's template) or 'Personal', in the user's language. */
export const templateLabelText = (createdBy: Parameters<typeof followUpTemplateLabel>[0]): string => i18n.t(LABEL_KEYS[followUpTemplateLabel(createdBy)]);
