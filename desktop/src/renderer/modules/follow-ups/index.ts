/**
 * The follow-ups module's doors for other screens:
 * - `StartFollowUpButton`: the chat panel's "start follow-up" (template picker + confirmation).
 * - `FollowUpStatus`: a contact's sequences (active one with Stop, and the step log); the chat
 *   panel shows it with `activeOnly`, the contact profile without.
 * - `FollowUpTemplatesPage`: the /follow-up-templates screen.
 */
export { StartFollowUpButton, type StartFollowUpButtonProps } from './components/StartFollowUpButton';
export { FollowUpStatus, type FollowUpStatusProps } from './components/FollowUpStatus';
export { FollowUpTemplatesPage } from './FollowUpTemplatesPage';
export { useFollowUpsStore } from './store';
