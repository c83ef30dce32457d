// The accounts live in platform/config (the WhatsApp simulator's demo chats need the company's
// slug, and the WhatsApp module sits below this one); re-exported here for the tests that import them from the demo module.
export * from '../../platform/config/demo-accounts.js';
