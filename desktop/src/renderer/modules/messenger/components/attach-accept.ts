/** What the server accepts (it checks the content, not the name); the picker only narrows the choice. */
export const ATTACH_ACCEPT = 'image/*,video/*,audio/*,application/pdf,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv';
