import type { FollowUpRun, FollowUpRunStatus, FollowUpStepStatus, FollowUpTemplate, Role } from '@crm/common';
import type { TemplateRecord } from './follow-up-templates.repository.js';
import type { RunRecord } from './follow-ups.repository.js';
import type { FollowUpStepRow } from './follow-ups.table.js';

export function toTemplateDto(row: TemplateRecord, canEdit: boolean): FollowUpTemplate {
  return {
    _id: row.id,
    name: row.name,
    messages: row.steps.map((s) => ({ delay: s.delay, message: s.message })),
    createdBy: row.createdBy ? { _id: row.createdBy, name: row.creatorName ?? '', role: row.createdByRole as Role } : null,
    canEdit,
    whatsappTemplate: row.whatsappTemplate ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRunDto(run: RunRecord, steps: FollowUpStepRow[]): FollowUpRun {
  return {
    _id: run.id,
    contactId: run.contactId,
    templateId: run.templateId,
    templateName: run.templateName,
    status: run.status as FollowUpRunStatus,
    stopReason: run.stopReason,
    stopReasonCode: run.stopReasonCode,
    stopReasonParams: run.stopReasonParams,
    pausedReason: run.status === 'active' ? run.pausedReason : null,
    pausedReasonCode: run.status === 'active' ? run.pausedReasonCode : null,
    pausedReasonParams: run.status === 'active' ? run.pausedReasonParams : null,
    startedBy: run.startedBy ? { _id: run.startedBy, name: run.starterName ?? '' } : null,
    startedAt: run.startedAt.toISOString(),
    endedAt: run.endedAt?.toISOString() ?? null,
    steps: steps
      .filter((s) => s.runId === run.id)
      .sort((a, b) => a.stepIndex - b.stepIndex)
      .map((s) => ({
        step: s.stepIndex + 1,
        delay: s.delayHours,
        message: s.message,
        status: s.status as FollowUpStepStatus,
        scheduledAt: s.dueAt.toISOString(),
        sentAt: s.sentAt?.toISOString() ?? null,
        messageId: s.messageId,
        reason: s.reason,
        reasonCode: s.reasonCode,
        reasonParams: s.reasonParams,
      })),
  };
}
